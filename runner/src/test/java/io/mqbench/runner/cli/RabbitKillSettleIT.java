package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.MqProviders;
import io.mqbench.rabbitmq.RabbitMqProvider;
import io.mqbench.rabbitmq.RabbitNode;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.TestRunConfigs;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.session.BenchmarkSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The proof of "loss only where proven": {@code kill -9} of a private RabbitMQ node while senders
 * fill a durable quorum queue. The run reports its acknowledged messages unsettled, not lost; after
 * the node restarts on the same data, {@code mqbench drain} finds every one of them.
 */
class RabbitKillSettleIT {
  @TempDir Path tmp;

  @Test
  void killedNodeLeavesConfirmedMessagesUnsettledAndADrainAfterItsRestartFindsThemAll()
      throws Exception {
    Optional<Path> bin = RabbitNode.installed();
    assumeTrue(bin.isPresent(), "rabbitmq-server is not installed");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    try (RabbitNode node = new RabbitNode(bin.get())) {
      node.start();
      RabbitMqProvider rabbit = new RabbitMqProvider();
      Map<String, String> keys =
          Map.of(
              "rabbitmq.uri", node.uri(),
              "rabbitmq.queue", "mqbench-kill-settle",
              "rabbitmq.connectTimeout", "2s",
              "rabbitmq.confirmTimeout", "5s");
      // Send, then drain: every acknowledged message waits in the queue when the node dies.
      RunSettings settings =
          TestSettings.builder()
              .senders(2)
              .messagesPerSender(Long.MAX_VALUE)
              .duration(Optional.of(Duration.ofSeconds(60)))
              .maxBatch(50)
              .inFlight(16)
              .phases(Phases.SEND_THEN_DRAIN)
              .receiverIdle(Duration.ofSeconds(3))
              .receiveWait(Duration.ofMillis(200))
              .connectTimeout(Duration.ofSeconds(15))
              .build();
      RunConfig config = TestRunConfigs.seeded("rabbitmq", settings, tmp);
      AtomicBoolean killed = new AtomicBoolean();
      long start = System.nanoTime();
      RunResult result =
          new BenchmarkSession(rabbit, rabbit.configure(keys), config, errStream)
              .run(
                  c ->
                      new ProgressDisplay() {
                        @Override
                        public void update(Tick tick) {
                          if (tick.sentTotal() >= 20_000 && !killed.getAndSet(true)) {
                            try {
                              node.process().kill(); // SIGKILL: no clean shutdown
                            } catch (InterruptedException e) {
                              Thread.currentThread().interrupt();
                            }
                          }
                        }

                        @Override
                        public void close() {}
                      });
      double seconds = (System.nanoTime() - start) / 1e9;
      String said = err.toString(StandardCharsets.UTF_8);
      System.err.printf(
          "[kill-settle] run ended %.1f s after its start: %s, sent %d, unsettled %d, lost %d%n%s",
          seconds,
          result.statusLine(),
          result.totals().sent(),
          result.totals().unsettled(),
          result.totals().lost(),
          said);

      assertThat(killed).as("node killed mid-run").isTrue();
      assertThat(result.totals().sent()).isGreaterThanOrEqualTo(20_000);
      assertThat(result.totals().lost()).as("lost").isZero();
      assertThat(result.totals().unsettled()).isEqualTo(result.totals().sent());
      assertThat(result.status()).isEqualTo(RunStatus.UNSETTLED);
      Path folder = tmp.resolve("killed");
      ResultsFolder.write(result, folder);

      node.start(); // same data directory: the durable queue and its persistent messages
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Invocation invocation =
          new Invocation(
              new PrintStream(out, true, StandardCharsets.UTF_8),
              errStream,
              Map.of(),
              Map.of(),
              false);
      int code =
          new CommandLine(new DrainCommand(invocation, MqProviders.of(List.of(rabbit))))
              .execute(
                  folder.toString(),
                  "-p",
                  "rabbitmq.uri=" + node.uri(),
                  "-p",
                  "rabbitmq.password=guest",
                  // The restarted node replays the quorum queue's log before basic.consume answers;
                  // under a full build's load that took over the default 30 s (twice, 46,421
                  // messages), failing the drain with "basic.consume timed out".
                  "-p",
                  "rabbitmq.confirmTimeout=120s",
                  // ... and the drain's own bound must outlast that wait: with 63,152 messages a
                  // full build's drain gave up at its default 1m ("could not reach rabbitmq").
                  "--timeout",
                  "3m",
                  "--idle",
                  "3s");

      String drained = out.toString(StandardCharsets.UTF_8);
      System.err.println("[kill-settle] drain: " + drained + err.toString(StandardCharsets.UTF_8));
      JsonNode run = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
      assertThat(run.path("totals").path("settled").asLong())
          .as(drained)
          .isEqualTo(result.totals().sent());
      assertThat(run.path("totals").path("lost").asLong()).isZero();
      assertThat(run.path("totals").path("unsettled").asLong()).isZero();
      assertThat(code).isEqualTo(RunStatus.FAILED.exitCode());
    }
  }
}
