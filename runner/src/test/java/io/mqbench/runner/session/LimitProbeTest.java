package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.testing.TestSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When the probe of the receiving side's limit does not run, the limit says why. */
class LimitProbeTest {
  private static LimitProbe probe(Duration time, boolean onWorkers, boolean stopped) {
    return new LimitProbe(
        TestSettings.builder().receivers(2).build(),
        time,
        onWorkers,
        () -> stopped,
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
  }

  @Test
  void aProbeRunsInThisProcessWhenItHasTimeAndTheRunWasNotStopped() {
    assertThat(probe(Duration.ofSeconds(10), false, false).whyUnprobed()).isEmpty();
  }

  @Test
  void aProbeOfNoTimeIsNamedByItsOption() {
    assertThat(probe(Duration.ZERO, false, false).whyUnprobed()).contains("--limit-probe 0s");
  }

  @Test
  void noProbeRunsOnWorkersSinceDoublingTheReceiversWouldPlaceThemAnew() {
    assertThat(probe(Duration.ofSeconds(10), true, false).whyUnprobed())
        .contains("not probed on workers");
  }

  @Test
  void noProbeRunsAfterAStop() {
    assertThat(probe(Duration.ofSeconds(10), false, true).whyUnprobed())
        .contains("the run was stopped");
  }
}
