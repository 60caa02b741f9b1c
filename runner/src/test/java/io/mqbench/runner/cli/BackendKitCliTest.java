package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's side of the backend kit: declared limits, broker failures, secrets. */
class BackendKitCliTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  private int run(String... args) {
    return cli.run(args);
  }

  private String err() {
    return cli.err();
  }

  private String out() {
    return cli.out();
  }

  @Test
  void aMessageSizeOverTheBackendsDeclaredLimitIsRefusedBeforeConnectingWithExitTwo() {
    int code =
        run(
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "-p",
            "kafka.maxMessageBytes=100000",
            "--size",
            "300000",
            "--out",
            tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err().strip())
        .isEqualTo(
            "mqbench: --size 300000: a message of 300000 bytes is larger than the largest kafka"
                + " carries with this configuration, 99900 bytes (kafka.maxMessageBytes=100000,"
                + " less 100 bytes of record overhead)");
  }

  @Test
  void theMemoryBackendsLimitIsCheckedTooAndNamesItsKey() {
    int code =
        run(
            "run",
            "-p",
            "memory.maxMessageBytes=1000",
            "--size",
            "1001",
            "--dry-run",
            "--out",
            tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err()).contains("--size 1001", "memory.maxMessageBytes=1000").hasLineCount(1);
  }

  @Test
  void anUnreachableKafkaAddressFailsTheRunWithinTenSecondsNamingIt() {
    long start = System.nanoTime();
    int code =
        run(
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "--out",
            tmp.toString());
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(code).isEqualTo(ExitCodes.FAILED);
    assertThat(err()).contains("127.0.0.1:1", "kafka.bootstrapServers");
    assertThat(took).isLessThan(Duration.ofSeconds(10));
  }

  @Test
  void secretsNeverReachTheTerminalOrTheResultsFiles() throws IOException {
    int code =
        run(
            "run",
            "--queue",
            "memory",
            "--messages",
            "100",
            "--receiver-idle",
            "1s",
            "-p",
            "memory.maxDepth=1000",
            "--out",
            tmp.toString());
    assertThat(code).isZero();
    run(
        "run",
        "--queue",
        "rabbitmq",
        "-p",
        "rabbitmq.uri=amqp://bob:s3cret@127.0.0.1:5672",
        "-p",
        "rabbitmq.password=hunter2",
        "--dry-run");
    run("queues");

    assertThat(out() + err()).doesNotContain("s3cret").doesNotContain("hunter2");
    assertThat(out()).contains("rabbitmq.uri = amqp://bob:****@127.0.0.1:5672");
    assertThat(out()).contains("rabbitmq.password = ****");
    try (Stream<Path> files = Files.walk(tmp)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readAllBytes(f))
            .asString(StandardCharsets.ISO_8859_1)
            .doesNotContain("s3cret");
      }
    }
  }
}
