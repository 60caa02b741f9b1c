package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.broker.BrokerResolution.LocalPolicy;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.TestRunConfigs;
import io.mqbench.runner.progress.ProgressDisplay;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BenchmarkSessionTest {

  @Test
  void theTimelineOfARunEndingMidSecondAddsUpToItsTotals() throws Exception {
    RunConfig config =
        TestRunConfigs.seeded("memory", timed(Duration.ofMillis(1500)), Path.of("unused"));
    MemoryMqProvider memory = new MemoryMqProvider();
    BenchmarkSession session =
        new BenchmarkSession(
            memory,
            memory.configure(Map.of()),
            config,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    List<Tick> shown = new ArrayList<>();

    RunResult result =
        session.run(
            c ->
                new ProgressDisplay() {
                  @Override
                  public void update(Tick tick) {
                    shown.add(tick);
                  }

                  @Override
                  public void close() {}
                });

    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // it); either way nothing was lost and the run exits 0.
    assertThat(result.status()).isIn(RunStatus.OK, RunStatus.HOST_LIMITED);
    assertThat(result.rates().timeline().stream().mapToLong(Tick::sentInSecond).sum())
        .isEqualTo(result.totals().sent());
    assertThat(result.rates().timeline().stream().mapToLong(Tick::receivedInSecond).sum())
        .isEqualTo(result.totals().received());
    assertThat(shown)
        .as("the progress display ends on the run's totals")
        .isEqualTo(result.rates().timeline());
  }

  private static RunSettings timed(Duration duration) {
    return TestSettings.builder()
        .messagesPerSender(Long.MAX_VALUE)
        .duration(Optional.of(duration))
        .inFlight(8)
        .build();
  }

  @Test
  void aStopDuringTheWarmupAlsoStopsTheMeasuredRun() throws Exception {
    RunSettings thirtySeconds =
        TestSettings.builder()
            .messagesPerSender(Long.MAX_VALUE)
            .duration(Optional.of(Duration.ofSeconds(30)))
            .inFlight(8)
            .build();
    RunConfig config =
        new RunConfig(
            "memory",
            thirtySeconds,
            Duration.ofSeconds(30),
            Optional.of(1L),
            Path.of("unused"),
            Map.of(),
            Duration.ZERO,
            Optional.empty(),
            List.of(),
            LocalPolicy.AUTO);
    MemoryMqProvider memory = new MemoryMqProvider();
    BenchmarkSession session =
        new BenchmarkSession(
            memory,
            memory.configure(Map.of()),
            config,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    Thread ctrlC =
        new Thread(
            () -> {
              try {
                Thread.sleep(500); // well inside the 30 s warm-up
              } catch (InterruptedException e) {
                return;
              }
              session.requestStop();
            });
    ctrlC.setDaemon(true);
    long start = System.nanoTime();
    ctrlC.start();

    RunResult result = session.run(c -> ProgressDisplay.none());
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(result.status()).isEqualTo(RunStatus.INTERRUPTED);
    assertThat(seconds).as("neither the warm-up nor the measured run ran out").isLessThan(15);
  }
}
