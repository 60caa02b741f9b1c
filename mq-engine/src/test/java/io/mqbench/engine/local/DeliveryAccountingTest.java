package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Accounting, checked with a scripted sender and receiver whose every delivery the test chooses:
 * losses, duplicates and foreign messages that a correct backend would never produce on demand.
 */
class DeliveryAccountingTest {
  private static final int RUN = 77;

  /** Records what was sent; the test decides what the receiver hands out. */
  private static final class Script implements MqSender, MqReceiver {
    final List<byte[]> sent = new ArrayList<>();
    final Queue<List<Received>> deliveries = new ArrayDeque<>();
    int acked;

    @Override
    public void send(List<byte[]> batch) {
      sent.addAll(batch);
    }

    @Override
    public List<Received> receive(int max, Duration wait) {
      List<Received> next = deliveries.poll();
      return next == null ? List.of() : next;
    }

    @Override
    public void ack(List<Received> messages) {
      acked += messages.size();
    }

    void deliver(byte[]... bodies) {
      List<Received> batch = new ArrayList<>();
      for (byte[] b : bodies) {
        batch.add(() -> b);
      }
      deliveries.add(batch);
    }

    @Override
    public void close() {}
  }

  private static SenderTask sender(int id, Script script) {
    return new SenderTask(
        id,
        script,
        new MessageBodies(64, RUN, id, id),
        BatchSizes.fixed(5),
        1,
        LocalCell.SYSTEM_CLOCK);
  }

  /** Sends one batch of five and waits for its completion to be recorded. */
  private static void sendFive(SenderTask s) throws InterruptedException {
    s.sendBatch(5);
    s.awaitAllCompleted();
  }

  /** The ledger of tasks in this process, as a cell reports it. */
  private static DeliveryLedger ledger(List<SenderTask> senders, List<ReceiverTask> receivers) {
    Map<Integer, Roaring64NavigableMap> acknowledged = new HashMap<>();
    Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    long received = 0;
    for (SenderTask s : senders) {
      acknowledged.put(s.senderId(), s.acknowledged());
      Roaring64NavigableMap bits = new Roaring64NavigableMap();
      receivers.forEach(r -> r.addSeen(s.senderId(), bits));
      seen.put(s.senderId(), bits);
    }
    for (ReceiverTask r : receivers) {
      received += r.receivedCount();
    }
    return DeliveryLedger.of(new DeliveryBitmaps(acknowledged, seen), received);
  }

  private static ReceiverTask receiver(Script script) {
    return new ReceiverTask(script, RUN, 2, 10, Duration.ZERO);
  }

  @Test
  void lostIsAcknowledgedMinusDistinctReceived() throws Exception {
    Script script = new Script();
    SenderTask s0 = sender(0, script);
    sendFive(s0);
    ReceiverTask r = receiver(script);
    script.deliver(script.sent.get(0), script.sent.get(1), script.sent.get(3));
    r.receiveOnce();

    DeliveryLedger ledger = ledger(List.of(s0), List.of(r));

    assertThat(ledger.sent()).isEqualTo(5);
    assertThat(ledger.distinct()).isEqualTo(3);
    assertThat(ledger.lost()).isEqualTo(2);
    assertThat(ledger.duplicates()).isZero();
    assertThat(script.acked).isEqualTo(3);
  }

  @Test
  void duplicatesAreDeliveriesBeyondTheFirstAcrossReceivers() throws Exception {
    Script script = new Script();
    SenderTask s0 = sender(0, script);
    SenderTask s1 = sender(1, script);
    sendFive(s0);
    sendFive(s1);
    ReceiverTask a = receiver(script);
    ReceiverTask b = receiver(script);
    script.deliver(script.sent.subList(0, 10).toArray(byte[][]::new));
    a.receiveOnce();
    script.deliver(script.sent.get(2), script.sent.get(7), script.sent.get(7));
    b.receiveOnce();

    DeliveryLedger ledger = ledger(List.of(s0, s1), List.of(a, b));

    assertThat(ledger.received()).isEqualTo(13);
    assertThat(ledger.distinct()).isEqualTo(10);
    assertThat(ledger.duplicates()).isEqualTo(3);
    assertThat(ledger.lost()).isZero();
  }

