package io.mqbench.kafka;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.Map;

/**
 * A receiver in a process of its own for {@link ReceiverProcessDeathIT}: receives the given number
 * of messages without acknowledging any, says so on standard output, and waits to be killed.
 */
public final class DyingReceiverMain {
  private DyingReceiverMain() {}

  /**
   * @param args bootstrap servers, topic, session timeout, number of messages to receive
   * @throws Exception if receiving fails
   */
  public static void main(String[] args) throws Exception {
    KafkaMqProvider provider = new KafkaMqProvider();
    Mq mq =
        provider.open(
            provider.configure(
                Map.of(
                    "kafka.bootstrapServers", args[0],
                    "kafka.topic", args[1],
                    "kafka.sessionTimeout", args[2])));
    MqReceiver receiver = mq.createReceiver();
    int want = Integer.parseInt(args[3]);
    int got = 0;
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (got < want && System.nanoTime() < deadline) {
      for (Received r : receiver.receive(want - got, Duration.ofMillis(500))) {
        got++;
      }
    }
    System.out.println("RECEIVED " + got);
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE); // never acknowledges, never closes: only SIGKILL ends it
  }
}
