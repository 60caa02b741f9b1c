package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.envelope.MessageSizes;
import org.junit.jupiter.api.Test;

/** The rules by which a run's plan fits a machine, on machines given by their cores and memory. */
class MachineLimitsTest {
  private static final long GIB = 1L << 30;

  /** A machine of 2 cores and 8 GiB: 512 threads. */
  private static final MachineLimits SMALL = new MachineLimits(2, 8 * GIB);

  private static RunSettings threads(int senders, int receivers) {
    return TestSettings.builder()
        .senders(senders)
        .receivers(receivers)
        .messagesPerSender(10)
        .build();
  }

  @Test
  void threadsAreBoundedPerCoreWithAFloor() {
    assertThat(SMALL.maxThreads()).isEqualTo(MachineLimits.MIN_THREADS);
    assertThat(new MachineLimits(16, 64 * GIB).maxThreads())
        .isEqualTo(16 * MachineLimits.THREADS_PER_CORE);

    assertThatNoException().isThrownBy(() -> SMALL.check(threads(256, 256), 64 * GIB, "x"));
    assertThatThrownBy(() -> SMALL.check(threads(257, 256), 64 * GIB, "x"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("513 sender and receiver threads")
        .hasMessageContaining("256 per core, at least 512: 512 here");
  }

  @Test
  void receiversOfEverySubscriptionAreThreads() {
    RunSettings s =
        TestSettings.builder()
            .senders(100)
            .receivers(100)
            .subscriptions(5)
            .messagesPerSender(10)
            .build();

    assertThatThrownBy(() -> SMALL.check(s, 64 * GIB, "x"))
        .hasMessageContaining("--subscriptions 5: 600 sender and receiver threads");
  }

  @Test
  void aPlanWhoseThreadsAndMessagesInFlightNeedMoreHeapThanTheRunCanHaveIsRefused() {
    RunSettings s =
        TestSettings.builder()
            .senders(200)
            .receivers(200)
            .messagesPerSender(10)
            .maxBatch(10)
            .messageSizes(MessageSizes.of(1 << 20))
            .build();

    assertThat(RunHeap.fixed(s)).isGreaterThan(2 * GIB);
    assertThatThrownBy(() -> SMALL.check(s, 2 * GIB, "raise --heap"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("before accounting for a single message")
        .hasMessageContaining("more than the run can have (2,048 MiB; this machine has 8,192 MiB)")
        .hasMessageEndingWith("or raise --heap");
    assertThatNoException().isThrownBy(() -> SMALL.check(threads(200, 200), 2 * GIB, "x"));
  }
}
