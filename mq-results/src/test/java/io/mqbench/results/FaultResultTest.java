package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.engine.CatchUp;
import io.mqbench.engine.DeliveryGap;
import io.mqbench.engine.FaultRecord;
import io.mqbench.engine.measure.EncodedHistogram;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: around each fault, the dip (the lowest second), the recovery time (until the received
 * rate is back to 90 % of its level before the fault) and the longest time without a delivery.
 */
class FaultResultTest {
  private static final long S = 1_000_000_000L;

  /**
   * Received so far at every tenth of a second, from rates given second by second (spread evenly
   * over each second).
   */
  private static List<Long> tenths(long... receivedPerSecond) {
    List<Long> counts = new ArrayList<>(List.of(0L));
    long received = 0;
    for (long rate : receivedPerSecond) {
      for (int t = 1; t <= 10; t++) {
        counts.add(received + rate * t / 10);
      }
      received += rate;
    }
    return counts;
  }

  private static CatchUp.Window window(long start, long end, long received) {
    EncodedHistogram none = EncodedHistogram.empty();
    return new CatchUp.Window(start, end, received, received, none, none, none);
  }

  /** A kill and restart at 3 s whose action took 1.5 s, 1,000 msgs/s received before it. */
  private static FaultRecord restartAtThree() {
    return new FaultRecord(
        "restart-broker",
        "kafka node 1",
        3 * S,
        true,
        3 * S,
        3 * S + S / 2 * 3,
        "restarted",
        Optional.empty(),
        window(0, 3 * S, 3_000),
        window(3 * S, 3 * S + S / 2 * 3, 100),
        window(3 * S + S / 2 * 3, 10 * S, 6_000));
  }

  @Test
  void recoveryIsWhenTheRateOverTheSecondBeforeIsBackAtNinetyPercentOfItsLevelBeforeTheFault() {
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 100, 850, 950, 1_000, 1_000, 1_000);

    FaultResult f = FaultResult.of(restartAtThree(), counts, List.of());

    assertThat(f.receivedPerSecondBefore()).isEqualTo(1_000);
    assertThat(f.lowestReceivedPerSecond()).isZero();
    assertThat(f.recoverySeconds())
        .as("5.5 to 6.5 s: half a second at 850 and half at 950 msgs/s make 900, 3.5 s after 3 s")
        .isCloseTo(3.5, within(1e-9));
    assertThat(f.summary())
        .contains("restart-broker on kafka node 1 at 3.00 s for 1.50 s (restarted)")
        .contains("lowest 0 msgs/s")
        .contains("back to 90 % of 1,000 msgs/s received after 3.5 s");
  }

  @Test
  void aFaultTheReceiversDidNotFeelRecoversInTheShortestWindowJudged() {
    FaultResult f =
        FaultResult.of(restartAtThree(), tenths(1_000, 1_000, 1_000, 1_000, 1_000), List.of());

    assertThat(f.recoverySeconds()).isCloseTo(0.5, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(f.lowestReceivedPerSecond()).isEqualTo(1_000);
  }

  @Test
  void aRateThatNeverComesBackIsNotRecovered() {
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 0, 500, 600, 700);

    FaultResult f = FaultResult.of(restartAtThree(), counts, List.of());

    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.summary()).contains("NOT back to 90 % of 1,000 msgs/s by the end");
  }

  @Test
  void theLongestGapIsTheLongestOfThoseAroundTheFault() {
    List<DeliveryGap> gaps =
        List.of(
            // into the restart at 3 s, before the pause at 6 s
            new DeliveryGap(S / 2, S / 2 + 5 * S),
            new DeliveryGap(0, S / 10 * 9), // before it, not around it
            new DeliveryGap(4 * S, 4 * S + S / 10 * 25),
            new DeliveryGap(11 * S, 20 * S)); // after its after window
    FaultRecord early =
        new FaultRecord(
            "pause-broker",
            "artemis",
            6 * S,
            true,
            6 * S,
            7 * S,
            "paused and resumed",
            Optional.empty(),
            window(0, 6 * S, 6_000),
            window(6 * S, 7 * S, 0),
            window(7 * S, 10 * S, 4_000));

    FaultResult f = FaultResult.of(early, tenths(1_000, 1_000), gaps);

    assertThat(f.longestGapSeconds()).as("the 2.5 s gap from 4 s into it").isEqualTo(2.5);
    FaultResult r = FaultResult.of(restartAtThree(), tenths(1_000), gaps);
    assertThat(r.longestGapSeconds()).as("the 5 s gap overlapping its start").isEqualTo(5.0);
  }

  @Test
  void aFaultThatWasNotInjectedSaysSoAndHasNoRecovery() {
    FaultRecord late =
        new FaultRecord(
            "kill-broker",
            "rabbitmq",
            30 * S,
            false,
            30 * S,
            30 * S,
            "not injected: the run ended before it was due",
            Optional.empty(),
            window(30 * S, 30 * S, 0),
            window(30 * S, 30 * S, 0),
            window(30 * S, 30 * S, 0));

    FaultResult f = FaultResult.of(late, tenths(1_000, 1_000), List.of());

    assertThat(f.injected()).isFalse();
    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.summary())
        .isEqualTo(
            "kill-broker on rabbitmq at 30.0 s: not injected: the run ended before it was due");
  }
}
