package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.RunSettings;
import io.mqbench.engine.testing.TestSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How long a settle drain waits before a silence proves loss: past the backend's lease. */
class SettleBoundTest {
  private static final RunSettings RUN =
      TestSettings.builder().receiverIdle(Duration.ofSeconds(10)).build();

  @Test
  void aSilenceProvesLossOnlyPastTheBackendsLeaseAndTheReceiversIdleTime() {
    SettleBound b = SettleBound.of(Duration.ofSeconds(30), RUN, false);

    assertThat(b.idle()).isEqualTo(Duration.ofSeconds(40));
    assertThat(b.bound())
        .as("after an outage the broker may still be restarting")
        .isEqualTo(Duration.ofSeconds(100));
    assertThat(b.why()).contains("lease of 30s");
  }

  @Test
  void aBackendThatHandsMessagesOutAgainAtOnceWaitsOnlyTheIdleTime() {
    SettleBound b = SettleBound.of(Duration.ZERO, RUN, true);

    assertThat(b.idle()).isEqualTo(Duration.ofSeconds(10));
    assertThat(b.bound()).isEqualTo(Duration.ofSeconds(20));
    assertThat(b.why()).isEqualTo("the receivers' idle time");
  }
}
