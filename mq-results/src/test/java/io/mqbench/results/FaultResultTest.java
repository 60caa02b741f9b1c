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
 * Around each fault: the dip, the recovery time (from the injection until the received rate is back
 * to 90 % of its level before the fault and stays there for 3 s) and the longest times without a
 * delivery and without an acknowledged send.
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

  private static FaultResult of(FaultRecord f, List<Long> counts, List<DeliveryGap> gaps) {
    return FaultResult.of(f, counts, gaps, List.of(), Double.MAX_VALUE);
  }

  @Test
  void recoveryIsFromWhenTheRateIsBackAtNinetyPercentOfItsLevelBeforeAndStaysThereThreeSeconds() {
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 100, 850, 950, 1_000, 1_000, 1_000);

    FaultResult f = of(restartAtThree(), counts, List.of());

    assertThat(f.receivedPerSecondBefore()).isEqualTo(1_000);
    assertThat(f.lowestReceivedPerSecond()).isZero();
    assertThat(f.dipSeconds()).as("the rate first fell below 900 at 3.5 s").isEqualTo(3.5);
    assertThat(f.recoverySeconds())
        .as("from 5.5 s every second holds 900 msgs/s or more: 2.5 s after 3 s")
        .isCloseTo(2.5, within(1e-9));
    assertThat(f.notRecovered()).isFalse();
    assertThat(f.summary())
        .contains("restart-broker on kafka node 1 at 3.00 s for 1.50 s (restarted)")
        .contains("lowest 0 msgs/s")
        .contains("back to 90 % of 1,000 msgs/s received, and held 3 s, after 2.5 s");
  }

  @Test
  void aFaultTheReceiversDidNotFeelRecoveredAtOnce() {
    FaultResult f = of(restartAtThree(), tenths(1_000, 1_000, 1_000, 1_000, 1_000), List.of());

    assertThat(f.dipSeconds()).isNull();
    assertThat(f.recoverySeconds()).isZero();
    assertThat(f.lowestReceivedPerSecond()).isEqualTo(1_000);
    assertThat(f.summary()).contains("the received rate never fell below 90 % of 1,000 msgs/s");
  }

  @Test
  void aRateThatNeverComesBackIsNotRecovered() {
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 0, 500, 600, 700);

    FaultResult f = of(restartAtThree(), counts, List.of());

    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.notRecovered()).isTrue();
    assertThat(f.summary()).contains("NOT back to 90 % of 1,000 msgs/s (held 3 s) by the end");
  }

  @Test
  void aConsumersBufferServingTheFirstSecondOfAPartitionIsNotARecovery() {
    // A 5 s partition of the leader at 10 s: the consumer's buffer serves the first second, then
    // nothing for two seconds and a trickle until the partition ends; back to 13,000 at 15 s.
    long[] rates = new long[25];
    java.util.Arrays.fill(rates, 13_000);
    rates[11] = 0;
    rates[12] = 0;
    rates[13] = 1_400;
    rates[14] = 1_400;
    FaultRecord partition =
        new FaultRecord(
            "partition-broker",
            "kafka node 1 (the leader)",
            10 * S,
            true,
            10 * S,
            15 * S,
            "cut off for 5 s",
            Optional.empty(),
            window(0, 10 * S, 130_000),
            window(10 * S, 15 * S, 15_800),
            window(15 * S, 25 * S, 130_000));
    List<DeliveryGap> noDelivery = List.of(new DeliveryGap(11 * S, 13 * S));
    List<DeliveryGap> noSend = List.of(new DeliveryGap(10 * S + S / 10, 15 * S + S / 10));

    FaultResult f = FaultResult.of(partition, tenths(rates), noDelivery, noSend, 25.0);

    assertThat(f.recoverySeconds()).as("back when the partition ended, 5 s after").isEqualTo(5.0);
    assertThat(f.dipSeconds()).isCloseTo(11.2, within(1e-9));
    assertThat(f.lowestReceivedPerSecond()).isZero();
    assertThat(f.longestGapSeconds()).as("no delivery").isEqualTo(2.0);
    assertThat(f.longestSendGapSeconds()).as("no acknowledged send").isEqualTo(5.0);
    assertThat(f.summary())
        .contains("unavailable: no delivery for 2.00 s, no acknowledged send for 5.00 s");
  }

  @Test
  void aKilledSenderLowersTheRateByDesignAndIsNoQueueThatDidNotRecover() {
    FaultRecord killSender =
        new FaultRecord(
            "kill-sender",
            "sender 2",
            3 * S,
            true,
            3 * S,
            3 * S,
            "sender 2 died",
            Optional.empty(),
            window(0, 3 * S, 3_000),
            window(3 * S, 3 * S, 0),
            window(3 * S, 8 * S, 2_500));

    FaultResult f = of(killSender, tenths(1_000, 1_000, 1_000, 500, 500, 500, 500, 500), List.of());

    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.notRecovered()).isFalse();
  }

  @Test
  void aBurstOfBacklogFollowedBySilenceIsNotARecovery() {
    // A restart at 3 s: a second of backlog delivered at twice the rate, then nothing for 7 s.
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 2_000, 0, 0, 0, 0, 0, 0, 0);

    FaultResult f = of(restartAtThree(), counts, List.of());

    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.notRecovered()).isTrue();
  }

  @Test
  void aHoldCutShortByTheEndOfSendingCountsWithAtLeastASecond() {
    // Back at 6 s, sending ends at 7.5 s: a second and a half held, then the receivers go idle
    // (from 5.9 s on every second already holds 900 msgs/s: 0.1 s of nothing, 0.9 s at 1,000).
    List<Long> counts = tenths(1_000, 1_000, 1_000, 0, 0, 0, 1_000, 1_000, 0, 0);

    FaultResult f = FaultResult.of(restartAtThree(), counts, List.of(), List.of(), 7.5);

    assertThat(f.recoverySeconds()).isCloseTo(2.9, within(1e-9));
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

    FaultResult f = of(early, tenths(1_000, 1_000), gaps);

    assertThat(f.longestGapSeconds()).as("the 2.5 s gap from 4 s into it").isEqualTo(2.5);
    FaultResult r = of(restartAtThree(), tenths(1_000), gaps);
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

    FaultResult f = of(late, tenths(1_000, 1_000), List.of());

    assertThat(f.injected()).isFalse();
    assertThat(f.recoverySeconds()).isNull();
    assertThat(f.summary())
        .isEqualTo(
            "kill-broker on rabbitmq at 30.0 s: not injected: the run ended before it was due");
  }
}
