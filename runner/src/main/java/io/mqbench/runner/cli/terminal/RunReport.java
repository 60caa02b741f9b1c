package io.mqbench.runner.cli.terminal;

import io.mqbench.results.RunResult;
import io.mqbench.results.report.Reports;
import io.mqbench.runner.cli.process.Invocation;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A single run's report.html, written into its results folder and named on the summary's last line,
 * with what writing it cost: it comes after the harness's figures were taken, so it is not among
 * them. A report that cannot be drawn is a warning, and the line gives the command that writes it.
 */
public final class RunReport {
  private RunReport() {}

  /**
   * Writes the report of one run and prints the line that names it.
   *
   * @param result the run, as written in its folder
   * @param folder its results folder
   * @param invocation where the line goes ({@code out}), and a warning ({@code err})
   */
  public static void write(RunResult result, Path folder, Invocation invocation) {
    long before = processCpuNanos();
    long start = System.nanoTime();
    try {
      Path report = Reports.writeOf(List.of(result), folder, folder.resolve(Reports.REPORT_HTML));
      double seconds = (System.nanoTime() - start) / 1e9;
      long after = processCpuNanos();
      invocation
          .out()
          .println(
              "report     "
                  + report
                  + (before < 0 || after < 0
                      ? String.format(Locale.ROOT, " (writing took %.2f s)", seconds)
                      : String.format(
                          Locale.ROOT,
                          " (writing took %.2f CPU-s in %.2f s)",
                          (after - before) / 1e9,
                          seconds)));
    } catch (RuntimeException | LinkageError e) {
      invocation.err().println("mqbench: warning: could not write the report: " + e);
      invocation.out().println("report     not written; `mqbench report " + folder + "` writes it");
    }
  }

  /**
   * @return the process's CPU time in nanoseconds (every thread, the JIT compiler's included), or
   *     -1 if unknown
   */
  public static long processCpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : -1;
  }
}
