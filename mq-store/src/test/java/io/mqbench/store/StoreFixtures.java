package io.mqbench.store;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.time.Instant;

/** Runs to store: the results module's fixed result under ids and times of a test's choosing. */
final class StoreFixtures {
  static final StoredRun.Batch BATCH = new StoredRun.Batch("b1", "run", "memory");

  private StoreFixtures() {}

  /**
   * @param runId the run's id
   * @param second when it started, in seconds after a fixed instant
   */
  static RunResult run(String runId, int second) {
    return FixedResults.fixedResult(0)
        .withRunId(runId)
        .withStartedAt(Instant.parse("2026-11-22T08:00:00Z").plusSeconds(second).toString());
  }
}
