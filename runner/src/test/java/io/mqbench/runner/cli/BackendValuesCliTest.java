package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A backend value the client or broker would refuse mid-run is a usage error before the run. */
class BackendValuesCliTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  private int run(String... args) {
    return cli.run(args);
  }

  @Test
  void aKafkaSessionTimeoutBelowTheBrokersMinimumExitsTwoInOneLineNamingTheKey() {
    int code =
        run(
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "-p",
            "kafka.sessionTimeout=1ms",
            "--out",
            tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .hasLineCount(1)
        .startsWith(
            "mqbench: kafka.sessionTimeout: invalid value '1ms': expected a duration from 6s")
        .doesNotContain("127.0.0.1:1");
  }

  @Test
  void aRabbitMqStreamOffsetThatIsNoneExitsTwoInOneLineNamingTheKey() {
    int code =
        run(
            "run",
            "--queue",
            "rabbitmq",
            "-p",
            "rabbitmq.uri=amqp://guest:guest@127.0.0.1:1",
            "-p",
            "rabbitmq.streamOffset=banana",
            "--out",
            tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .hasLineCount(1)
        .startsWith("mqbench: rabbitmq.streamOffset: invalid value 'banana'");
  }
}
