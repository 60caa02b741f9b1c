package io.mqbench.runner.cli.terminal;

import io.mqbench.results.EndToEndClock;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The latency table of a run's summary. Up to p99.9 every percentile has its column; a higher one
 * has its column only when every latency with values has enough of them for it, so that a run of
 * tens of thousands of messages shows no column of dashes: every percentile is in run.json and the
 * .hgrm files whatever the terminal shows.
 */
final class LatencyTable {
  /** The highest percentile whose column is always shown: 1,000 values support it. */
  static final double ALWAYS_SHOWN_UP_TO = 99.9;

  private static final String NAME = "%-15s";

  private LatencyTable() {}

  /** Prints the table, the note for a dash in it, and the end-to-end clock's lines. */
  static void print(RunResult r, boolean colour, PrintStream out) {
    Map<LatencyKind, Latency> byKind = r.latency().byKind();
    List<Map.Entry<String, Double>> shown = columns(byKind.values());
    StringBuilder header = new StringBuilder(String.format(Locale.ROOT, NAME, "latency ms"));
    shown.forEach(p -> header.append(String.format(Locale.ROOT, " %8s", label(p.getKey()))));
    out.println(header.append(String.format(Locale.ROOT, " %8s", Latency.MAX)));
    EndToEndClock clock = r.latency().endToEndClock();
    Optional<Map.Entry<String, Double>> lacking = Optional.empty();
    for (Map.Entry<LatencyKind, Latency> e : byKind.entrySet()) {
      // Across workers every end-to-end figure is true only within the clock offsets' bound.
      String bound =
          e.getKey() == LatencyKind.END_TO_END && clock != null && clock.clockBoundMs() > 0
              ? " +/- " + ms(clock.clockBoundMs()) + " ms"
              : "";
      if (e.getKey() == LatencyKind.END_TO_END && clock != null && clock.clockDriftMs() > 0) {
        bound += ", clock drift " + ms(clock.clockDriftMs()) + " ms";
      }
      Optional<Map.Entry<String, Double>> dash =
          row(out, e.getKey().label(r.rates().rate() != null), e.getValue(), shown, bound);
      if (dash.isPresent()
          && (lacking.isEmpty() || dash.get().getValue() < lacking.get().getValue())) {
        lacking = dash;
      }
    }
    lacking.ifPresent(
        p ->
            out.printf(
                Locale.ROOT,
                "%15s - too few values for the percentile: %s needs %,d of them%n",
                "",
                label(p.getKey()),
                Latency.minimumCount(p.getValue())));
    endToEndClock(clock, colour, out);
  }

  /**
   * @param latencies a run's latencies
   * @return the percentiles to show: those up to {@value #ALWAYS_SHOWN_UP_TO}, and each higher one
   *     that every latency with values supports
   */
  static List<Map.Entry<String, Double>> columns(Collection<Latency> latencies) {
    return Latency.PERCENTILES.stream()
        .filter(
            p ->
                p.getValue() <= ALWAYS_SHOWN_UP_TO
                    || latencies.stream()
                        .filter(l -> l.count() > 0)
                        .allMatch(l -> l.valueMs(p.getKey()).isPresent()))
        .toList();
  }

  /**
   * Prints one latency's row; a percentile its values cannot support is a dash, not the maximum
   * under the percentile's name.
   *
   * @return the lowest shown percentile left out for too few values, if any
   */
  private static Optional<Map.Entry<String, Double>> row(
      PrintStream out,
      String name,
      Latency l,
      List<Map.Entry<String, Double>> shown,
      String bound) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, NAME, name));
    if (l.count() == 0) {
      out.println(b.append("    no values").append(bound)); // zeros would read as latencies
      return Optional.empty();
    }
    Optional<Map.Entry<String, Double>> lacking = Optional.empty();
    for (Map.Entry<String, Double> p : shown) {
      OptionalDouble v = l.valueMs(p.getKey());
      if (v.isEmpty() && lacking.isEmpty()) {
        lacking = Optional.of(p);
      }
      b.append(cell(v));
    }
    b.append(cell(l.valueMs(Latency.MAX)));
    out.println(b.append(bound));
    return lacking;
  }

  /**
   * The end-to-end figures' worth: samples received before their send time (never shown as
   * latencies of 0), and a warning when the clocks cannot resolve the figures.
   */
  private static void endToEndClock(EndToEndClock clock, boolean colour, PrintStream out) {
    if (clock == null) {
      return;
    }
    if (clock.negativeSamples() > 0) {
      out.printf(
          Locale.ROOT,
          "negatives  %,d end-to-end samples (%.2f %%) received before their send time by the"
              + " receiver's clock: counted, not in the percentiles%n",
          clock.negativeSamples(),
          100 * clock.negativeShare());
    }
    if (!clock.meaningful()) {
      String line = "end-to-end figures are not meaningful at this resolution: " + clock.reason();
      out.println("warning    " + Red.when(colour, line));
    }
  }

  /** A percentile's name as the table heads it: {@code p99.9} for {@code p99_9}. */
  private static String label(String suffix) {
    return suffix.replace('_', '.');
  }

  private static String cell(OptionalDouble ms) {
    return ms.isPresent()
        ? String.format(Locale.ROOT, " %8.3f", ms.getAsDouble())
        : String.format(Locale.ROOT, " %8s", "-");
  }

  /** Milliseconds to at most 3 decimals, without trailing zeros: {@code 0.2}, {@code 11}. */
  private static String ms(double v) {
    return BigDecimal.valueOf(v)
        .setScale(3, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }
}
