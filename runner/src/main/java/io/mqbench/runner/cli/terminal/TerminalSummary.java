package io.mqbench.runner.cli.terminal;

import io.mqbench.results.CatchUpResult;
import io.mqbench.results.FaultResult;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.PartTotals;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Totals;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Prints a run's results on the terminal, verdicts in red when the terminal has colours: the
 * figures a reader acts on and every verdict, in lines of at most {@value #WIDTH} characters where
 * their words allow; the harness's whole breakdown with {@code --verbose}, and everything in
 * run.json.
 */
public final class TerminalSummary {
  /** A line's width on the default screen, where its words allow. */
  static final int WIDTH = 100;

  private TerminalSummary() {}

  public static void print(
      RunResult r, String settings, Path folder, boolean colour, PrintStream out) {
    print(r, settings, folder, Double.NaN, colour, false, out);
  }

  /**
   * @param resultsCpuSeconds the process's CPU-seconds spent writing the results folder (after the
   *     harness figures were taken, so not among them), or NaN if not measured
   * @param verbose whether to print the harness's whole breakdown ({@code --verbose}), beside the
   *     figures a reader acts on
   */
  public static void print(
      RunResult r,
      String settings,
      Path folder,
      double resultsCpuSeconds,
      boolean colour,
      boolean verbose,
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
    LatencyTable.print(r, colour, out);
    HarnessLines.print(r.harness(), colour, verbose, out);
    out.println("status     " + Red.when(colour && r.status() != RunStatus.OK, r.statusLine()));
    if (Double.isNaN(resultsCpuSeconds)) {
      out.printf(Locale.ROOT, "results    %s%n", folder);
    } else {
      out.printf(
          Locale.ROOT,
          "results    %s (writing took %.2f CPU-s, not in the harness line)%n",
          folder,
          resultsCpuSeconds);
    }
  }

  /**
   * Prints a long text under its label, cut between words into lines of at most {@value #WIDTH}
   * characters, the next lines indented under the first.
   */
  static void wrapped(String label, String text, PrintStream out) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-10s", label));
    int start = 0;
    for (String word : text.split(" ")) {
      if (line.length() - start > 11 && line.length() - start + 1 + word.length() > WIDTH) {
        line.append('\n').append(" ".repeat(10));
        start = line.length() - 10;
      }
      line.append(' ').append(word);
    }
    out.println(line);
  }

  /** The backend, the settings and the durability asked for. */
  private static void header(RunResult r, String settings, PrintStream out) {
    out.printf(Locale.ROOT, "queue      %s at %s (run %s)%n", r.queue(), r.target(), r.runId());
    out.printf(Locale.ROOT, "settings   %s%n", settings);
    if (r.delivery().durability() != null) {
      wrapped("durability", r.delivery().durability().describe(), out);
    }
    if (r.delivery().durabilityCheck() != null && r.delivery().durabilityCheck().changed()) {
      wrapped(
          "",
          "CHANGED during the run: at the start "
              + r.delivery().durabilityCheck().atStart().describe()
              + "; at the end "
              + r.delivery().durabilityCheck().atEnd().describe(),
          out);
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
      out.println("partial    " + Red.when(colour, line));
    }
    if (t.endToEndPerSecond() > 0) {
      out.printf(
          Locale.ROOT,
          "end to end %,.0f msgs/s while senders sent (from the first delivery)%n",
          t.endToEndPerSecond());
      // Below half a percent the senders waited only for the receivers to connect: not news.
      if (t.sendersHeldShare() >= 0.005) {
        out.printf(
            Locale.ROOT,
            "           senders held back %.0f %% of the time to keep the backlog under"
                + " --max-backlog %s%n",
            100 * t.sendersHeldShare(),
            r.setup().settings().run().maxBacklog().text());
      }
    }
    if (r.rates().limit() != null) {
      wrapped("limit", r.rates().limit().advice(), out);
    }
  }

  /** Lost, duplicates, faults, outages and client errors. */
  private static void delivery(RunResult r, Totals t, PrintStream out, boolean colour) {
    String lost = String.format(Locale.ROOT, "lost %,d", t.lost());
    if (t.lost() > 0) {
      lost = colour ? Red.when(true, "LOST " + String.format("%,d", t.lost())) : "LOST " + t.lost();
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
          "schedule   " + Red.when(r.rates().rate().harnessLimited() && colour, assessment));
    }
  }

  /**
   * A catch-up run's verdict, then the publish rate and the p99 latencies while catching up against
   * after it.
   */
  private static void catchUp(CatchUpResult c, boolean colour, PrintStream out) {
    if (c == null) {
      return;
    }
    String verdict = c.verdict();
    out.println("catch-up   " + Red.when(!c.caughtUp() && colour, verdict));
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

  /** Milliseconds to at most 3 decimals, without trailing zeros: {@code 0.2}, {@code 11}. */
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
