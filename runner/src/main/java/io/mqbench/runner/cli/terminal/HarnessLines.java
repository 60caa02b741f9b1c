package io.mqbench.runner.cli.terminal;

import io.mqbench.results.HarnessUse;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The harness's lines of a run's summary. By default the figures a reader acts on: the CPU per
 * message, how long the run waited for a CPU and how much of the host other work took, a thread
 * near a whole core, and the host-limited verdict; with {@code --verbose} the whole breakdown too,
 * which run.json always holds.
 */
final class HarnessLines {
  private HarnessLines() {}

  static void print(HarnessUse h, boolean colour, boolean verbose, PrintStream out) {
    if (h == null) {
      return;
    }
    out.println("harness    " + brief(h));
    if (h.threadsSaturated()) {
      // A thread near a whole core could not have gone faster: the harness may have set the pace.
      out.println("           " + h.busiestThreads() + ": near a whole core");
    }
    if (verbose) {
      out.println("           " + h.describe());
    }
    if (h.hostLimited()) {
      out.println(
          "host       "
              + Red.when(
                  colour,
                  "HOST-LIMITED: the host, not the queue, set the pace; these figures are not the"
                      + " queue's"));
      out.println(
          "           run on a quieter host, move the broker to another host, or use fewer"
              + " threads");
    }
  }

  /**
   * @return the harness's figures in a few words: {@code 0.3 µs CPU/msg; waited for a CPU 4 % of
   *     the time; other work used 0 % of the host}
   */
  static String brief(HarnessUse h) {
    StringBuilder b =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                h.cpuMicrosPerMessage() < 1 ? "%.2f µs CPU/msg" : "%,.1f µs CPU/msg",
                h.cpuMicrosPerMessage()));
    if (h.processes() > 1) {
      b.append(" over ").append(h.processes()).append(" processes");
    }
    if (h.runCpuWaitShare() != null) {
      b.append(
          String.format(
              Locale.ROOT, "; waited for a CPU %.0f %% of the time", 100 * h.runCpuWaitShare()));
    }
    if (h.otherWorkShare() != null) {
      b.append(
          String.format(
              Locale.ROOT, "; other work used %.0f %% of the host", 100 * h.otherWorkShare()));
    }
    return b.toString();
  }
}
