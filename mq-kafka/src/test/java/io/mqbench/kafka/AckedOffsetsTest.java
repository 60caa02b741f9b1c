package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Which offset a receiver may commit, given what it handed out and what was acknowledged. */
class AckedOffsetsTest {
  private final PartitionState state = new PartitionState(new TopicPartition("t", 0));

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

  private static List<ConsumerRecord<byte[], byte[]>> records(long... offsets) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (long o : offsets) {
      records.add(new ConsumerRecord<>("t", 0, o, null, new byte[] {(byte) o}));
    }
    return records;
  }

  @Test
  void aBatchAcknowledgedAtOnceCommitsPastItsLastOffset() {
    List<ConsumerRecord<byte[], byte[]>> batch = records(0, 1, 2, 3);
    state.handOut(batch, 0, 4);

    state.ack(batch, 0, 4);

    assertThat(state.committable).isEqualTo(4);
  }

  @Test
  void slicesOfOneFetchAcknowledgedOutOfOrderCommitOnlyPastTheOldest() {
    List<ConsumerRecord<byte[], byte[]>> fetch = records(0, 1, 2, 3, 4, 5);
    state.handOut(fetch, 0, 3); // one receive
    state.handOut(fetch, 3, 6); // the next

    state.ack(fetch, 3, 6);
    assertThat(state.committable).as("0 to 2 still unacknowledged").isEqualTo(-1);

    state.ack(fetch, 0, 3);
    assertThat(state.committable).isEqualTo(6);
  }

  @Test
  void aBatchWithOneMessageAcknowledgedBeforeEndsAsWhenAcknowledgedOneByOne() {
    List<ConsumerRecord<byte[], byte[]>> batch = records(0, 1, 2);
    state.handOut(batch, 0, 3);
    state.ack(2);

    state.ack(batch, 0, 3);

    assertThat(state.committable).isEqualTo(3);
  }

  @Test
  void aBatchAcknowledgedTwiceChangesNothingTheSecondTime() {
    List<ConsumerRecord<byte[], byte[]>> first = records(0, 1);
    List<ConsumerRecord<byte[], byte[]>> second = records(2, 3);
    state.handOut(first, 0, 2);
    state.handOut(second, 0, 2);
    state.ack(first, 0, 2);

    state.ack(first, 0, 2);

    assertThat(state.committable).isEqualTo(2);
    state.ack(second, 0, 2);
    assertThat(state.committable).isEqualTo(4);
  }

  @Test
  void aBatchWithGapsBetweenOffsetsCommitsPastItsLast() {
    List<ConsumerRecord<byte[], byte[]>> batch = records(5, 9, 20);
    state.handOut(batch, 0, 3);

    state.ack(batch, 0, 3);

    assertThat(state.committable).isEqualTo(21);
  }

  @Test
  void aBatchLargerThanTheRingGrowsIt() {
    long[] offsets = new long[5_000];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = i;
    }
    List<ConsumerRecord<byte[], byte[]>> batch = records(offsets);
    handOut(0, 1, 2);
    state.handOut(records(3), 0, 1);

    state.handOut(batch, 4, 5_000);
    state.ack(0);
    state.ack(1);
    state.ack(2);
    state.ack(3);
    state.ack(batch, 4, 5_000);

    assertThat(state.committable).isEqualTo(5_000);
  }
}
