package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.broker.JavaBroker;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A receiver whose process is killed (no close, no leave-group) loses its partitions after the
 * session timeout, and its unacknowledged messages go to the next receiver.
 */
class ReceiverProcessDeathIT {
  private static final String SESSION = "6s";
  private static String bootstrap;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    bootstrap = TestKafka.bootstrapServers();
  }

  @Test
  void receiverThatDiesWithoutAckGetsMessagesRedelivered() throws Exception {
    String topic = "dying-receiver-" + System.nanoTime();
    KafkaMqProvider provider = new KafkaMqProvider();
    Mq mq =
        provider.open(
            provider.configure(
                Map.of(
                    "kafka.bootstrapServers", bootstrap,
                    "kafka.topic", topic,
                    "kafka.sessionTimeout", SESSION)));
    List<byte[]> sent = new ArrayList<>();
    MessageBodies bodies = new MessageBodies(100, 3, 0, 0);
    for (int i = 0; i < 20; i++) {
      sent.add(bodies.next(i, System.nanoTime()));
    }
    try (MqSender sender = mq.createSender()) {
      sender.send(sent);
    }

    Process dying =
        new ProcessBuilder(
                JavaBroker.javaBinary(),
                "-Xmx128m",
                "-cp",
                System.getProperty("java.class.path"),
                DyingReceiverMain.class.getName(),
                bootstrap,
                topic,
                SESSION,
                String.valueOf(sent.size()))
            .redirectErrorStream(true)
            .start();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(dying.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      do {
        line = out.readLine();
      } while (line != null && !line.startsWith("RECEIVED"));
      assertThat(line).as("the dying receiver's report").isEqualTo("RECEIVED " + sent.size());
    } finally {
      dying.destroyForcibly(); // SIGKILL: no commit, no LeaveGroup
      dying.waitFor(10, TimeUnit.SECONDS);
    }

    Set<Long> redelivered = new HashSet<>();
    try (MqReceiver next = mq.createReceiver()) {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (redelivered.size() < sent.size() && System.nanoTime() < deadline) {
        List<Received> got = next.receive(100, Duration.ofMillis(500));
        got.forEach(r -> redelivered.add(Envelope.sequence(r.body())));
        next.ack(got);
      }
    } finally {
      mq.close();
    }
    assertThat(redelivered).hasSize(sent.size());
  }
}