  @Test
  void messagesOfOtherRunsAreForeignAcknowledgedAndNotCounted() throws Exception {
    Script script = new Script();
    SenderTask s0 = sender(0, script);
    sendFive(s0);
    byte[] otherRun = new MessageBodies(64, RUN + 1, 0, 0).next(0, 0);
    byte[] notOurs = "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    ReceiverTask r = receiver(script);
    script.deliver(otherRun, notOurs, script.sent.get(0));

    assertThat(r.receiveOnce()).isEqualTo(1);

    assertThat(r.foreign()).isEqualTo(2);
    assertThat(script.acked).isEqualTo(3);
    assertThat(ledger(List.of(s0), List.of(r)).received()).isEqualTo(1);
  }

  @Test
  void deliveredMessagesWhoseSendWasNeverAcknowledgedAreCountedApart() throws Exception {
    Script script = new Script();
    SenderTask s0 = sender(0, script);
    sendFive(s0);
    // A message the sender built but whose send "failed": sequence 5 was never acknowledged.
    byte[] unacknowledged = new MessageBodies(64, RUN, 0, 0).next(5, 0);
    ReceiverTask r = receiver(script);
    script.deliver(script.sent.toArray(byte[][]::new));
    script.deliver(unacknowledged);
    r.receiveOnce();
    r.receiveOnce();

    DeliveryLedger ledger = ledger(List.of(s0), List.of(r));

    assertThat(ledger.lost()).isZero();
    assertThat(ledger.unacknowledgedDelivered()).isEqualTo(1);
  }

  private static byte[] ofEarlierRun(int run, int sender, long sequence) {
    byte[] body = new byte[64];
    io.mqbench.envelope.Envelope.write(body, run, sender, sequence, 0);
    return body;
  }

  @Test
  void aReceiveOnlyDrainCountsAsDuplicatesOnlyMessagesItReceivedMoreThanOnce()
      throws InterruptedException {
    Script script = new Script();
    // A backlog of two earlier runs whose sender ids and sequences coincide: not duplicates.
    script.deliver(
        ofEarlierRun(5, 0, 1), ofEarlierRun(5, 0, 2), ofEarlierRun(6, 0, 1), ofEarlierRun(5, 1, 1));
    script.deliver(ofEarlierRun(5, 0, 2), ofEarlierRun(6, 0, 3)); // run 5's 0/2 again
    ReceiverTask r = new ReceiverTask(script, RUN, 0, 10, Duration.ZERO);

    r.receiveOnce();
    r.receiveOnce();

    ReceiverTask.Snapshot s = r.snapshot();
    assertThat(s.received()).isEqualTo(6);
    assertThat(s.receiveOnlyDuplicates()).isEqualTo(1);
  }

  @Test
  void aReceiveOnlyDrainInRunsAcrossBatchesCountsEveryRepeatOnce() throws InterruptedException {
    Script script = new Script();
    // Sender 0 of run 5 in order over two batches, with a repeat inside the run, a gap, and two
    // messages of another sender in between.
    script.deliver(
        ofEarlierRun(5, 0, 0),
        ofEarlierRun(5, 0, 1),
        ofEarlierRun(5, 0, 2),
        ofEarlierRun(5, 0, 1), // repeated inside the run
        ofEarlierRun(5, 0, 3));
    script.deliver(
        ofEarlierRun(5, 0, 4), // the run goes on in the next batch
        ofEarlierRun(5, 1, 0),
        ofEarlierRun(5, 1, 0), // another sender's message repeated at once
        ofEarlierRun(5, 0, 9), // a gap
        ofEarlierRun(5, 0, 0), // repeated after the run ended
        ofEarlierRun(5, 0, 5)); // the gap filled
    ReceiverTask r = new ReceiverTask(script, RUN, 0, 10, Duration.ZERO);

    r.receiveOnce();
    r.receiveOnce();

    ReceiverTask.Snapshot s = r.snapshot();
    assertThat(s.received()).isEqualTo(11);
    assertThat(s.receiveOnlyDuplicates()).isEqualTo(3);
  }
}
