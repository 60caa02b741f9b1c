package io.mqbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A throughput run's batches: random 1..B by default, exactly B with {@code fixedBatch}, the
 * pipeline of a fixed depth that {@code redis-benchmark -P B} sends.
 */
class FixedBatchTest {
  @Test
  void aThroughputRunWithAFixedBatchSendsEveryBatchFull() throws Exception {
    Set<Integer> sizes = ConcurrentHashMap.newKeySet();
    RunSettings settings =
        TestRuns.throughput(1, 1, 1_000).withMaxBatch(10).withInFlight(1).withFixedBatch(true);

    RunOutcome outcome = TestRuns.run(recordingSizes(sizes), settings);

    assertThat(outcome.ledger().sent()).isEqualTo(1_000);
    assertThat(sizes).containsExactly(10);
    assertThat(settings.describe()).contains("batch 10,").doesNotContain("1..10");
  }

  @Test
  void aThroughputRunWithoutItSendsBatchesOfOneToTheLargest() throws Exception {
    Set<Integer> sizes = ConcurrentHashMap.newKeySet();
    RunSettings settings = TestRuns.throughput(1, 1, 1_000).withMaxBatch(10).withInFlight(1);

    TestRuns.run(recordingSizes(sizes), settings);

    assertThat(sizes).hasSizeGreaterThan(1).allMatch(n -> n >= 1 && n <= 10);
    assertThat(settings.describe()).contains("batch 1..10");
  }

  private static SenderWrappingMq recordingSizes(Set<Integer> sizes) {
    return new SenderWrappingMq(
        TestRuns.memory(),
        (batch, next) -> {
          sizes.add(batch.size());
          next.send(batch);
        });
  }
}
