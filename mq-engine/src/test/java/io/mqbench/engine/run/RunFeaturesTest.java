package io.mqbench.engine.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunOutcomeBuilder;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunFeaturesTest {

  /** A feature no run has: the run ends once it received a number of messages. */
  private static final class EndAfterDeliveries implements RunWatcher {
    private final long deliveries;
    private boolean reached;

    EndAfterDeliveries(long deliveries) {
      this.deliveries = deliveries;
    }

    @Override
    public void poll(RunState run) {
      if (run.received() >= deliveries) {
        reached = true;
        run.stopSenders();
        run.end(false);
      }
    }

    @Override
    public void contribute(RunEnd end, RunOutcomeBuilder outcome) {
      assertThat(reached).as("the run ended by this feature").isTrue();
    }
  }

  @Test
  void aNewFeatureIsAWatcherAddedToTheStandardOnesAndEndsARunOnItsOwnRule() throws Exception {
    RunSettings endless =
        TestSettings.builder().messagesPerSender(1_000).build().forDuration(Duration.ofMinutes(5));
    RunFeatures features =
        RunFeatures.standard(endless, List.of()).with(new EndAfterDeliveries(50_000));
    long start = System.nanoTime();

    RunOutcome outcome = coordinator(endless, features).run();

    assertThat((System.nanoTime() - start) / 1e9)
        .as("seconds, of five minutes asked")
        .isLessThan(60);
    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().received()).isGreaterThanOrEqualTo(50_000);
    assertThat(outcome.pacing().firstDeliveryNanos())
        .as("the standard features still contribute their parts")
        .isPositive();
  }

  @Test
  void everyRunHasItsGapsPacingAndEndAndOnlyTheFeaturesItsSettingsAskFor() {
    RunSettings together = TestSettings.builder().build();
    assertThat(types(RunFeatures.standard(together, List.of())))
        .containsExactly(
            DeliveryGaps.class, SendGaps.class, SenderPacing.class, ReceivingEnd.class);

    RunSettings drain =
        TestSettings.builder()
            .phases(Phases.SEND_THEN_DRAIN)
            .build()
            .forDuration(Duration.ofSeconds(1));
    assertThat(types(RunFeatures.standard(drain, List.of())))
        .containsExactly(
            DeliveryGaps.class,
            SendingDeadline.class,
            SendGaps.class,
            SenderPacing.class,
            ReceiversAfterSenders.class,
            ReceivingEnd.class);
  }

  private static List<Class<?>> types(RunFeatures features) {
    return features.watchers().stream().<Class<?>>map(Object::getClass).toList();
  }

  private static Coordinator coordinator(RunSettings settings, RunFeatures features) {
    MemoryMqProvider p = new MemoryMqProvider();
    Mq mq = p.open(p.configure(Map.of()));
    LocalCell cell = new LocalCell(spec -> new LocalCell.Opened(mq, "test"));
    return new Coordinator(
        List.of(
            new Coordinator.Placement(cell, CellSpec.whole("memory", Map.of(), settings, 1, 1))),
        t -> {},
        features);
  }
}
