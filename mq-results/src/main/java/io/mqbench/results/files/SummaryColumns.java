package io.mqbench.results.files;

import io.mqbench.results.CatchUpResult;
import io.mqbench.results.FaultResult;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The registry of summary column names, each spelled here once: the columns of one summary row,
 * shared by {@code summary.csv} and {@code summary.xlsx}'s {@code runs} sheet so the two never
 * disagree, and the same in both modes so rows of any runs can be pasted under each other; the
 * headers of the {@code timeline} sheet; and the names the per-cell summary ({@code cells.csv}, the
 * {@code summary} sheet) and JMH's rows use. Everything else names a column by its constant here.
 *
 * <p>Rates are rounded to 0.1 msgs/s, latencies to 1 µs (in ms). A cell that does not apply to the
 * run's mode is empty, and so is a latency the histogram cannot give (no values): an empty cell,
 * not 0, which would read as a measured latency.
 */
public final class SummaryColumns {
  /** A run's columns (and the timeline's, the cells' and JMH's where they say the same). */
  public static final String RUN_ID = "run_id",
      STARTED_AT = "started_at",
      STATUS = "status",
      QUEUE = "queue",
      TARGET = "target",
      CELL = "cell",
      REPETITION = "repetition",
      MODE = "mode",
      SENDERS = "senders",
      RECEIVERS = "receivers",
      QUEUES = "queues",
      SUBSCRIPTIONS = "subscriptions",
      BATCH = "batch",
      MESSAGE_SIZE_BYTES = "message_size_bytes",
      IN_FLIGHT = "in_flight",
      PHASES = "phases",
      TARGET_MSGS_PER_S = "target_msgs_per_s",
      MESSAGES_SENT = "messages_sent",
      MESSAGES_RECEIVED = "messages_received",
      SENT_MSGS_PER_S = "sent_msgs_per_s",
      RECEIVED_MSGS_PER_S = "received_msgs_per_s",
      END_TO_END_MSGS_PER_S = "end_to_end_msgs_per_s",
      SENDERS_HELD_SHARE = "senders_held_share",
      SENT_BYTES_PER_S = "sent_bytes_per_s",
      MESSAGE_BYTES_MIN = "message_bytes_min",
      MESSAGE_BYTES_MEAN = "message_bytes_mean",
      MESSAGE_BYTES_MAX = "message_bytes_max",
      LIMIT = "limit",
      DURABILITY = "durability",
      DURABILITY_DETAIL = "durability_detail",
      LOST = "lost",
      UNSETTLED = "unsettled",
      DUPLICATES = "duplicates",
      HARNESS_LIMITED = "harness_limited",
      HOST_LIMITED = "host_limited",
      FAULTS = "faults",
      FAULTS_NOT_RECOVERED = "faults_not_recovered",
      FAULT_RECOVERY_MAX_S = "fault_recovery_max_s",
      FAULT_LONGEST_GAP_S = "fault_longest_gap_s",
      FAULT_LOWEST_RECEIVED_MSGS_PER_S = "fault_lowest_received_msgs_per_s",
      CATCH_UP_BACKLOG_MSGS = "catch_up_backlog_msgs",
      CAUGHT_UP = "caught_up",
      CATCH_UP_S = "catch_up_s",
      CATCH_UP_BACKLOG_LEFT_MSGS = "catch_up_backlog_left_msgs",
      CATCH_UP_DRAIN_MSGS_PER_S = "catch_up_drain_msgs_per_s",
      BACKLOG_SENT_MSGS_PER_S = "backlog_sent_msgs_per_s",
      CATCH_UP_SENT_MSGS_PER_S = "catch_up_sent_msgs_per_s",
      AFTER_CATCH_UP_SENT_MSGS_PER_S = "after_catch_up_sent_msgs_per_s",
      HARNESS_CPU_S = "harness_cpu_s",
      HARNESS_CPU_US_PER_MSG = "harness_cpu_us_per_msg",
      SENDER_CPU_US_PER_MSG = "sender_cpu_us_per_msg",
      RECEIVER_CPU_US_PER_MSG = "receiver_cpu_us_per_msg",
      BUSIEST_SENDER_CORE_SHARE = "sender_core_share_max",
      BUSIEST_RECEIVER_CORE_SHARE = "receiver_core_share_max",
      SENDER_CPU_WAIT_S = "sender_cpu_wait_s",
      RECEIVER_CPU_WAIT_S = "receiver_cpu_wait_s",
      RUN_CPU_WAIT_SHARE = "run_cpu_wait_share",
      OTHER_WORK_SHARE = "other_work_share",
      HARNESS_GC_S = "harness_gc_s",
      HARNESS_RSS_PEAK_MIB = "harness_rss_peak_mib",
      E2E_NEGATIVE = "e2e_negative",
      E2E_NEGATIVE_SHARE = "e2e_negative_share",
      E2E_CLOCK_BOUND_MS = "e2e_clock_bound_ms",
      E2E_CLOCK_DRIFT_MS = "e2e_clock_drift_ms",
      E2E_MEANINGFUL = "e2e_meaningful",
      REQUESTS_BILLED = "requests_billed",
      COST_PER_MILLION_MSGS = "cost_per_million_msgs",
      COST_BASIS = "cost_basis";

