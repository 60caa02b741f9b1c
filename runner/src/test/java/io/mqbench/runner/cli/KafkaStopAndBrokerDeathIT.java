package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.kafka.KafkaMqProvider;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.TestRunConfigs;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.session.BenchmarkSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka runs end in bounded time: a broker killed mid-run is a failure naming it within the
 * client's own timeouts (30 s at most), and a stopped run (SIGTERM, as Ctrl-C) ends within 10 s,
 * its local broker's stop included, with its results written.
 */
class KafkaStopAndBrokerDeathIT {
  @TempDir Path tmp;

  private static RunSettings sixtySeconds() {
    return TestSettings.builder()
        .messagesPerSender(Long.MAX_VALUE)
        .duration(Optional.of(Duration.ofSeconds(60)))
        .inFlight(16)
        .receiverIdle(Duration.ofSeconds(10))
        .receiveWait(Duration.ofMillis(200))
        .connectTimeout(Duration.ofSeconds(30))
        .build();
  }

  @Test
  void aBrokerKilledMidRunIsAFailureNamingItWithinThirtySecondsBeyondAnyAnnouncedSettleDrain()
      throws Exception {
    try (JavaLocalBroker kafka = new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER)) {
      kafka.start(new KafkaMqProvider().configure(Map.of("kafka.localBrokerHeapMb", "384")));
      KafkaMqProvider provider = new KafkaMqProvider();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      RunConfig config = TestRunConfigs.seeded("kafka", sixtySeconds(), tmp);
      AtomicLong killedAt = new AtomicLong();
      RunResult r =
          new BenchmarkSession(
                  provider,
                  provider.configure(Map.of("kafka.bootstrapServers", kafka.address())),
                  config,
                  new PrintStream(err, true, StandardCharsets.UTF_8))
              .run(
                  c ->
                      new ProgressDisplay() {
                        @Override
                        public void update(Tick tick) {
                          if (tick.second() == 3) {
                            try {
                              kafka.process().kill(); // SIGKILL
                            } catch (InterruptedException e) {
                              Thread.currentThread().interrupt();
                            }
                            killedAt.set(System.nanoTime());
                          }
                        }

                        @Override
                        public void close() {}
                      });
      double seconds = (System.nanoTime() - killedAt.get()) / 1e9;
      System.err.printf(
          "[kafka-death] from kill -9 to the run's end: %.1f s; %s%n%s",
          seconds, r.statusLine(), err.toString(StandardCharsets.UTF_8));

      assertThat(killedAt.get()).as("broker killed").isPositive();
      assertThat(r.status()).isIn(RunStatus.FAILED, RunStatus.UNSETTLED);
      assertThat(r.failure()).contains(kafka.address());
      assertThat(r.totals().lost()).as("nothing proven lost").isZero();
      // Messages in flight at the kill are drained for a bound the run announces (a broker that
      // restarts comes back within it); that drain is not part of noticing the failure.
      Matcher drain =
          Pattern.compile("draining the queue for up to (\\d+)s")
              .matcher(err.toString(StandardCharsets.UTF_8));
      int settle = drain.find() ? Integer.parseInt(drain.group(1)) : 0;
      assertThat(seconds)
          .as("seconds from kill to the run's end, %d s of announced settle drain", settle)
          .isLessThan(30 + settle);
    }
  }

  @Test
  void aStoppedRunWithALocalBrokerEndsWithinTenSecondsWithItsResults() throws Exception {
    Path out = tmp.resolve("results");
    Path log = tmp.resolve("stderr.txt");
    Path scratch = Files.createDirectories(tmp.resolve("scratch")); // the runner's java.io.tmpdir
    Process runner =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.io.tmpdir=" + scratch,
                    "-cp",
                    System.getProperty("java.class.path"),
                    Main.class.getName(),
                    "run",
                    "--queue",
                    "kafka",
                    "--duration",
                    "60s",
                    "--receivers",
                    "2",
                    "--progress",
                    "always",
                    "--out",
                    out.toString()))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      // Progress shows once the measured run has started; stop a few seconds into it.
      while (!Files.readString(log).contains("/s sent") && System.nanoTime() < deadline) {
        assertThat(runner.isAlive()).as(Files.readString(log)).isTrue();
        Thread.sleep(200);
      }
      Thread.sleep(4_000);
      long stop = System.nanoTime();
      runner.destroy(); // SIGTERM: the JVM's shutdown hooks run, as on Ctrl-C
      boolean ended = runner.waitFor(60, TimeUnit.SECONDS);
      double seconds = (System.nanoTime() - stop) / 1e9;
      System.err.printf(
          "[kafka-stop] from SIGTERM to the runner's exit: %.1f s%n%s",
          seconds, Files.readString(log).replaceAll("(?s)^.*(mqbench: kafka)", "$1"));

      assertThat(ended).isTrue();
      assertThat(seconds).as("seconds from the stop to the exit").isLessThan(10);
      try (Stream<Path> runs = Files.list(out).filter(Files::isDirectory)) {
        Path folder = runs.findFirst().orElseThrow();
        JsonNode run = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
        assertThat(run.path("status").asText()).isEqualTo("interrupted");
        assertThat(run.path("totals").path("lost").asLong()).isZero();
      }
      try (Stream<Path> left = Files.list(scratch)) {
        assertThat(left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("mqbench")))
            .as("the local broker's data directory is deleted")
            .isEmpty();
      }
    } finally {
      runner.destroyForcibly();
    }
  }
}
