package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.sqs.SqsMqProvider;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -Dqueue=sqs} through the CLI: with no address it starts the ElasticMQ stand-in, says so,
 * loses nothing and reports the cost per million messages; bad input ends in one line with a
 * non-zero exit within ten seconds.
 */
class SqsCliIT {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  @Test
  void sqsAloneStartsTheStandInAnnouncedAndReportsTheCostPerMillionMessages() throws Exception {
    int code =
        cli.run(
            Map.of(),
            Map.of(
                "queue", "sqs",
                "messages", "500",
                // one batch at a time: the subject is the stand-in and the cost, not the verdict
                "inFlight", "1",
                "receiverIdle", "3s",
                "out", tmp.toString()),
            "run");

    String said = cli.err();
    assertThat(code).as(said + cli.out()).isZero();
    assertThat(said)
        .contains("no broker address given for sqs (sqs.endpoint)")
        .contains(
            "starting the ElasticMQ "
                + new JavaLocalBroker(SqsMqProvider.LOCAL_BROKER).version()
                + " SQS stand-in")
        .contains("NOT Amazon SQS");
    assertThat(cli.out())
        .contains("lost 0")
        .containsPattern("requests   delete [0-9,]+, other 1, receive [0-9,]+, send [0-9,]+")
        .containsPattern("cost       [0-9.]+ USD per million messages");
    try (var runs = Files.list(tmp).filter(Files::isDirectory)) {
      Path run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
      List<String> csv = Files.readAllLines(run.resolve("summary.csv"));
      assertThat(csv.get(0)).endsWith(",requests_billed,cost_per_million_msgs,cost_basis");
      assertThat(csv.get(1))
          .matches(".*,[0-9]+,[0-9]+\\.[0-9]{6},\"USD: billed requests x 0.4 per million\"$");
      assertThat(Files.readString(run.resolve("run.json")))
          .contains("\"costPerMillionMessages\"", "sqs.pricePerMillionRequests=0.40");
    }
  }

  @Test
  void anUnreachableEndpointFailsInOneLineWithinTenSeconds() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertFailsQuicklyInOneLine(
        List.of("-p", "sqs.endpoint=http://127.0.0.1:" + port), "127.0.0.1:" + port);
  }

  @Test
  void aRegionWithoutCredentialsFailsInOneLineWithinTenSeconds() {
    assumeTrue(
        System.getenv("AWS_ACCESS_KEY_ID") == null
            && System.getenv("AWS_PROFILE") == null
            && System.getenv("AWS_CONTAINER_CREDENTIALS_FULL_URI") == null
            && System.getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") == null
            && System.getenv("AWS_WEB_IDENTITY_TOKEN_FILE") == null
            && !Files.exists(Path.of(System.getProperty("user.home"), ".aws")),
        "AWS credentials are configured in this environment");
    assertFailsQuicklyInOneLine(List.of("-p", "sqs.region=eu-west-1"), "no AWS credentials");
  }

  @Test
  void anUnknownQueueFailsInOneLineWithinTenSeconds() throws Exception {
    try (JavaLocalBroker server = new JavaLocalBroker(SqsMqProvider.LOCAL_BROKER)) {
      server.start(new SqsMqProvider().configure(Map.of("sqs.localServerHeapMb", "256")));
      assertFailsQuicklyInOneLine(
          List.of("-p", "sqs.endpoint=http://" + server.address(), "-p", "sqs.queue=no-such-queue"),
          "queue 'no-such-queue' does not exist");
    }
  }

  private void assertFailsQuicklyInOneLine(List<String> properties, String expected) {
    List<String> args =
        new java.util.ArrayList<>(List.of("run", "--queue", "sqs", "--out", tmp.toString()));
    args.addAll(properties);
    long start = System.nanoTime();
    int code = cli.run(args.toArray(String[]::new));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(code).isEqualTo(ExitCodes.FAILED);
    // The run's own banner, then the failure in one line.
    List<String> lines = cli.err().lines().toList();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).startsWith("mqbench: sqs, ");
    assertThat(lines.get(1)).startsWith("mqbench: sqs: ").contains(expected);
    assertThat(took).isLessThan(Duration.ofSeconds(10));
  }
}