  /** The timeline sheet's own columns: the tick, and its length in seconds. */
  public static final String SECOND = "second", SECONDS = "seconds";

  /**
   * The per-cell summary's own columns: repetitions, their worst verdict, the settings it shows by
   * their option names, and the achieved rate of rate mode.
   */
  public static final String RUNS = "runs",
      VERDICT = "verdict",
      SIZE = "size",
      RATE = "rate",
      ACHIEVED_MSGS_PER_S = "achieved_msgs_per_s";

  /** The environment sheet's own columns: a value's name, and the value. */
  public static final String KEY = "key", VALUE = "value";

  /** Each latency's column prefix, by latency kind. */
  private static final Map<LatencyKind, String> LATENCY_PREFIXES =
      Map.of(
          LatencyKind.SEND, "send",
          LatencyKind.RESPONSE, "response",
          LatencyKind.SCHEDULE_LAG, "lag",
          LatencyKind.END_TO_END, "e2e");

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

  /**
   * @param latency a latency, such as {@link LatencyKind#END_TO_END}
   * @param suffix one of {@link Latency#SUFFIXES}, such as {@link Latency#P99}
   * @return its column's name, such as {@code e2e_p99_ms}
   */
  public static String latency(LatencyKind latency, String suffix) {
    String prefix = LATENCY_PREFIXES.get(latency);
    if (prefix == null) {
      throw new IllegalArgumentException("no latency is named " + latency);
    }
    return prefix + "_" + suffix + "_ms";
  }

  /**
   * @return every column's header, in order
   */
  public static List<String> headers() {
    return ALL.stream().map(Column::header).toList();
  }

