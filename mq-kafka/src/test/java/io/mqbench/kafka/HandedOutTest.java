package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.Received;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** A receive's messages, and the slices of fetched records they came from. */
class HandedOutTest {
  private static List<ConsumerRecord<byte[], byte[]>> records(int partition, long from, int n) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    for (long o = from; o < from + n; o++) {
      records.add(new ConsumerRecord<>("t", partition, o, null, new byte[] {(byte) partition}));
    }
    return records;
  }

  private static long offset(Received m) {
    return ((KafkaReceiver.KafkaReceived) m).offset();
  }

  @Test
  void slicesOfSeveralPartitionsReadAsOneListInOrder() {
    PartitionState p0 = new PartitionState(new TopicPartition("t", 0));
    PartitionState p1 = new PartitionState(new TopicPartition("t", 1));
    HandedOut batch = new HandedOut(null, 20);
    batch.add(p0, records(0, 100, 10), 7, 3); // offsets 107..109
    batch.add(p1, records(1, 50, 4), 0, 4); // offsets 50..53
    batch.add(p0, records(0, 200, 2), 0, 2); // offsets 200..201

    assertThat(batch).hasSize(9);
    assertThat(batch.stream().map(HandedOutTest::offset))
        .containsExactly(107L, 108L, 109L, 50L, 51L, 52L, 53L, 200L, 201L);
    assertThat(batch.get(4).body()).containsExactly(1);
    assertThat(batch.get(1).body()).containsExactly(0); // read again, out of order
    assertThat(((KafkaReceiver.KafkaReceived) batch.get(8)).state()).isSameAs(p0);
    assertThat(batch.get(3)).isEqualTo(batch.get(3));
  }

  @Test
  void aSliceIsAcknowledgedInItsPartitionsState() {
    PartitionState p0 = new PartitionState(new TopicPartition("t", 0));
    List<ConsumerRecord<byte[], byte[]>> fetched = records(0, 0, 5);
    p0.handOut(fetched, 0, 5);
    HandedOut batch = new HandedOut(null, 20);
    batch.add(p0, fetched, 0, 5);

    batch.ack(0);

    assertThat(p0.committable).isEqualTo(5);
  }

  @Test
  void isReadOnlyAndChecksItsIndexes() {
    HandedOut batch = new HandedOut(null, 20);

    assertThat(batch).isEmpty();
    assertThatThrownBy(() -> batch.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> batch.add(() -> new byte[0]))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
