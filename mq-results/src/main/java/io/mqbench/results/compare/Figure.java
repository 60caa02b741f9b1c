package io.mqbench.results.compare;

import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.report.RunFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A figure a comparison judges: its name (the column of {@code summary.csv} that holds it), how
 * people read it, which way is better, and how a run gives it.
 *
 * @param name the {@code summary.csv} column, such as {@code e2e_p99_ms}: what {@code --figures}
 *     takes
 * @param label as the table shows it, such as {@code end-to-end p99 ms}
 * @param higherIsBetter true for rates, false for latencies and costs
 * @param decimals decimals shown
 * @param value the run's value; null when the run has none (end-to-end in a send-only run, a
 *     percentile with too few samples, harness CPU in a file written before it was recorded)
 */
public record Figure(
    String name,
    String label,
    boolean higherIsBetter,
    int decimals,
    Function<RunFigures, Double> value) {

  /** Every figure, in the table's order: rates, latencies, then the harness's CPU per message. */
  public static final List<Figure> ALL = all();

  private static List<Figure> all() {
    List<Figure> f = new ArrayList<>();
    f.add(
        new Figure(SummaryColumns.SENT_MSGS_PER_S, "sent msgs/s", true, 0, r -> r.sentPerSecond()));
    f.add(
        new Figure(
            SummaryColumns.RECEIVED_MSGS_PER_S,
            "received msgs/s",
            true,
            0,
            r -> r.receivedPerSecond()));
    f.add(
        new Figure(
            SummaryColumns.END_TO_END_MSGS_PER_S,
            "end-to-end msgs/s",
            true,
            0,
            RunFigures::endToEndPerSecond));
    for (LatencyKind latency :
        List.of(LatencyKind.RESPONSE, LatencyKind.SEND, LatencyKind.END_TO_END)) {
      for (String p : List.of(Latency.P50, Latency.P99, Latency.P99_9)) {
        f.add(
            new Figure(
                SummaryColumns.latency(latency, p),
                label(latency) + " " + p.replace('_', '.') + " ms",
                false,
                3,
                r -> r.latencyMs(latency, p)));
      }
    }
    f.add(
        new Figure(
            SummaryColumns.HARNESS_CPU_US_PER_MSG,
            "harness CPU µs/msg",
            false,
            2,
            r -> {
              HarnessUse h = r.result().harness();
              return h == null ? null : h.cpuMicrosPerMessage();
            }));
    return List.copyOf(f);
  }

  private static String label(LatencyKind latency) {
    return switch (latency) {
      case RESPONSE -> "response time";
      case SEND -> "send";
      default -> "end-to-end";
    };
  }

  /**
   * @param names figure names, as {@link #name()} gives them
   * @return those figures, in the table's order
   * @throws IllegalArgumentException naming the first unknown name and every known one
   */
  public static List<Figure> named(List<String> names) {
    for (String n : names) {
      if (ALL.stream().noneMatch(f -> f.name().equals(n))) {
        throw new IllegalArgumentException(
            "no figure is named '"
                + n
                + "'; figures: "
                + String.join(", ", ALL.stream().map(Figure::name).toList()));
      }
    }
    return ALL.stream().filter(f -> names.contains(f.name())).toList();
  }

  /**
   * @param runs runs of one side of a cell
   * @return their values of this figure, runs without one left out
   */
  public List<Double> values(List<RunFigures> runs) {
    return runs.stream().map(value).filter(v -> v != null && !v.isNaN()).toList();
  }
}