  private static List<Column> columns() {
    List<Column> c = new ArrayList<>();
    c.add(new Column(RUN_ID, RunResult::runId));
    c.add(new Column(STARTED_AT, RunResult::startedAt));
    c.add(new Column(STATUS, RunResult::statusLine));
    c.add(new Column(QUEUE, RunResult::queue));
    c.add(new Column(TARGET, RunResult::target));
    c.add(new Column(CELL, RunResult::cellLabel));
    c.add(new Column(REPETITION, r -> r.repetition() == 0 ? "" : (Object) (long) r.repetition()));
    c.add(new Column(MODE, r -> r.settings().run().mode().label()));
    c.add(new Column(SENDERS, r -> (long) r.settings().run().senders()));
    c.add(new Column(RECEIVERS, r -> (long) r.settings().run().receivers()));
    c.add(new Column(QUEUES, r -> (long) r.settings().run().queues()));
    c.add(new Column(SUBSCRIPTIONS, r -> (long) r.settings().run().subscriptions()));
    c.add(new Column(BATCH, r -> (long) r.settings().run().maxBatch()));
    // One size is a number as before; a mix is its text (100:70,1024:25,65536:5).
    c.add(
        new Column(
            MESSAGE_SIZE_BYTES,
            r ->
                r.settings().run().messageSizes().single()
                    ? (Object) (long) r.settings().run().maxMessageBytes()
                    : r.settings().run().messageSizes().text()));
    c.add(new Column(IN_FLIGHT, r -> (long) r.settings().run().inFlight()));
    c.add(new Column(PHASES, r -> r.settings().run().phases().label()));
    c.add(
        new Column(
            TARGET_MSGS_PER_S,
            r -> r.rate() == null ? "" : round(r.rate().targetMsgsPerSecond(), 1)));
    c.add(new Column(MESSAGES_SENT, r -> r.totals().sent()));
    c.add(new Column(MESSAGES_RECEIVED, r -> r.totals().received()));
    c.add(new Column(SENT_MSGS_PER_S, r -> round(r.totals().sentPerSecond(), 1)));
    c.add(new Column(RECEIVED_MSGS_PER_S, r -> round(r.totals().receivedPerSecond(), 1)));
    // Senders and receivers together: what the queue moved end to end in steady state, and how
    // much of the time the senders waited for the receivers (--max-backlog); empty otherwise.
    c.add(
        new Column(
            END_TO_END_MSGS_PER_S,
            r ->
                r.totals().endToEndPerSecond() > 0
                    ? round(r.totals().endToEndPerSecond(), 1)
                    : ""));
    c.add(
        new Column(
            SENDERS_HELD_SHARE,
            r ->
                r.totals().endToEndPerSecond() > 0 ? round(r.totals().sendersHeldShare(), 3) : ""));
    // The sizes actually sent (a mix's draws), and bytes/s beside msgs/s; empty in results from
    // before sizes were counted.
    c.add(
        new Column(
            SENT_BYTES_PER_S,
            r -> r.totals().sentBytes() > 0 ? round(r.totals().sentBytesPerSecond(), 1) : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MIN,
            r -> r.totals().sentBytes() > 0 ? (Object) r.totals().minMessageBytes() : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MEAN,
            r -> r.totals().sentBytes() > 0 ? round(r.totals().meanMessageBytes(), 1) : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MAX,
            r -> r.totals().sentBytes() > 0 ? (Object) r.totals().maxMessageBytes() : ""));
    c.add(new Column(LIMIT, r -> r.limit() == null ? "" : r.limit().side().label()));
    // Where an acknowledged message was when acknowledged: rows at different levels do not compare.
    c.add(new Column(DURABILITY, r -> r.durability() == null ? "" : r.durability().level().key()));
    c.add(
        new Column(
            DURABILITY_DETAIL, r -> r.durability() == null ? "" : r.durability().describe()));
    c.add(new Column(LOST, r -> r.totals().lost()));
    c.add(new Column(UNSETTLED, r -> r.totals().unsettled()));
    c.add(new Column(DUPLICATES, r -> r.totals().duplicates()));
    c.add(new Column(HARNESS_LIMITED, r -> r.rate() != null && r.rate().harnessLimited()));
    // In every mode: the host, not the queue, set the pace (HarnessUse.hostLimited).
    c.add(new Column(HOST_LIMITED, r -> r.harness() != null && r.harness().hostLimited()));
    // --phases backlog-then-catch-up: the backlog receivers found, whether and how fast they caught
    // up, and the publish rate and latencies while catching up against after it; empty otherwise.
    addCatchUp(c, CATCH_UP_BACKLOG_MSGS, u -> u.backlogAtStart());
    addCatchUp(c, CAUGHT_UP, u -> u.caughtUp());
    addCatchUp(c, CATCH_UP_S, u -> u.caughtUp() ? round(u.catchUpSeconds(), 3) : "");
    addCatchUp(c, CATCH_UP_BACKLOG_LEFT_MSGS, u -> u.backlogAtEnd());
    addCatchUp(c, CATCH_UP_DRAIN_MSGS_PER_S, u -> round(u.catchUp().receivedPerSecond(), 1));
    addCatchUp(c, BACKLOG_SENT_MSGS_PER_S, u -> round(u.backlog().sentPerSecond(), 1));
    addCatchUp(c, CATCH_UP_SENT_MSGS_PER_S, u -> round(u.catchUp().sentPerSecond(), 1));
    addCatchUp(
        c,
        AFTER_CATCH_UP_SENT_MSGS_PER_S,
        u -> u.after() == null ? "" : round(u.after().sentPerSecond(), 1));
    for (LatencyKind latency : List.of(LatencyKind.RESPONSE, LatencyKind.END_TO_END)) {
      for (String suffix : List.of(Latency.P50, Latency.P99)) {
        addCatchUp(
            c, catchUpLatency(false, latency, suffix), u -> ms(u.catchUp(), latency, suffix));
        addCatchUp(c, catchUpLatency(true, latency, suffix), u -> ms(u.after(), latency, suffix));
      }
    }
    // --fault: how many were injected, whether the received rate came back (to 90 % of its level
    // before each), the longest time without a delivery around one, the deepest dip; lost and
    // duplicates are the run's own columns. Empty for a run without faults.
    addFaults(c, FAULTS, f -> (long) f.size());
    addFaults(c, FAULTS_NOT_RECOVERED, f -> f.stream().filter(FaultResult::notRecovered).count());
    addFaults(
        c,
        FAULT_RECOVERY_MAX_S,
        f -> {
          OptionalDouble longest =
              f.stream()
                  .filter(x -> x.recoverySeconds() != null)
                  .mapToDouble(FaultResult::recoverySeconds)
                  .max();
          return longest.isPresent() ? round(longest.getAsDouble(), 3) : "";
        });
    addFaults(
        c,
        FAULT_LONGEST_GAP_S,
        f -> round(f.stream().mapToDouble(FaultResult::longestGapSeconds).max().orElse(0), 3));
    addFaults(
        c,
        FAULT_LOWEST_RECEIVED_MSGS_PER_S,
        f ->
            round(f.stream().mapToDouble(FaultResult::lowestReceivedPerSecond).min().orElse(0), 1));
    // What the harness itself used (empty for older runs): a figure whose harness was busy is
    // partly the harness's.
    addHarness(c, HARNESS_CPU_S, h -> round(h.cpuSeconds(), 3));
    addHarness(c, HARNESS_CPU_US_PER_MSG, h -> round(h.cpuMicrosPerMessage(), 2));
    addHarness(c, SENDER_CPU_US_PER_MSG, h -> round(h.senderCpuMicrosPerMessage(), 2));
    addHarness(c, RECEIVER_CPU_US_PER_MSG, h -> round(h.receiverCpuMicrosPerMessage(), 2));
    addHarness(c, BUSIEST_SENDER_CORE_SHARE, h -> round(h.busiestSenderShare(), 3));
    addHarness(c, BUSIEST_RECEIVER_CORE_SHARE, h -> round(h.busiestReceiverShare(), 3));
    // Time runnable but without a core: a late sender that waited here was starved, not slow.
    addHarness(
        c,
        SENDER_CPU_WAIT_S,
        h -> h.senderCpuWaitSeconds() == null ? "" : round(h.senderCpuWaitSeconds(), 3));
    addHarness(
        c,
        RECEIVER_CPU_WAIT_S,
        h -> h.receiverCpuWaitSeconds() == null ? "" : round(h.receiverCpuWaitSeconds(), 3));
    addHarness(
        c,
        RUN_CPU_WAIT_SHARE,
        h -> h.runCpuWaitShare() == null ? "" : round(h.runCpuWaitShare(), 3));
    addHarness(
        c, OTHER_WORK_SHARE, h -> h.otherWorkShare() == null ? "" : round(h.otherWorkShare(), 3));
    addHarness(c, HARNESS_GC_S, h -> round(h.gcSeconds(), 3));
    addHarness(
        c,
        HARNESS_RSS_PEAK_MIB,
        h -> h.residentPeakMb() == null ? "" : round(h.residentPeakMb(), 1));
    addLatency(c, LatencyKind.SEND);
    addLatency(c, LatencyKind.RESPONSE);
    addLatency(c, LatencyKind.SCHEDULE_LAG);
    addLatency(c, LatencyKind.END_TO_END);
    // What the end-to-end figures are worth: samples received before their send time (not in the
    // histogram), and the clock offsets' uncertainty every figure carries (0 in one process).
    c.add(
        new Column(
            E2E_NEGATIVE,
            r -> r.endToEndClock() == null ? "" : r.endToEndClock().negativeSamples()));
    c.add(
        new Column(
            E2E_NEGATIVE_SHARE,
            r -> r.endToEndClock() == null ? "" : round(r.endToEndClock().negativeShare(), 4)));
    c.add(
        new Column(
            E2E_CLOCK_BOUND_MS,
            r -> r.endToEndClock() == null ? "" : round(r.endToEndClock().clockBoundMs(), 3)));
    c.add(
        new Column(
            E2E_CLOCK_DRIFT_MS,
            r -> r.endToEndClock() == null ? "" : round(r.endToEndClock().clockDriftMs(), 3)));
    c.add(
        new Column(
            E2E_MEANINGFUL,
            r -> r.endToEndClock() == null ? "" : (Object) r.endToEndClock().meaningful()));
    // Backends billed per request (sqs), or the machines' hourly price (--machine-cost); one column
    // for either, so that a matrix across both kinds compares them, and the basis beside it.
    c.add(new Column(REQUESTS_BILLED, r -> r.requests() == null ? "" : r.requests().billed()));
    c.add(
        new Column(
            COST_PER_MILLION_MSGS,
            r -> r.costPerMillionMessages() == null ? "" : round(r.costPerMillionMessages(), 6)));
    c.add(new Column(COST_BASIS, RunResult::costBasis));
    return List.copyOf(c);
  }

