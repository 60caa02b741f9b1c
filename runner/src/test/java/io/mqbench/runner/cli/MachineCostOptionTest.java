package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.terminal.TerminalSummaryTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, point 5: a self-hosted queue has a cost too, the machines it runs on for the time it
 * takes. {@code --machine-cost} puts it in the column that held only SQS's per-request cost, in
 * every output, with its inputs named.
 */
class MachineCostOptionTest {
  @TempDir Path tmp;

  @Test
  void aSelfHostedRunGivenAnHourlyPriceReportsItsCostPerMillionMessagesInEveryOutput()
      throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--duration",
            "2s",
            "--warmup",
            "0s",
            "--machine-cost",
            "1.20 EUR",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    Path run;
    try (Stream<Path> runs = Files.list(tmp).filter(Files::isDirectory)) {
      run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    RunResult result = ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
    double rate = result.totals().endToEndPerSecond();
    assertThat(rate).isPositive();
    assertThat(result.cost().machines().costPerMillionMessages())
        .as("1.20 EUR per hour over the hours a million messages take at the run's rate")
        .isCloseTo(1.20 / 3600 / rate * 1_000_000, offset(1e-12));
    assertThat(result.cost().machines().rateBasis()).isEqualTo("end to end");

    List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
    assertThat(csv.get(0)).endsWith(",cost_per_million_msgs,cost_basis");
    assertThat(csv.get(1))
        .matches(".*,[0-9]+\\.[0-9]{6},\"EUR: machines 1\\.2 per hour at .* end to end\"");
    assertThat(TerminalSummaryTest.line(cli.out(), "cost"))
        .startsWith("cost       ")
        .contains("EUR per million messages", "machines at 1.2 EUR per hour", "--machine-cost");
    assertThat(new CliCapture().run("report", run.toString())).isZero();
    String html = Files.readString(run.resolve("report.html"));
    assertThat(html.split("<th[^>]*>cost per million msgs</th>", -1))
        .as("a cost column in the cells table and in the runs table")
        .hasSize(3);
    assertThat(html).contains("machines 1.2 per hour at");
  }

  @Test
  void aQueueBilledPerRequestRefusesAnHourlyPriceInOneLine() {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run", "--queue", "sqs", "--machine-cost", "0.5", "--dry-run", "--out", tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .doesNotContain("\n")
        .contains("--machine-cost is for self-hosted queues; sqs is billed per request")
        .contains("sqs.pricePerMillionRequests");
  }

  @Test
  void aPriceThatIsNotOneIsAOneLineError() {
    CliCapture cli = new CliCapture();

    int code = cli.run("run", "--queue", "memory", "--machine-cost", "cheap", "--dry-run");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).doesNotContain("\n").contains("--machine-cost 'cheap'");
  }
}
