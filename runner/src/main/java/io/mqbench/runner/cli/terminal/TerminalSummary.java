package io.mqbench.runner.cli.terminal;

import io.mqbench.results.CatchUpResult;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FaultResult;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.PartTotals;
import io.mqbench.results.RunResult;
import io.mqbench.results.Totals;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/** Prints a run's results on the terminal, lost messages in red when the terminal has colours. */
public final class TerminalSummary {
  private static final String RED = "\u001b[1;31m";
  private static final String RESET = "\u001b[0m";

  private TerminalSummary() {}

  public static void print(
      RunResult r, String settings, Path folder, boolean colour, PrintStream out) {
    print(r, settings, folder, Double.NaN, colour, out);
  }

  /**
   * @param resultsCpuSeconds the process's CPU-seconds spent writing the results folder (after the
   *     harness figures were taken, so not among them), or NaN if not measured
   */
  public static void print(
      RunResult r,
      String settings,
      Path folder,
      double resultsCpuSeconds,
      boolean colour,
      PrintStream out) {
    header(r, settings, out);
    flow(r, r.totals(), colour, out);
    delivery(r, r.totals(), out, colour);
    parts("queue", r.delivery().byQueue(), out);
    parts("subscr.", r.delivery().bySubscription(), out);
    unsettled(r, folder, out);
    CostLines.requests(r, out);
    CostLines.machineCost(r, out);
    rate(r, colour, out);
    latencies(r, colour, out);
    if (r.harness() != null) {
      out.println("harness    " + r.harness().describe());
      String host = r.harness().hostLimitedAdvice();
      if (!host.isEmpty()) {
        out.println("host       " + (colour ? RED + host + RESET : host));
      }
    }
    if (Double.isNaN(resultsCpuSeconds)) {
      out.printf(Locale.ROOT, "results    %s%n", folder);
    } else {
      out.printf(
          Locale.ROOT,
          "results    %s (writing them took %.2f CPU-s of the process, not in the harness line)%n",
          folder,
          resultsCpuSeconds);
    }
  }

  /** The backend, the settings and the durability asked for. */
  private static void header(RunResult r, String settings, PrintStream out) {
    out.printf(Locale.ROOT, "queue      %s at %s (run %s)%n", r.queue(), r.target(), r.runId());
    out.printf(Locale.ROOT, "settings   %s%n", settings);
    if (r.delivery().durability() != null) {
      out.printf(Locale.ROOT, "durability %s%n", r.delivery().durability().describe());
    }
    if (r.delivery().durabilityCheck() != null && r.delivery().durabilityCheck().changed()) {
      out.printf(
          Locale.ROOT,
          "           CHANGED during the run: at the start %s; at the end %s%n",
          r.delivery().durabilityCheck().atStart().describe(),
          r.delivery().durabilityCheck().atEnd().describe());
    }
  }

  /** Messages sent, received or drained, and end to end. */
  private static void flow(RunResult r, Totals t, boolean colour, PrintStream out) {
    out.printf(
        Locale.ROOT,
        "sent       %,d msgs in %.2f s = %,.0f msgs/s%s%n",
        t.sent(),
        t.sendSeconds(),
        t.sentPerSecond(),
        sentBytes(t));
    boolean later = t.drainStartSeconds() > 0;
    boolean drained = later && r.catchUp() == null;
    out.printf(
        Locale.ROOT,
        "%s %,d msgs in %.2f s = %,.0f msgs/s%s%n",
        drained ? "drained   " : "received  ",
        t.received(),
        t.receiveSeconds(),
        t.receivedPerSecond(),
        later
            ? String.format(
                Locale.ROOT,
                " from its first message (%s started %.2f s after the start, first message"
                    + " %.2f s later)",
                drained ? "drain" : "receivers",
                t.drainStartSeconds(),
                t.drainWaitSeconds())
            : "");
    catchUp(r.catchUp(), colour, out);
    for (String line : r.delivery().partial()) {
      out.println("partial    " + (colour ? RED + line + RESET : line));
    }
    if (t.endToEndPerSecond() > 0) {
      out.printf(
          Locale.ROOT,
          "end to end %,.0f msgs/s while senders sent (from the first delivery)%s%n",
          t.endToEndPerSecond(),
          // Below half a percent the senders waited only for the receivers to connect: not news.
          t.sendersHeldShare() >= 0.005
              ? String.format(
                  Locale.ROOT,
                  "; senders held back %.0f %% of the time to keep the backlog under --max-backlog"
                      + " %s",
                  100 * t.sendersHeldShare(),
                  r.setup().settings().run().maxBacklog().text())
              : "");
    }
    if (r.rates().limit() != null) {
      out.printf(Locale.ROOT, "limit      %s%n", r.rates().limit().advice());
    }
  }

