package io.mqbench.runner.cli;

import io.mqbench.runner.results.Latency;
import io.mqbench.runner.results.RunResult;
import io.mqbench.runner.results.Totals;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** Prints a run's results on the terminal, lost messages in red when the terminal has colours. */
final class ConsoleReport {
  private static final String RED = "\u001b[1;31m";
  private static final String RESET = "\u001b[0m";

  private ConsoleReport() {}

  static void print(RunResult r, String settings, Path folder, boolean colour, PrintStream out) {
    Totals t = r.totals();
    out.printf(Locale.ROOT, "queue      %s at %s (run %s)%n", r.queue(), r.target(), r.runId());
    out.printf(Locale.ROOT, "settings   %s%n", settings);
    out.printf(
        Locale.ROOT,
        "sent       %,d msgs in %.2f s = %,.0f msgs/s%n",
        t.sent(),
        t.sendSeconds(),
        t.sentPerSecond());
    out.printf(
        Locale.ROOT,
        "received   %,d msgs in %.2f s = %,.0f msgs/s%n",
        t.received(),
        t.receiveSeconds(),
        t.receivedPerSecond());
    String lost = String.format(Locale.ROOT, "lost %,d", t.lost());
    if (t.lost() > 0) {
      lost = colour ? RED + "LOST " + String.format("%,d", t.lost()) + RESET : "LOST " + t.lost();
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
    latency(out, "send batch", r.sendLatency());
    latency(out, "end-to-end", r.endToEndLatency());
    out.printf(Locale.ROOT, "results    %s%n", folder);
  }

  private static void latency(PrintStream out, String name, Latency l) {
    out.printf(
        Locale.ROOT,
        "%-10s latency ms: p50 %.3f  p90 %.3f  p99 %.3f  p99.9 %.3f  p99.99 %.3f  max %.3f%n",
        name,
        l.p50Ms(),
        l.p90Ms(),
        l.p99Ms(),
        l.p999Ms(),
        l.p9999Ms(),
        l.maxMs());
  }
}
