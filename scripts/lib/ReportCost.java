import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.report.Reports;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU a fresh JVM spends writing one run's report.html, as the runner writes it at the end of
 * a run: reading run.json first, then the report, each phase timed by the process's CPU (all its
 * threads, the JIT compilers' too).
 *
 * <p>Run from the repository's root, after {@code ./mvnw -q -B package -DskipTests}:
 *
 * <pre>
 * java -Xmx512m -cp runner/target/mqbench.jar scripts/lib/ReportCost.java RESULTS_FOLDER
 * </pre>
 */
public class ReportCost {
  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: ReportCost RESULTS_FOLDER (a run's folder, holding run.json)");
      System.exit(2);
    }
    long start = cpu();
    RunResult run = ResultsWriter.read(Path.of(args[0], ResultsWriter.RUN_JSON));
    long read = cpu();
    Path out = Files.createTempDirectory("report-cost");
    Reports.writeOf(List.of(run), out, out.resolve(Reports.REPORT_HTML));
    long written = cpu();
    System.out.printf(
        "read run.json %.2f CPU-s, report.html %.2f CPU-s; JIT compilers %d ms in all%n",
        (read - start) / 1e9,
        (written - read) / 1e9,
        ManagementFactory.getCompilationMXBean().getTotalCompilationTime());
  }

  private static long cpu() {
    return ((com.sun.management.OperatingSystemMXBean)
            ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
