package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.rabbitmq.RabbitNode;
import io.mqbench.results.PartTotals;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, point 2, on real brokers: a Kafka run (consumer groups) and a RabbitMQ run (a fanout
 * exchange with a quorum queue per subscription) with {@code --subscriptions 3} deliver every
 * message to each subscription and lose nothing in any.
 */
class SubscriptionsOnRealBrokersIT {
  @TempDir Path tmp;

  @Test
  void kafkaWithThreeSubscriptionsLosesNothingInAny() throws Exception {
    // No address: the runner starts its local Kafka broker in a process of its own.
    RunResult result = run("kafka");

    assertEverySubscriptionGotEverything(result);
  }

  @Test
  void rabbitMqWithThreeSubscriptionsLosesNothingInAny() throws Exception {
    Path bin =
        RabbitNode.installed()
            .orElseThrow(() -> new AssertionError("rabbitmq-server is not installed"));
    try (RabbitNode node = new RabbitNode(bin)) {
      node.start();

      RunResult result = run("rabbitmq", "-p", "rabbitmq.uri=" + node.uri());

      assertEverySubscriptionGotEverything(result);
    }
  }

  private RunResult run(String queue, String... extra) throws Exception {
    CliCapture cli = new CliCapture();
    Path out = Files.createDirectories(tmp.resolve(queue));
    String[] args =
        Stream.concat(
                Stream.of(
                    "run",
                    "--queue",
                    queue,
                    "--subscriptions",
                    "3",
                    "--duration",
                    "5s",
                    "--out",
                    out.toString()),
                Stream.of(extra))
            .toArray(String[]::new);

    int code = cli.run(Map.of(), Map.of(), args);

    assertThat(code).as(cli.err()).isZero();
    try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
      Optional<Path> folder = runs.filter(Files::isDirectory).findFirst();
      return ResultsWriter.read(folder.orElseThrow().resolve(ResultsWriter.RUN_JSON));
    }
  }

  private static void assertEverySubscriptionGotEverything(RunResult result) {
    long sent = result.totals().sent();
    assertThat(sent).isPositive();
    assertThat(result.totals().lost()).isZero();
    assertThat(result.delivery().bySubscription()).hasSize(3);
    for (PartTotals s : result.delivery().bySubscription()) {
      assertThat(s.lost()).as("lost in subscription " + s.index()).isZero();
      assertThat(s.distinct()).as("subscription " + s.index()).isEqualTo(sent);
    }
    assertThat(result.totals().distinct()).isEqualTo(3 * sent);
  }
}
