package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.Invocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dqueue=rabbitmq} with no address: on a machine with a broker on 127.0.0.1:5672 the run
 * uses it, on one with {@code rabbitmq-server} installed it starts a private node; either way it
 * runs and says which broker it used. (The machine with neither is {@code BrokerResolutionTest}'s.)
 */
class RabbitMqWithoutAddressIT {
  @TempDir Path tmp;

  @Test
  void rabbitmqAloneRunsAndSaysWhichBrokerItUsed() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Invocation inv =
        new Invocation(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of(),
            Map.of(
                "queue", "rabbitmq",
                "messages", "200",
                "receiverIdle", "3s",
                "out", tmp.toString(),
                // its own durable queue on a broker the test may not own; classic is lightest
                "rabbitmq.queue", "mqbench-kit-no-address-it",
                "rabbitmq.queueType", "classic"),
            false);

    int code = Main.run(new String[] {"run"}, inv);

    String said = err.toString(StandardCharsets.UTF_8);
    assertThat(code).as(said).isZero();
    assertThat(said).contains("no broker address given for rabbitmq (rabbitmq.uri)");
    assertThat(said).containsAnyOf("answers on 127.0.0.1:5672", "starting a private RabbitMQ node");
  }
}
