package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.rabbitmq.RabbitNode;
import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code rabbitmq-stream} URI that names a RabbitMQ node's AMQP port: the runner, as a process of
 * its own with its own logging, says so in one line, with no stack trace from the stream client,
 * and exits 1. The node is a private one of the installed {@code rabbitmq-server}.
 */
class StreamUriOnAnAmqpPortIT {
  @TempDir Path tmp;

  @Test
  void oneClearLineAndNoStackTrace() throws Exception {
    try (RabbitNode node =
        new RabbitNode(
            RabbitNode.installed()
                .orElseThrow(() -> new IllegalStateException("apt-get install rabbitmq-server")))) {
      node.start();
      try (RunnerProcess runner =
          new RunnerProcess(
              List.of("-Xmx256m"),
              Map.of(),
              List.of(
                  "run",
                  "--queue",
                  "rabbitmq-stream",
                  "-p",
                  "rabbitmq-stream.uri=rabbitmq-stream://guest:guest@127.0.0.1:"
                      + node.port()
                      + "/%2f",
                  "-p",
                  "rabbitmq-stream.connectTimeout=3s",
                  "--messages",
                  "10",
                  "--out",
                  tmp.toString()))) {
        int code = runner.exit(60);
        String err = runner.err();

        assertThat(code).as(err).isEqualTo(ExitCodes.FAILED);
        assertThat(err)
            .contains(
                "mqbench: rabbitmq-stream: 127.0.0.1:"
                    + node.port()
                    + " speaks AMQP 0-9-1, not the stream protocol: rabbitmq-stream.uri must name"
                    + " the broker's stream port")
            .doesNotContain("\tat ")
            .doesNotContain("Exception");
      }
    }
  }
}
