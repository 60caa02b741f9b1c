package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.MqProviders;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.DeliveryFile;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.terminal.TerminalSummary;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.TestRunConfigs;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.session.BenchmarkSession;
import io.mqbench.runner.session.DurableMemory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.longlong.Roaring64NavigableMap;
import picocli.CommandLine;

/** {@code mqbench drain}: settles a finished run's unsettled messages once the broker is back. */
class DrainCommandTest {
  @TempDir Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final Invocation invocation =
      new Invocation(
          new PrintStream(out, true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8),
          Map.of(),
          Map.of(),
          false);

  private static RunConfig config() {
    RunSettings settings = TestSettings.throughput(1, 1, 1_000);
    return TestRunConfigs.seeded("memory", settings, Path.of("x"));
  }

  @Test
  void drainingAnUnsettledRunOnceTheBrokerIsBackCountsItsMessagesAsReceived() throws Exception {
    DurableMemory backend =
        new DurableMemory().failReceiversOnceSent(1_000).unreachableAfterTheRun();
    RunResult unsettled =
        new BenchmarkSession(backend, backend.configure(Map.of()), config(), invocation.err())
            .run(c -> ProgressDisplay.none());
    assertThat(unsettled.status()).isEqualTo(RunStatus.UNSETTLED);
    Path folder = tmp.resolve("run");
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    TerminalSummary.print(
        unsettled,
        "settings",
        folder,
        false,
        new PrintStream(report, true, StandardCharsets.UTF_8));
    assertThat(report.toString(StandardCharsets.UTF_8))
        .contains("delivery   lost 0,")
        .contains(
            "unsettled  1,000 acknowledged messages neither received nor proven lost (unsettled:"
                + " receiver 0: durable-memory: broker gone); 0 found by the settle drain;"
                + " `mqbench drain "
                + folder
                + "` looks again");
    ResultsFolder.write(unsettled, folder);
    assertThat(folder.resolve(DeliveryFile.NAME)).exists();
    backend.recover();

    int code =
        new CommandLine(new DrainCommand(invocation, MqProviders.of(List.of(backend))))
            .execute(folder.toString(), "--idle", "1s");

    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("settled 1,000, lost 0, unsettled 0: failed");
    assertThat(code).isEqualTo(RunStatus.FAILED.exitCode());
    JsonNode run = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    assertThat(run.path("status").asText()).isEqualTo("failed");
    assertThat(run.path("totals").path("unsettled").asLong()).isZero();
    assertThat(run.path("totals").path("settled").asLong()).isEqualTo(1_000);
    assertThat(run.path("totals").path("lost").asLong()).isZero();
    JsonNode drain = JsonTrees.read(folder.resolve(DrainCommand.DRAIN_JSON));
    assertThat(drain.path("statusBefore").asText()).isEqualTo("unsettled");
    assertThat(drain.path("found").asLong()).isEqualTo(1_000);
  }