  /**
   * @param after the window after catching up rather than the catch-up window
   * @param latency {@link LatencyKind#RESPONSE} or {@link LatencyKind#END_TO_END}
   * @param suffix {@link Latency#P50} or {@link Latency#P99}
   * @return the column's name, such as {@code catch_up_e2e_p99_ms} or {@code
   *     after_catch_up_response_p50_ms}
   */
  public static String catchUpLatency(boolean after, LatencyKind latency, String suffix) {
    return (after ? "after_catch_up_" : "catch_up_") + latency(latency, suffix);
  }

  private static void addCatchUp(
      List<Column> c, String name, Function<CatchUpResult, Object> value) {
    c.add(new Column(name, r -> r.catchUp() == null ? "" : value.apply(r.catchUp())));
  }

  private static Object ms(CatchUpResult.Window w, LatencyKind latency, String suffix) {
    Latency l = w == null ? null : w.latency(latency);
    OptionalDouble v = l == null ? OptionalDouble.empty() : l.valueMs(suffix);
    return v.isPresent() ? round(v.getAsDouble(), 3) : "";
  }

  /** A column of the injected faults' figures; empty when the run injected none. */
  private static void addFaults(
      List<Column> c, String name, Function<List<FaultResult>, Object> value) {
    c.add(
        new Column(
            name,
            r -> {
              List<FaultResult> injected =
                  r.faults().stream().filter(FaultResult::injected).toList();
              return injected.isEmpty() ? "" : value.apply(injected);
            }));
  }

  private static void addHarness(List<Column> c, String name, Function<HarnessUse, Object> value) {
    c.add(new Column(name, r -> r.harness() == null ? "" : value.apply(r.harness())));
  }

  private static void addLatency(List<Column> c, LatencyKind name) {
    for (String suffix : Latency.SUFFIXES) {
      c.add(
          new Column(
              latency(name, suffix),
              r -> {
                Latency l = r.latencies().get(name);
                if (l == null) {
                  return "";
                }
                OptionalDouble v = l.valueMs(suffix);
                return v.isPresent() ? round(v.getAsDouble(), 3) : "";
              }));
    }
  }

  /**
   * @param v a value
   * @param decimals decimals to keep
   * @return it rounded half up, as summary cells are
   */
  static BigDecimal round(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
  }
}
