package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.PartTotals;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.terminal.TerminalSummaryTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, points 1 and 2: every run used one queue, point to point. {@code --queues N} spreads
 * senders and receivers over N queues with figures per queue; {@code --subscriptions N} delivers
 * every message to N subscriptions and accounts for each.
 */
class QueuesAndSubscriptionsOptionTest {
  @TempDir Path tmp;

  @Test
  void aRunOverThreeQueuesReportsEachQueuesFiguresAndLosesNothing() throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--queues",
            "3",
            "--senders",
            "3",
            "--receivers",
            "3",
            "--messages",
            "5000",
            "--warmup",
            "0s",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    RunResult result = onlyResult();
    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // it); either way nothing was lost and the run exits 0.
    assertThat(result.status()).isIn(RunStatus.OK, RunStatus.HOST_LIMITED);
    assertThat(result.setup().settings().run().queues()).isEqualTo(3);
    assertThat(result.delivery().byQueue()).extracting(PartTotals::index).containsExactly(0, 1, 2);
    for (PartTotals q : result.delivery().byQueue()) {
      assertThat(q.sent()).as("queue " + q.index()).isEqualTo(5000); // its one sender's messages
      assertThat(q.distinct()).as("queue " + q.index()).isEqualTo(5000);
      assertThat(q.lost()).isZero();
      assertThat(q.sentPerSecond()).isPositive();
    }
    assertThat(result.delivery().byQueue().stream().mapToLong(PartTotals::received).sum())
        .isEqualTo(result.totals().received());
    assertThat(result.delivery().bySubscription()).isEmpty();
    assertThat(TerminalSummaryTest.line(cli.out(), "settings")).contains("over 3 queues");
    assertThat(TerminalSummaryTest.line(cli.out(), "queue 2"))
        .startsWith("queue 2    sent 5,000, received 5,000 = ")
        .endsWith(" msgs/s, lost 0, duplicates 0");
  }

  @Test
  void everyOneOfThreeSubscriptionsReceivesEveryMessage() throws Exception {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--subscriptions",
            "3",
            "--senders",
            "2",
            "--receivers",
            "2",
            "--messages",
            "4000",
            "--warmup",
            "0s",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    RunResult result = onlyResult();
    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // it); either way nothing was lost and the run exits 0.
    assertThat(result.status()).isIn(RunStatus.OK, RunStatus.HOST_LIMITED);
    assertThat(result.totals().sent()).isEqualTo(8000);
    assertThat(result.totals().received()).isEqualTo(3 * 8000);
    assertThat(result.totals().lost()).isZero();
    assertThat(result.totals().duplicates()).isZero();
    assertThat(result.rates().receivers()).hasSize(2 * 3);
    assertThat(result.delivery().bySubscription()).hasSize(3);
    for (PartTotals s : result.delivery().bySubscription()) {
      assertThat(s.sent()).isEqualTo(8000);
      assertThat(s.received()).as("subscription " + s.index()).isEqualTo(8000);
      assertThat(s.distinct()).isEqualTo(8000);
      assertThat(s.lost()).isZero();
    }
    assertThat(TerminalSummaryTest.line(cli.out(), "settings"))
        .contains("2 receivers for each of 3 subscriptions");
    assertThat(TerminalSummaryTest.line(cli.out(), "subscr. 1"))
        .contains("sent 8,000, received 8,000");
  }

  @Test
  void aBackendWithoutPublishSubscribeRefusesSubscriptionsInOneLineBeforeConnecting() {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--queue",
            "mongo",
            "--subscriptions",
            "2",
            "-p",
            "mongo.uri=mongodb://127.0.0.1:1",
            "--dry-run");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .doesNotContain("\n")
        .contains("--subscriptions 2")
        .contains("mongo has no publish/subscribe");
  }

  @Test
  void fewerSendersOrReceiversThanQueuesIsAOneLineError() {
    for (String[] args :
        new String[][] {
          {"--queues", "3", "--senders", "2"},
          {"--queues", "3", "--senders", "3", "--receivers", "1"},
          {"--queues", "0"},
          {"--subscriptions", "0"},
        }) {
      CliCapture cli = new CliCapture();
      String[] command =
          Stream.concat(Stream.of("run", "--queue", "memory", "--dry-run"), Stream.of(args))
              .toArray(String[]::new);

      int code = cli.run(command);

      assertThat(code).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
      assertThat(cli.err().strip()).doesNotContain("\n").contains(args[0]);
    }
  }

  private RunResult onlyResult() throws Exception {
    try (Stream<Path> runs = Files.list(tmp).filter(Files::isDirectory)) {
      Path run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      return ResultsWriter.read(run.resolve(ResultsWriter.RUN_JSON));
    }
  }
}