  /** Lost, duplicates, faults, outages and client errors. */
  private static void delivery(RunResult r, Totals t, PrintStream out, boolean colour) {
    String lost = String.format(Locale.ROOT, "lost %,d", t.lost());
    if (t.lost() > 0) {
      lost = colour ? RED + "LOST " + String.format("%,d", t.lost()) + RESET : "LOST " + t.lost();
      if (!r.setup().warnings().isEmpty()) {
        lost += " (loss was expected with " + expectedWith(r) + ")";
      }
    }
    out.printf(
        Locale.ROOT,
        "delivery   %s, duplicates %,d%s%s%n",
        lost,
        t.duplicates(),
        t.foreign() > 0
            ? String.format(Locale.ROOT, ", foreign %,d (other runs)", t.foreign())
            : "",
        t.endedIdle() ? ", receivers stopped idle" : "");
    for (FaultResult f : r.faults().injected()) {
      out.println("fault      " + f.summary());
    }
    if (!r.faults().outages().isEmpty()) {
      // Whether or not the client threw: a client that reconnects by itself hides nothing here.
      out.println(
          "outages    "
              + String.join("; ", r.faults().outages().stream().map(o -> o.describe()).toList()));
    }
    if (r.faults().clientErrors() != null) {
      out.println("errors     " + r.faults().clientErrors().describe());
    }
  }

  /** A rate run's target and schedule. */
  private static void rate(RunResult r, boolean colour, PrintStream out) {
    if (r.rates().rate() != null) {
      out.printf(
          Locale.ROOT,
          "rate       target %,.0f msgs/s, achieved %,.0f msgs/s%s%n",
          r.rates().rate().targetMsgsPerSecond(),
          r.rates().rate().achievedMsgsPerSecond(),
          r.rates().rate().unsent() > 0
              ? String.format(
                  Locale.ROOT, ", %,d scheduled messages never sent", r.rates().rate().unsent())
              : "");
      String assessment = r.rates().rate().assessment();
      out.println(
          "schedule   "
              + (r.rates().rate().harnessLimited() && colour
                  ? RED + assessment + RESET
                  : assessment));
    }
  }

