package io.mqbench.runner.sweep;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * A latency objective, such as {@code p99=50ms}: the percentile of a latency that must not exceed a
 * limit. Without a latency named, it is the response time (from the scheduled send time to the
 * acknowledgement: what an application sending at that rate sees); {@code e2e.p99=50ms} names the
 * end-to-end latency, {@code send.p99=...} the service time.
 *
 * @param latency the latency's name ({@link LatencyKind#RESPONSE}, ...)
 * @param suffix the percentile's suffix ({@code p99}, {@code p99_9}) or {@code max}
 * @param limitMs the limit in milliseconds
 * @param text the objective as given
 */
public record Objective(LatencyKind latency, String suffix, double limitMs, String text) {
  private static final Map<String, LatencyKind> LATENCIES =
      Map.of(
          "response", LatencyKind.RESPONSE,
          "e2e", LatencyKind.END_TO_END,
          "send", LatencyKind.SEND);

  /**
   * @param text {@code [response.|e2e.|send.]pNN[.N]=DURATION}
   * @return the objective
   * @throws ConfigException naming {@code --slo} if the text is not one
   */
  public static Objective parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int eq = t.indexOf('=');
    if (eq < 0) {
      throw bad(text, "no '='");
    }
    String what = t.substring(0, eq).trim();
    LatencyKind latency = LatencyKind.RESPONSE;
    for (Map.Entry<String, LatencyKind> l : LATENCIES.entrySet()) {
      if (what.startsWith(l.getKey() + ".")) {
        latency = l.getValue();
        what = what.substring(l.getKey().length() + 1);
      }
    }
    String suffix = what.replace('.', '_');
    boolean known =
        suffix.equals("max")
            || Latency.PERCENTILES.stream().anyMatch(p -> p.getKey().equals(suffix));
    if (!known) {
      throw bad(
          text, "'" + what + "' is not p50, p90, p99, p99.9, p99.99, p99.999, p99.9999 or max");
    }
    double ms;
    try {
      ms = Durations.parse(t.substring(eq + 1).trim()).toNanos() / 1e6;
    } catch (IllegalArgumentException e) {
      throw bad(text, e.getMessage());
    }
    if (!(ms > 0)) {
      throw bad(text, "the limit must be more than 0");
    }
    return new Objective(latency, suffix, ms, text.trim());
  }

  private static ConfigException bad(String text, String why) {
    return new ConfigException(
        "--slo " + text + ": " + why + " (expected such as p99=50ms or e2e.p99.9=200ms)");
  }

  /**
   * @param r a run
   * @return its value of this latency percentile in ms, or null if the run cannot give it (too few
   *     values)
   */
  public Double valueMs(RunResult r) {
    Latency l = r.latency().byKind().get(latency);
    if (l == null) {
      return null;
    }
    OptionalDouble v = l.valueMs(suffix);
    return v.isPresent() ? v.getAsDouble() : null;
  }

  /**
   * @return the objective for people: {@code response time p99 <= 50 ms}
   */
  public String describe() {
    return latency.label(true)
        + " "
        + suffix.replace('_', '.')
        + " <= "
        + String.format(Locale.ROOT, "%,.3f", limitMs).replaceAll("\\.?0+$", "")
        + " ms";
  }
}
