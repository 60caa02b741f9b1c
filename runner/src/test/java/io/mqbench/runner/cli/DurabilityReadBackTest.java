package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.mongo.MongoMqProvider;
import io.mqbench.mq.LocalBroker;
import io.mqbench.nats.NatsMqProvider;
import io.mqbench.redis.RedisMqProvider;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.report.Reports;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.sqs.SqsMqProvider;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The durability a result groups by is read back from what answered, at the start and the end of
 * the run, never only declared from the settings asked: a stand-in is a stand-in in every output, a
 * server that cannot do what was asked is recorded at what it does, and a server reconfigured
 * mid-run ends the run with its own status.
 */
class DurabilityReadBackTest {
  @TempDir Path tmp;

  /** A finished CLI run: what it printed and its exit code. */
  private record Ran(CliCapture cli, int exitCode) {
    /** What it printed, its long lines (cut between words onto indented lines) joined again. */
    String out() {
      return cli.out().replaceAll("\n {11}", " ");
    }

    String err() {
      return cli.err();
    }
  }

  private Ran run(String queue, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--queue",
                queue,
                "--warmup",
                "0s",
                "--progress",
                "never",
                "--out",
                tmp.resolve("results").toString()));
    args.addAll(List.of(more));
    CliCapture cli = new CliCapture();
    return new Ran(cli, cli.run(args.toArray(String[]::new)));
  }

  private Path runFolder() throws Exception {
    try (var runs = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  /** The summary.csv cell of the column named. */
  private String csvCell(String column) throws Exception {
    List<String> csv = Files.readAllLines(runFolder().resolve(ResultsWriter.SUMMARY_CSV));
    List<String> header = List.of(csv.get(0).split(","));
    String cell = csv.get(1).split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")[header.indexOf(column)];
    return cell.replaceAll("^\"|\"$", "");
  }

  private JsonNode runJson() throws Exception {
    return JsonTrees.read(runFolder().resolve(ResultsWriter.RUN_JSON));
  }

  private String report() throws Exception {
    return Files.readString(Reports.write(List.of(runFolder()), tmp.resolve("report.html")));
  }

  private void assertStandIn(Ran cli, String notSystem) throws Exception {
    assertThat(cli.out()).contains("durability stand-in (in memory), not " + notSystem);
    assertThat(runJson().path("durability").path("level").asText()).isEqualTo("STAND_IN");
    assertThat(csvCell("durability")).isEqualTo("stand-in");
    assertThat(csvCell("durability_detail")).contains("stand-in (in memory), not " + notSystem);
    assertThat(report())
        .contains("stand-in (in memory), not " + notSystem)
        .doesNotContain("fsynced to disk in the journal");
  }

  @Test
  void theMongoStandInIsAStandInInEveryOutputWhateverTheWriteConcernAsks() throws Exception {
    try (JavaLocalBroker broker = new JavaLocalBroker(MongoMqProvider.LOCAL_BROKER)) {
      MongoMqProvider mongo = new MongoMqProvider();
      String uri = broker.start(mongo.configure(Map.of())).effective().get("mongo.uri");

      Ran cli =
          run("mongo", "-p", "mongo.uri=" + uri, "--durability", "fsync", "--messages", "300");

      assertThat(cli.exitCode()).as(cli.err()).isZero();
      assertStandIn(cli, "MongoDB");
    }
  }

  @Test
  void theElasticMqStandInIsAStandInNotAmazonSqs() throws Exception {
    try (JavaLocalBroker broker = new JavaLocalBroker(SqsMqProvider.LOCAL_BROKER)) {
      SqsMqProvider sqs = new SqsMqProvider();
      String endpoint = broker.start(sqs.configure(Map.of())).effective().get("sqs.endpoint");

      Ran cli =
          run(
              "sqs",
              "-p",
              "sqs.endpoint=" + endpoint,
              "--messages",
              "200",
              "--in-flight",
              "1",
              "--receiver-idle",
              "2s");

      assertThat(cli.exitCode()).as(cli.err()).isZero();
      assertStandIn(cli, "Amazon SQS");
    }
  }

  @Test
  void aNatsServerThatCannotFsyncIsRecordedInMemoryWhateverSyncAlwaysSays() throws Exception {
    NatsMqProvider nats = new NatsMqProvider();
    LocalBroker server =
        nats.newLocalBroker(nats.configure(Map.of("nats.syncAlways", "false"))).orElseThrow();
    try (server) {
      String url =
          server
              .start(nats.configure(Map.of("nats.syncAlways", "false")))
              .effective()
              .get("nats.url");

      Ran cli = run("nats", "-p", "nats.url=" + url, "--durability", "fsync", "--messages", "300");

      assertThat(cli.out())
          .contains("durability in memory")
          .contains("which cannot fsync before it acknowledges");
      assertThat(csvCell("durability")).isEqualTo("memory");
      assertThat(runJson().path("durabilityCheck").path("asked").path("level").asText())
          .isEqualTo("FSYNC");
    }
  }

  @Test
  void aRedisServerSwitchedToAppendfsyncNoMidRunEndsDurabilityChanged() throws Exception {
    RedisMqProvider redis = new RedisMqProvider();
    LocalBroker server = redis.newLocalBroker(redis.configure(Map.of())).orElseThrow();
    try (server) {
      String uri = server.start(redis.configure(Map.of())).effective().get("redis.uri");
      int port = URI.create(uri).getPort();
      CompletableFuture<Ran> running =
          CompletableFuture.supplyAsync(
              () ->
                  run(
                      "redis",
                      "-p",
                      "redis.uri=" + uri,
                      "-p",
                      "redis.stream=switched",
                      "--durability",
                      "fsync",
                      "--duration",
                      "3s"));
      // Once the measured run is sending (the reading before it is done), the server is switched.
      while (!redisCli(port, "XINFO", "STREAM", "switched")
          .matches("(?s).*entries-added\\s+[1-9].*")) {
        assertThat(running).isNotDone();
        Thread.sleep(50);
      }
      assertThat(redisCli(port, "CONFIG", "SET", "appendfsync", "no")).contains("OK");
      Ran cli = running.get(60, TimeUnit.SECONDS);

      assertThat(cli.exitCode()).as(cli.err()).isEqualTo(ExitCodes.DURABILITY_CHANGED);
      assertThat(cli.out())
          .contains("durability in memory")
          .contains("CHANGED during the run: at the start fsynced to disk");
      assertThat(cli.err()).contains("mqbench: DURABILITY CHANGED");
      assertThat(runJson().path("status").asText()).isEqualTo("durability changed");
      assertThat(csvCell("durability")).isEqualTo("memory");
      assertThat(csvCell("status")).isEqualTo("durability changed");
    }
  }

  private static String redisCli(int port, String... command) throws Exception {
    List<String> args = new ArrayList<>(List.of("redis-cli", "-p", String.valueOf(port)));
    args.addAll(List.of(command));
    Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    p.waitFor(10, TimeUnit.SECONDS);
    return out;
  }
}