  @Test
  void aRunOfSeveralSubscriptionsIsRefusedInOneLineRatherThanDrainedFromOne() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("subscriptions"));
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 10);
    new DeliveryFile(0x2e, 1, new DeliveryBitmaps(Map.of(0, sent), Map.of(), 3)).writeTo(folder);
    Files.writeString(
        folder.resolve(ResultsWriter.RUN_JSON),
        "{\"runId\":\"0000002e\",\"status\":\"unsettled\",\"queue\":\"memory\","
            + "\"settings\":{\"mode\":\"throughput\",\"senders\":1,\"receivers\":1,"
            + "\"batch\":10,\"size\":100,\"inFlight\":1,\"phases\":\"together\","
            + "\"receiverIdle\":\"10s\",\"receiveWait\":\"200ms\",\"subscriptions\":3,"
            + "\"warmup\":\"0s\",\"seed\":1},"
            + "\"totals\":{\"sent\":10,\"received\":0}}");

    int code = Main.run(new String[] {"drain", folder.toString()}, invocation);

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "mqbench: run 0000002e had 1 queues and 3 subscriptions; mqbench drain reads one queue"
                + " and one subscription");
  }

  @Test
  void aRedactedSecretMustBeGivenAgainAndTheErrorNamesItsKey() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("rabbit"));
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 10);
    new DeliveryFile(0x2a, 1, new DeliveryBitmaps(Map.of(0, sent), Map.of())).writeTo(folder);
    Files.writeString(
        folder.resolve(ResultsWriter.RUN_JSON),
        "{\"runId\":\"0000002a\",\"status\":\"unsettled\",\"failure\":\"sender 0: gone\","
            + "\"queue\":\"rabbitmq\",\"backendConfig\":{\"rabbitmq.uri\":"
            + "\"amqp://bob:****@127.0.0.1:1\"},\"totals\":{\"sent\":10,\"received\":0}}");

    int code = Main.run(new String[] {"drain", folder.toString()}, invocation);

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .isEqualTo(
            "mqbench: rabbitmq.uri is redacted in run.json; give it again: -p rabbitmq.uri=VALUE,"
                + " -Drabbitmq.uri=VALUE or MQBENCH_RABBITMQ_URI=VALUE");
  }

  @Test
  void aUriGivenWithItsPasswordStandsForTheRedactedPasswordKey() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("rabbit-uri"));
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 10);
    new DeliveryFile(0x2b, 1, new DeliveryBitmaps(Map.of(0, sent), Map.of())).writeTo(folder);
    // As a run with the defaults records them: the password redacted twice.
    Files.writeString(
        folder.resolve(ResultsWriter.RUN_JSON),
        "{\"runId\":\"0000002b\",\"status\":\"unsettled\",\"failure\":\"sender 0: gone\","
            + "\"queue\":\"rabbitmq\",\"backendConfig\":{\"rabbitmq.uri\":"
            + "\"amqp://guest:****@127.0.0.1:1\",\"rabbitmq.password\":\"****\","
            + "\"rabbitmq.username\":\"guest\"},\"totals\":{\"sent\":10,\"received\":0}}");

    Main.run(
        new String[] {
          "drain",
          folder.toString(),
          "-p",
          "rabbitmq.uri=amqp://guest:guest@127.0.0.1:1",
          "--timeout",
          "3s"
        },
        invocation);

    // It goes on to connect (nothing listens on port 1) instead of asking for the password.
    assertThat(err.toString(StandardCharsets.UTF_8))
        .doesNotContain("is redacted")
        .contains("127.0.0.1:1");
  }

  @Test
  void aPartialRunsMessagesMissingFromTheQueueAreUnsettledNotLost() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("partial"));
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 10);
    new DeliveryFile(0x2c, 1, new DeliveryBitmaps(Map.of(0, sent), Map.of())).writeTo(folder);
    // The queue is empty: the dead worker received these after its last checkpoint.
    Files.writeString(
        folder.resolve(ResultsWriter.RUN_JSON),
        "{\"runId\":\"0000002c\",\"status\":\"unsettled\",\"failure\":\"worker 127.0.0.1:7392:"
            + " unreachable\",\"queue\":\"memory\",\"backendConfig\":{},\"partial\":[\"worker"
            + " 127.0.0.1:7392: measured up to its last checkpoint, 9.0 s into the run\"],"
            + "\"totals\":{\"sent\":10,\"received\":0,\"unsettled\":10}}");

    int code = Main.run(new String[] {"drain", folder.toString(), "--idle", "1s"}, invocation);

    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("lost 0, unsettled 10: unsettled")
        .contains(
            "10 not in the queue cannot be proven lost: the run is partial (worker"
                + " 127.0.0.1:7392: measured up to its last checkpoint");
    assertThat(code).isEqualTo(RunStatus.UNSETTLED.exitCode());
    JsonNode run = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    assertThat(run.path("totals").path("lost").asLong()).isZero();
    assertThat(run.path("totals").path("unsettled").asLong()).isEqualTo(10);
  }

  @Test
  void everyRedactedKeyNotGivenAgainIsNamedInOneLine() throws Exception {
    Path folder = Files.createDirectories(tmp.resolve("rabbit-both"));
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 10);
    new DeliveryFile(0x2d, 1, new DeliveryBitmaps(Map.of(0, sent), Map.of())).writeTo(folder);
    Files.writeString(
        folder.resolve(ResultsWriter.RUN_JSON),
        "{\"runId\":\"0000002d\",\"status\":\"unsettled\",\"failure\":\"sender 0: gone\","
            + "\"queue\":\"rabbitmq\",\"backendConfig\":{\"rabbitmq.uri\":"
            + "\"amqp://guest:****@127.0.0.1:1\",\"rabbitmq.password\":\"****\"},"
            + "\"totals\":{\"sent\":10,\"received\":0}}");

    int code = Main.run(new String[] {"drain", folder.toString()}, invocation);

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8).strip())
        .startsWith("mqbench: rabbitmq.uri, rabbitmq.password are redacted in run.json")
        .contains("a URI with its user:password@")
        .doesNotContain("\n");
  }
}
