package io.mqbench.results.files;

import io.mqbench.results.Latency;
import io.mqbench.results.RunResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of one summary row, shared by {@code summary.csv} and {@code summary.xlsx} so the two
 * never disagree, and the same in both modes so rows of any runs can be pasted under each other.
 * Rates are rounded to 0.1 msgs/s, latencies to 1 µs (in ms). A cell that does not apply to the
 * run's mode is empty, and so is a latency the histogram cannot give (no values): an empty cell,
 * not 0, which would read as a measured latency.
 */
public final class SummaryColumns {
  /**
   * One column.
   *
   * @param header the header, snake_case with the unit last
   * @param value the cell's value: a {@link String}, {@link Long}, {@link BigDecimal} or {@link
   *     Boolean} (a boolean cell in the spreadsheet, {@code true}/{@code false} in CSV); an empty
   *     string for a cell that does not apply or has no value
   */
  public record Column(String header, Function<RunResult, Object> value) {}

  /** Every column, in order. */
  public static final List<Column> ALL = columns();

  private SummaryColumns() {}

  private static List<Column> columns() {
    List<Column> c = new ArrayList<>();
    c.add(new Column("run_id", RunResult::runId));
    c.add(new Column("started_at", RunResult::startedAt));
    c.add(new Column("status", RunResult::statusLine));
    c.add(new Column("queue", RunResult::queue));
    c.add(new Column("target", RunResult::target));
    c.add(new Column("cell", RunResult::cellLabel));
    c.add(new Column("repetition", r -> r.repetition() == 0 ? "" : (Object) (long) r.repetition()));
    c.add(new Column("mode", r -> r.settings().mode()));
    c.add(new Column("senders", r -> (long) r.settings().senders()));
    c.add(new Column("receivers", r -> (long) r.settings().receivers()));
    c.add(new Column("batch", r -> (long) r.settings().batch()));
    c.add(new Column("message_size_bytes", r -> (long) r.settings().size()));
    c.add(new Column("in_flight", r -> (long) r.settings().inFlight()));
    c.add(new Column("phases", r -> r.settings().phases()));
    c.add(
        new Column(
            "target_msgs_per_s",
            r -> r.rate() == null ? "" : round(r.rate().targetMsgsPerSecond(), 1)));
    c.add(new Column("messages_sent", r -> r.totals().sent()));
    c.add(new Column("messages_received", r -> r.totals().received()));
    c.add(new Column("sent_msgs_per_s", r -> round(r.totals().sentPerSecond(), 1)));
    c.add(new Column("received_msgs_per_s", r -> round(r.totals().receivedPerSecond(), 1)));
    // Senders and receivers together: what the queue moved end to end in steady state, and how
    // much of the time the senders waited for the receivers (--max-backlog); empty otherwise.
    c.add(
        new Column(
            "end_to_end_msgs_per_s",
            r ->
                r.totals().endToEndPerSecond() > 0
                    ? round(r.totals().endToEndPerSecond(), 1)
                    : ""));
    c.add(
        new Column(
            "senders_held_share",
            r ->
                r.totals().endToEndPerSecond() > 0 ? round(r.totals().sendersHeldShare(), 3) : ""));
    c.add(new Column("limit", r -> r.limit() == null ? "" : r.limit().side().label()));
    c.add(new Column("lost", r -> r.totals().lost()));
    c.add(new Column("unsettled", r -> r.totals().unsettled()));
    c.add(new Column("duplicates", r -> r.totals().duplicates()));
    c.add(
        new Column(
            "harness_limited", r -> r.rate() == null ? "" : (Object) r.rate().harnessLimited()));
    addLatency(c, "send", RunResult.SEND);
    addLatency(c, "response", RunResult.RESPONSE);
    addLatency(c, "lag", RunResult.SCHEDULE_LAG);
    addLatency(c, "e2e", RunResult.END_TO_END);
    // Backends billed per request (sqs) only; the currency is the configured price's (run.json).
    c.add(new Column("requests_billed", r -> r.requests() == null ? "" : r.requests().billed()));
    c.add(
        new Column(
            "cost_per_million_msgs",
            r ->
                r.requests() == null || r.requests().costPerMillionMessages() == null
                    ? ""
                    : round(r.requests().costPerMillionMessages(), 4)));
    return List.copyOf(c);
  }

  private static void addLatency(List<Column> c, String prefix, String name) {
    List<String> suffixes = new ArrayList<>();
    Latency.PERCENTILES.forEach(p -> suffixes.add(p.getKey()));
    suffixes.add("max");
    for (String suffix : suffixes) {
      c.add(
          new Column(
              prefix + "_" + suffix + "_ms",
              r -> {
                Latency l = r.latencies().get(name);
                if (l == null) {
                  return "";
                }
                java.util.OptionalDouble v = l.valueMs(suffix);
                return v.isPresent() ? round(v.getAsDouble(), 3) : "";
              }));
    }
  }

  static BigDecimal round(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
  }
}
