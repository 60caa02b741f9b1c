package io.mqbench.kafka;

import io.mqbench.kafka.KafkaReceiver.KafkaReceived;
import io.mqbench.mq.Received;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What one receive of a {@link KafkaReceiver} handed out: its messages in an array of the exact
 * size, and the slices of the consumer's fetched records they came from, each of one partition's
 * ownership, so that the receiver acknowledges a whole batch a slice at a time without looking at
 * its messages. Unmodifiable.
 */
final class HandedOut extends AbstractList<Received> implements RandomAccess {
  private final KafkaReceiver receiver;
  private final Received[] messages;
  private PartitionState[] states = new PartitionState[2];
  private List<?>[] records = new List<?>[2];
  private int[] froms = new int[2];
  private int[] starts = new int[3]; // starts[i]: the index of slice i's first message; then size
  private int slices;

  /**
   * @param receiver the receiver that hands them out
   * @param capacity how many messages it will hand out at most
   */
  HandedOut(KafkaReceiver receiver, int capacity) {
    this.receiver = receiver;
    this.messages = new Received[capacity];
  }

  /** Adds {@code n} records from {@code from} of one partition's ownership. */
  void add(PartitionState state, List<ConsumerRecord<byte[], byte[]>> records, int from, int n) {
    if (slices == states.length) {
      int length = slices * 2;
      states = Arrays.copyOf(states, length);
      this.records = Arrays.copyOf(this.records, length);
      froms = Arrays.copyOf(froms, length);
      starts = Arrays.copyOf(starts, length + 1);
    }
    int start = starts[slices];
    for (int i = 0; i < n; i++) {
      ConsumerRecord<byte[], byte[]> r = records.get(from + i);
      messages[start + i] = new KafkaReceived(state, r.offset(), r.value());
    }
    states[slices] = state;
    this.records[slices] = records;
    froms[slices] = from;
    starts[slices + 1] = starts[slices] + n;
    slices++;
  }

  KafkaReceiver receiver() {
    return receiver;
  }

  int slices() {
    return slices;
  }

  PartitionState state(int slice) {
    return states[slice];
  }

  /** Acknowledges slice {@code slice}'s messages in its partition's state. */
  void ack(int slice) {
    int from = froms[slice];
    states[slice].ack(records(slice), from, from + starts[slice + 1] - starts[slice]);
  }

  @SuppressWarnings("unchecked")
  private List<ConsumerRecord<byte[], byte[]>> records(int slice) {
    return (List<ConsumerRecord<byte[], byte[]>>) records[slice];
  }

  @Override
  public Received get(int index) {
    Objects.checkIndex(index, starts[slices]);
    return messages[index];
  }

  @Override
  public int size() {
    return starts[slices];
  }
}
