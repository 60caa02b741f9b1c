package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.testing.TestSettings;
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
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Loss only where proven: a run cut short by a failure leaves its acknowledged-but-unreceived
 * messages unsettled, drains the queue to settle them, and calls lost only what a completed drain
 * did not find.
 */
class SettlementTest {
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private RunResult run(DurableMemory backend, long messages) throws InterruptedException {
    RunSettings settings = TestSettings.throughput(1, 1, messages);
    RunConfig config = TestRunConfigs.seeded("memory", settings, Path.of("x"));
    return new BenchmarkSession(
            backend,
            backend.configure(Map.of()),
            config,
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .run(c -> ProgressDisplay.none());
  }

  @Test
  void messagesLeftInTheQueueByAFailureAreSettledAsReceivedNotLost() throws Exception {
    DurableMemory backend = new DurableMemory().failReceiversOnceSent(1_000);

    RunResult r = run(backend, 1_000);

    assertThat(r.failure()).contains("broker gone");
    assertThat(r.totals().lost()).as("lost").isZero();
    assertThat(r.totals().sent()).isEqualTo(1_000);
    assertThat(r.totals().settled()).as("found by the settle drain").isEqualTo(1_000);
    assertThat(r.totals().unsettled()).isZero();
    assertThat(r.totals().distinct()).isEqualTo(1_000);
    assertThat(r.status()).isEqualTo(RunStatus.FAILED);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("settle drain found 1,000");
  }

  @Test
  void aBrokerThatRefusesTheFirstConnectionsIsTriedAgainForTheDrainsWholeWindow() throws Exception {
    // A broker restarting after the failure refuses connections for a moment.
    DurableMemory backend =
        new DurableMemory().failReceiversOnceSent(1_000).refuseConnectionsAfterTheRun(3);

    RunResult r = run(backend, 1_000);

    assertThat(r.totals().settled()).as("found by the settle drain").isEqualTo(1_000);
    assertThat(r.totals().unsettled()).isZero();
    assertThat(r.totals().lost()).isZero();
  }

  @Test
  void whenTheBackendCannotBeReachedAgainTheMessagesStayUnsettled() throws Exception {
    DurableMemory backend =
        new DurableMemory().failReceiversOnceSent(1_000).unreachableAfterTheRun();

    RunResult r = run(backend, 1_000);

    assertThat(r.totals().lost()).as("lost").isZero();
    assertThat(r.totals().unsettled()).isEqualTo(1_000);
    assertThat(r.status()).isEqualTo(RunStatus.UNSETTLED);
    assertThat(r.status().exitCode()).isEqualTo(6);
    assertThat(r.status().label()).isEqualTo("unsettled");
    assertThat(r.delivery()).as("bitmaps for a later drain").isNotNull();
  }

  @Test
  void aSettleDrainThatEndsIdleProvesWhatItDidNotFindLost() throws Exception {
    DurableMemory backend = new DurableMemory().failReceiversOnceSent(900).dropEveryNthBatch(10);

    RunResult r = run(backend, 1_000);

    assertThat(backend.dropped()).isPositive();
    assertThat(r.totals().lost()).isEqualTo(backend.dropped());
    assertThat(r.totals().unsettled()).isZero();
    assertThat(r.totals().settled()).isEqualTo(r.totals().sent() - backend.dropped());
    assertThat(r.status()).isEqualTo(RunStatus.LOST_MESSAGES);
  }

  @Test
  void aStoppedRunLeavesItsMissingMessagesUnsettledWithoutASettleDrain() throws Exception {
    DurableMemory backend = new DurableMemory();
    RunSettings sendOnly =
        TestSettings.throughput(1, 0, Long.MAX_VALUE).forDuration(Duration.ofSeconds(30));
    RunConfig config = TestRunConfigs.seeded("memory", sendOnly, Path.of("x"));
    BenchmarkSession session =
        new BenchmarkSession(
            backend,
            backend.configure(Map.of()),
            config,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    // Ctrl-C once the run is under way (its first tick), not after a fixed delay: on a loaded
    // machine preparing may take longer than any delay chosen here.
    ProgressDisplay ctrlCAtFirstTick =
        new ProgressDisplay() {
          @Override
          public void update(Tick tick) {
            session.requestStop();
          }

          @Override
          public void close() {}
        };

    RunResult r = session.run(c -> ctrlCAtFirstTick);

    assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
    assertThat(r.failure()).isNull();
    assertThat(r.totals().sent()).isPositive();
    assertThat(r.totals().settled()).as("no settle drain after a stop").isZero();
    assertThat(r.totals().unsettled()).isEqualTo(r.totals().sent());
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("stay unsettled")
        .doesNotContain("settle drain found");
  }
}
