package io.mqbench.kafka;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * What a {@link KafkaReceiver} handed out from one partition during one ownership of it: the
 * offsets in the order handed out (increasing) in a ring of primitives, and the acknowledged ones
 * that are not yet at its head. Acknowledgements usually come in order, so the set stays empty.
 */
final class PartitionState {
  final TopicPartition partition;
  private long[] ring = new long[256];
  private int head;
  private int size;
  private final Set<Long> ackedOutOfOrder = new HashSet<>();
  long committable = -1;
  long committed = -1;

  PartitionState(TopicPartition partition) {
    this.partition = partition;
  }

  void handOut(long offset) {
    room(1);
    ring[(head + size) & (ring.length - 1)] = offset;
    size++;
  }

  /** Hands out {@code records} from {@code from}, inclusive, to {@code to}, exclusive. */
  void handOut(List<ConsumerRecord<byte[], byte[]>> records, int from, int to) {
    room(to - from);
    int mask = ring.length - 1;
    for (int i = from; i < to; i++) {
      ring[(head + size++) & mask] = records.get(i).offset();
    }
  }

  private void room(int more) {
    if (size + more <= ring.length) {
      return;
    }
    int length = ring.length * 2;
    while (length < size + more) {
      length *= 2;
    }
    long[] bigger = new long[length];
    for (int i = 0; i < size; i++) {
      bigger[i] = ring[(head + i) & (ring.length - 1)];
    }
    ring = bigger;
    head = 0;
  }

  private long first() {
    return ring[head];
  }

  private void dropFirst() {
    head = (head + 1) & (ring.length - 1);
    size--;
  }

  /**
   * Acknowledges {@code records} from {@code from}, inclusive, to {@code to}, exclusive, handed out
   * together: at once when they are the oldest still held and nothing was acknowledged out of
   * order, one by one otherwise (with the same outcome).
   */
  void ack(List<ConsumerRecord<byte[], byte[]>> records, int from, int to) {
    int n = to - from;
    if (n > 0 && size >= n && ackedOutOfOrder.isEmpty() && first() == records.get(from).offset()) {
      // Handed out together, so they fill the ring from its head: drop them all.
      head = (head + n) & (ring.length - 1);
      size -= n;
      committable = records.get(to - 1).offset() + 1;
      return;
    }
    for (int i = from; i < to; i++) {
      ack(records.get(i).offset());
    }
  }

  void ack(long offset) {
    if (size == 0 || offset < first()) {
      return; // acknowledged twice, or already committed
    }
    if (offset != first()) {
      ackedOutOfOrder.add(offset);
      return;
    }
    dropFirst();
    committable = offset + 1;
    while (size > 0 && !ackedOutOfOrder.isEmpty() && ackedOutOfOrder.remove(first())) {
      committable = first() + 1;
      dropFirst();
    }
  }
}
