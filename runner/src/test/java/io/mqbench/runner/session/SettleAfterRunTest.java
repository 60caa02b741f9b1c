package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Which runs are drained after they end, and why the others leave what is missing unsettled. */
class SettleAfterRunTest {
  private final PrintStream err =
      new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

  private SettleAfterRun settle(int receivers, int queues, boolean onWorkers) {
    return new SettleAfterRun(
        new MemoryMqProvider(),
        TestSettings.builder()
            .senders(queues)
            .receivers(queues > 1 ? queues : receivers)
            .queues(queues)
            .build(),
        onWorkers,
        err);
  }

  @Test
  void aRunThatFailedWasStoppedOrEndedWithMessagesMissingWasCutShort() {
    SettleAfterRun s = settle(1, 1, false);

    assertThat(s.cutShort(true, false)).isTrue();
    assertThat(s.cutShort(false, true)).isTrue();
    assertThat(s.cutShort(false, false)).as("an outage it rode through").isTrue();
  }

  @Test
  void aRunWithoutReceiversThatNeitherFailedNorStoppedWasNotCutShort() {
    assertThat(settle(0, 1, false).cutShort(false, false)).isFalse();
  }

  @Test
  void aFailedRunInThisProcessOnOneQueueIsDrained() {
    assertThat(settle(1, 1, false).whyNotDrained(true, false)).isEmpty();
    assertThat(settle(1, 1, false).whyNotDrained(false, false)).as("after an outage").isEmpty();
  }

  @Test
  void aRunOnWorkersIsNotDrainedFromHere() {
    assertThat(settle(1, 1, true).whyNotDrained(true, false)).get().asString().contains("workers");
  }

  @Test
  void aRunOfSeveralQueuesIsNotDrained() {
    assertThat(settle(1, 2, false).whyNotDrained(true, false))
        .get()
        .asString()
        .contains("several queues");
  }

  @Test
  void aStoppedRunIsLeftToTheDrainCommandSoThatTheStopEndsPromptly() {
    assertThat(settle(1, 1, false).whyNotDrained(false, true))
        .get()
        .asString()
        .contains("before the stop");
    assertThat(settle(1, 1, false).whyNotDrained(true, true)).as("failed as well").isEmpty();
  }
}
