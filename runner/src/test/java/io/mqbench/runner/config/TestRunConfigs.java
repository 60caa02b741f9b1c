package io.mqbench.runner.config;

import io.mqbench.broker.BrokerResolution.LocalPolicy;
import io.mqbench.engine.RunSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Run configurations for tests that drive a session directly rather than through the CLI. */
public final class TestRunConfigs {
  private TestRunConfigs() {}

  /**
   * @param queue the backend
   * @param run what to run
   * @param out the results folder
   * @return the run with seed 1, and no warm-up, backend keys, limit probe, machine price or
   *     faults, under the default local-broker policy
   */
  public static RunConfig seeded(String queue, RunSettings run, Path out) {
    return new RunConfig(
        queue,
        run,
        Duration.ZERO,
        Optional.of(1L),
        out,
        Map.of(),
        Duration.ZERO,
        Optional.empty(),
        List.of(),
        LocalPolicy.AUTO);
  }
}
