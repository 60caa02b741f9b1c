package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.rabbitmq.AckPlan.Ack;
import org.junit.jupiter.api.Test;

class AckPlanTest {

  @Test
  void aBatchWithNothingLeasedBelowItIsOneMultipleAck() {
    assertThat(AckPlan.plan(new long[] {3, 1, 2}, Long.MAX_VALUE))
        .containsExactly(new Ack(3, true));
  }

  @Test
  void aSingleTagIsAPlainAck() {
    assertThat(AckPlan.plan(new long[] {5}, Long.MAX_VALUE)).containsExactly(new Ack(5, false));
  }

  @Test
  void tagsAboveAStillLeasedTagAreAckedOneByOne() {
    // 4 is leased and not acknowledged: a multiple ack at 6 would acknowledge it too.
    assertThat(AckPlan.plan(new long[] {1, 2, 3, 5, 6}, 4))
        .containsExactly(new Ack(3, true), new Ack(5, false), new Ack(6, false));
  }

  @Test
  void nothingBelowTheLowestLeasedMeansNoMultipleAck() {
    assertThat(AckPlan.plan(new long[] {8, 9}, 2))
        .containsExactly(new Ack(8, false), new Ack(9, false));
  }
}
