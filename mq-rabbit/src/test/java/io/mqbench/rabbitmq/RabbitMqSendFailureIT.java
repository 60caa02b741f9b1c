package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the broker refuses surfaces as a failed send, in both confirm strategies; and a stream queue
 * hands every message to every receiver.
 */
class RabbitMqSendFailureIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  private final List<String> queues = new ArrayList<>();
  private final List<Mq> opened = new ArrayList<>();

  @AfterEach
  void cleanUp() {
    opened.forEach(Mq::close);
    queues.forEach(q -> QueueDeletingMq.deleteQueue(BROKER.broker().uri(), q));
  }

  private Mq open(Map<String, String> extra) {
    String queue = "mqbench-it-" + UUID.randomUUID().toString().substring(0, 8);
    queues.add(queue);
    Map<String, String> raw = new HashMap<>(extra);
    raw.put("rabbitmq.uri", BROKER.broker().uri());
    raw.put("rabbitmq.queue", queue);
    RabbitMqProvider provider = new RabbitMqProvider();
    Mq mq = provider.open(provider.configure(raw));
    opened.add(mq);
    return mq;
  }

  private static List<byte[]> messages(int n) {
    MessageBodies bodies = new MessageBodies(100, 7, 0, 0);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(bodies.next(i, System.nanoTime()));
    }
    return out;
  }

  @ParameterizedTest(name = "confirms={0}")
  @ValueSource(strings = {"batch", "window"})
  void sendFailsWhenTheBrokerNacksPartOfTheBatch(String confirms) throws Exception {
    Mq mq =
        open(
            Map.of(
                "rabbitmq.queueType", "classic",
                "rabbitmq.confirms", confirms,
                "rabbitmq.confirmWindow", "4",
                "rabbitmq.queueArgs.x-max-length", "5",
                "rabbitmq.queueArgs.x-overflow", "reject-publish"));
    MqSender sender = mq.createSender();

    sender.send(messages(5));
    assertThatThrownBy(() -> sender.send(messages(3)))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("rejected (nacked)");
  }

  @ParameterizedTest(name = "confirms={0}")
  @ValueSource(strings = {"batch", "window"})
  void sendFailsWhenTheQueueNoLongerExists(String confirms) throws Exception {
    Mq mq = open(Map.of("rabbitmq.confirms", confirms));
    MqSender sender = mq.createSender();
    sender.send(messages(2));

    QueueDeletingMq.deleteQueue(BROKER.broker().uri(), queues.get(0));

    assertThatThrownBy(() -> sender.send(messages(2)))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("unroutable")
        .hasMessageContaining(queues.get(0));
  }

  @ParameterizedTest(name = "confirms={0}")
  @ValueSource(strings = {"batch", "window"})
  void bothConfirmStrategiesDeliverEveryMessageOfBatchesLargerThanTheWindow(String confirms)
      throws Exception {
    Mq mq = open(Map.of("rabbitmq.confirms", confirms, "rabbitmq.confirmWindow", "3"));
    mq.createSender().send(messages(50));

    assertThat(receiveAll(mq.createReceiver(), 50)).hasSize(50);
  }

  @Test
  void streamReceiversAreNotCompetingConsumersEachReadsEveryMessage() throws Exception {
    Mq mq = open(Map.of("rabbitmq.queueType", "stream", "rabbitmq.streamOffset", "first"));
    mq.createSender().send(messages(20));

    assertThat(receiveAll(mq.createReceiver(), 20)).hasSize(20);
    assertThat(receiveAll(mq.createReceiver(), 20)).hasSize(20);
  }

  private static Set<Long> receiveAll(MqReceiver receiver, int count) throws Exception {
    Set<Long> seen = new HashSet<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (seen.size() < count && System.nanoTime() < deadline) {
      List<Received> got = receiver.receive(10, Duration.ofMillis(500));
      got.forEach(r -> seen.add(Envelope.sequence(r.body())));
      receiver.ack(got);
    }
    receiver.close();
    return seen;
  }
}