  /** The latency table and the end-to-end clock it depends on. */
  private static void latencies(RunResult r, boolean colour, PrintStream out) {
    out.println(
        "latency ms         p50      p90      p99    p99.9   p99.99  p99.999 p99.9999      max");
    boolean unsupported = false;
    EndToEndClock clock = r.latency().endToEndClock();
    for (Map.Entry<LatencyKind, Latency> e : r.latency().byKind().entrySet()) {
      // Across workers every end-to-end figure is true only within the clock offsets' bound.
      String bound =
          e.getKey() == LatencyKind.END_TO_END && clock != null && clock.clockBoundMs() > 0
              ? " +/- " + ms(clock.clockBoundMs()) + " ms"
              : "";
      if (e.getKey() == LatencyKind.END_TO_END && clock != null && clock.clockDriftMs() > 0) {
        bound += ", clock drift " + ms(clock.clockDriftMs()) + " ms";
      }
      unsupported |= latency(out, e.getKey().label(r.rates().rate() != null), e.getValue(), bound);
    }
    if (unsupported) {
      out.println(
          "               - too few values for the percentile: p needs 1 / (1 - p) of them"
              + " (p99.99 needs 10,000, p99.9999 a million)");
    }
    endToEndClock(clock, colour, out);
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
      out.println("warning    " + (colour ? RED + line + RESET : line));
    }
  }

  /** Milliseconds to at most 3 decimals, without trailing zeros: {@code 0.2}, {@code 11}. */
  /**
   * A catch-up run's verdict, then the publish rate and the p99 latencies while catching up against
   * after it.
   */
  private static void catchUp(CatchUpResult c, boolean colour, PrintStream out) {
    if (c == null) {
      return;
    }
    String verdict = c.verdict();
    out.println("catch-up   " + (!c.caughtUp() && colour ? RED + verdict + RESET : verdict));
    CatchUpResult.Window after = c.after();
    out.printf(
        Locale.ROOT,
        "           sent msgs/s: backlog %,.0f, catching up %,.0f, after %s; p99 ms catching up /"
            + " after: response %s / %s, end-to-end %s / %s%n",
        c.backlog().sentPerSecond(),
        c.catchUp().sentPerSecond(),
        after == null ? "-" : String.format(Locale.ROOT, "%,.0f", after.sentPerSecond()),
        p99(c.catchUp(), LatencyKind.RESPONSE),
        p99(after, LatencyKind.RESPONSE),
        p99(c.catchUp(), LatencyKind.END_TO_END),
        p99(after, LatencyKind.END_TO_END));
  }

  private static String p99(CatchUpResult.Window w, LatencyKind latency) {
    Latency l = w == null ? null : w.latency(latency);
    OptionalDouble v = l == null ? OptionalDouble.empty() : l.valueMs(Latency.P99);
    return v.isPresent() ? ms(v.getAsDouble()) : "-";
  }

  private static String ms(double v) {
    return BigDecimal.valueOf(v)
        .setScale(3, RoundingMode.HALF_UP)
        .stripTrailingZeros()
        .toPlainString();
  }

  /**
   * Bytes/s beside msgs/s, and the sizes actually sent when they varied: {@code (9.5 MiB/s)}, or
   * {@code (61.2 MiB/s; 100 to 65,536 B, mean 3,597 B)}.
   */
  private static String sentBytes(Totals t) {
    if (t.sentBytes() == 0) {
      return "";
    }
    String rate = String.format(Locale.ROOT, " (%,.1f MiB/s", t.sentBytesPerSecond() / (1 << 20));
    if (t.minMessageBytes() == t.maxMessageBytes()) {
      return rate + ")";
    }
    return rate
        + String.format(
            Locale.ROOT,
            "; %,d to %,d B, mean %,.0f B)",
            t.minMessageBytes(),
            t.maxMessageBytes(),
            t.meanMessageBytes());
  }

  /** The settings the backend warned about: their {@code key=value} parts. */
  private static String expectedWith(RunResult r) {
    return String.join(
        ", ", r.setup().warnings().stream().map(w -> w.replaceFirst(":.*", "")).toList());
  }

  /**
   * The line of messages neither received nor proven lost, and of those a settle drain found, with
   * what cut the run short.
   */
  private static void unsettled(RunResult r, Path folder, PrintStream out) {
    Totals t = r.totals();
    if (t.unsettled() == 0 && t.settled() == 0) {
      return;
    }
    out.printf(
        Locale.ROOT,
        "unsettled  %,d acknowledged messages neither received nor proven lost%s; %,d found by the"
            + " settle drain%s%n",
        t.unsettled(),
        r.failure() == null ? "" : " (" + r.statusLine() + ")",
        t.settled(),
        t.unsettled() > 0 ? "; `mqbench drain " + folder + "` looks again" : "");
  }

  /**
   * Prints one latency's line; a percentile its values cannot support is a dash, not the maximum
   * under the percentile's name.
   *
   * @return whether a percentile was left out for too few values
   */
  private static boolean latency(PrintStream out, String name, Latency l, String bound) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-15s", name));
    if (l.count() == 0) {
      out.println(b.append("    no values").append(bound)); // zeros would read as latencies
      return false;
    }
    boolean unsupported = false;
    for (Map.Entry<String, Double> p : Latency.PERCENTILES) {
      OptionalDouble v = l.valueMs(p.getKey());
      unsupported |= v.isEmpty();
      b.append(cell(v));
    }
    b.append(cell(l.valueMs("max")));
    out.println(b.append(bound));
    return unsupported;
  }

  private static String cell(OptionalDouble ms) {
    return ms.isPresent()
        ? String.format(Locale.ROOT, " %8.3f", ms.getAsDouble())
        : String.format(Locale.ROOT, " %8s", "-");
  }

  /** One line per queue or subscription of a run that had several: where the messages went. */
  private static void parts(String kind, List<PartTotals> parts, PrintStream out) {
    for (PartTotals p : parts) {
      out.printf(
          Locale.ROOT,
          "%-10s sent %,d, received %,d = %,.0f msgs/s, lost %,d, duplicates %,d%n",
          kind + " " + p.index(),
          p.sent(),
          p.received(),
          p.receivedPerSecond(),
          p.lost(),
          p.duplicates());
    }
  }
}
