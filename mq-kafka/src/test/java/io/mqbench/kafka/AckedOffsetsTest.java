package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Which offset a receiver may commit, given what it handed out and what was acknowledged. */
class AckedOffsetsTest {
  private final KafkaReceiver.PartitionState state =
      new KafkaReceiver.PartitionState(new TopicPartition("t", 0));

  private void handOut(long... offsets) {
    for (long o : offsets) {
      state.handOut(o);
    }
  }

  @Test
  void nothingIsCommittableBeforeTheFirstAck() {
    handOut(0, 1, 2);

    assertThat(state.committable).isEqualTo(-1);
  }

  @Test
  void inOrderAcksCommitPastTheLastAcknowledged() {
    handOut(0, 1, 2);

    state.ack(0);
    state.ack(1);

    assertThat(state.committable).isEqualTo(2);
  }

  @Test
  void aGapHoldsBackTheCommitUntilItIsAcknowledged() {
    handOut(10, 11, 12, 13);

    state.ack(11);
    state.ack(13);
    assertThat(state.committable).as("offset 10 still unacknowledged").isEqualTo(-1);

    state.ack(10);
    assertThat(state.committable).as("10 and 11 done, 12 not").isEqualTo(12);

    state.ack(12);
    assertThat(state.committable).isEqualTo(14);
  }

  @Test
  void offsetsWithGapsBetweenThemAreFollowedAsHandedOut() {
    handOut(5, 9, 20); // offsets need not be consecutive (compaction, transaction markers)

    state.ack(9);
    state.ack(5);

    assertThat(state.committable).isEqualTo(10);
  }

  @Test
  void duplicateAndStaleAcksChangeNothing() {
    handOut(0, 1);
    state.ack(0);
    state.ack(0);
    state.ack(-5);

    assertThat(state.committable).isEqualTo(1);
  }

  @Test
  void manyOutstandingOffsetsGrowTheRing() {
    for (long o = 0; o < 10_000; o++) {
      state.handOut(o);
    }
    for (long o = 9_999; o >= 1; o--) {
      state.ack(o);
    }
    assertThat(state.committable).isEqualTo(-1);

    state.ack(0);

    assertThat(state.committable).isEqualTo(10_000);
  }
}
