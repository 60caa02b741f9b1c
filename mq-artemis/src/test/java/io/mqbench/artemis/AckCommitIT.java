package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * When a receiver's acknowledgements reach the broker's journal: they are committed in groups
 * (artemis.ackCommitMessages), but never left uncommitted while the receiver waits for messages or
 * after it closed.
 */
class AckCommitIT {
  private final String queue = "ack-commit-" + UUID.randomUUID().toString().substring(0, 8);
  private final List<AutoCloseable> opened = new ArrayList<>();

  @AfterEach
  void close() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
  }

  @Test
  void acknowledgementsAreHeldForOneCommitAndCommittedBeforeTheReceiverWaits() throws Exception {
    Mq mq = open(Map.of());
    send(mq, 5);
    MqReceiver receiver = track(mq.createReceiver());
    List<Received> got = receiveAll(receiver, 5);

    receiver.ack(got);
    assertThat(messagesOnBroker())
        .as("acknowledged, not yet committed: still the receiver's on the broker")
        .isEqualTo(5);

    assertThat(receiver.receive(1, Duration.ofMillis(300))).isEmpty();
    assertThat(eventuallyNoMessagesOnBroker()).as("committed before the receiver waited").isTrue();
  }

  @Test
  void acknowledgementsStillHeldAreCommittedWhenTheReceiverCloses() throws Exception {
    Mq mq = open(Map.of());
    send(mq, 5);
    MqReceiver receiver = mq.createReceiver();
    receiver.ack(receiveAll(receiver, 5));
    receiver.close();

    MqReceiver next = track(mq.createReceiver());
    assertThat(next.receive(10, Duration.ofSeconds(1))).as("redelivered after the close").isEmpty();
    assertThat(eventuallyNoMessagesOnBroker()).isTrue();
  }

  @Test
  void withACommitPerMessageEveryAckIsCommittedAtOnce() throws Exception {
    Mq mq = open(Map.of("artemis.ackCommitMessages", "1"));
    send(mq, 5);
    MqReceiver receiver = track(mq.createReceiver());
    receiver.ack(receiveAll(receiver, 5));

    assertThat(eventuallyNoMessagesOnBroker()).as("committed without another call").isTrue();
  }

  /**
   * Issue 31: a packet per acknowledged message was the largest part of the runner's CPU on Artemis
   * at 20,000 msgs/s. A receiver acknowledging everything it holds sends one cumulative
   * acknowledgement; only a part of what it holds is acknowledged message by message, and what it
   * did not acknowledge comes back.
   */
  @Test
  void acknowledgingEverythingHeldIsOnePacketAndAPartIsAPacketPerMessage() throws Exception {
    AckPacketCounter.reset();
    Mq mq = open(Map.of("artemis.url.outgoingInterceptorList", AckPacketCounter.class.getName()));
    send(mq, 50);
    MqReceiver receiver = mq.createReceiver();
    List<Received> all = receiveAll(receiver, 50);
    receiver.ack(all.subList(0, 20)); // the oldest 20 held, then the other 30
    receiver.ack(all.subList(20, 50));
    assertThat(receiver.receive(1, Duration.ofMillis(300))).isEmpty();
    assertThat(eventuallyNoMessagesOnBroker()).as("acknowledged and committed").isTrue();
    assertThat(AckPacketCounter.INDIVIDUAL.get()).as("individual acknowledgements").isZero();
    assertThat(AckPacketCounter.CUMULATIVE.get()).as("cumulative acknowledgements").isOne();

    send(mq, 5);
    List<Received> more = receiveAll(receiver, 5);
    receiver.ack(List.of(more.get(0), more.get(2)));
    receiver.close();
    assertThat(AckPacketCounter.INDIVIDUAL.get()).as("one per message of a part").isEqualTo(2);

    MqReceiver next = track(mq.createReceiver());
    assertThat(receiveAll(next, 3)).as("the 3 not acknowledged").hasSize(3);
  }

  private Mq open(Map<String, String> more) throws InterruptedException {
    Map<String, String> raw = new java.util.HashMap<>(more);
    raw.put("artemis.url", TestArtemis.url());
    raw.put("artemis.user", TestArtemis.USER);
    raw.put("artemis.password", TestArtemis.PASSWORD);
    raw.put("artemis.queue", queue);
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return track(provider.open(provider.configure(raw)));
  }

  private <T extends AutoCloseable> T track(T c) {
    opened.add(c);
    return c;
  }

  private void send(Mq mq, int count) throws InterruptedException {
    MqSender sender = track(mq.createSender());
    MessageBodies bodies = new MessageBodies(100, 1, 0, 0);
    List<byte[]> batch = new ArrayList<>();
    for (long i = 0; i < count; i++) {
      batch.add(bodies.next(i, System.nanoTime()));
    }
    sender.send(batch);
  }

  private static List<Received> receiveAll(MqReceiver receiver, int count)
      throws InterruptedException {
    List<Received> got = new ArrayList<>();
    long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (got.size() < count && System.nanoTime() < end) {
      got.addAll(receiver.receive(count - got.size(), Duration.ofMillis(200)));
    }
    assertThat(got).hasSize(count);
    return got;
  }

  /** Messages of the queue the broker still holds, delivered to a receiver or not. */
  private long messagesOnBroker() throws Exception {
    try (ServerLocator locator = ActiveMQClient.createServerLocator(TestArtemis.url());
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session =
            factory.createSession(
                TestArtemis.USER, TestArtemis.PASSWORD, false, true, true, false, 0)) {
      return session.queueQuery(SimpleString.of(queue)).getMessageCount();
    }
  }

  private boolean eventuallyNoMessagesOnBroker() throws Exception {
    long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (System.nanoTime() < end) {
      if (messagesOnBroker() == 0) {
        return true;
      }
      Thread.sleep(20);
    }
    return false;
  }
}
