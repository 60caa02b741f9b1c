package io.mqbench.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every test of the contract kit against ElasticMQ (or {@code SQS_ENDPOINT}). */
class SqsContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds; SQS counts whole seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  @Override
  protected Mq openFreshQueue(String queueName) throws InterruptedException {
    SqsMqProvider provider = new SqsMqProvider();
    return provider.open(provider.configure(TestSqs.config(queueName, LEASE)));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  /** 1 MiB of Base64 text, SQS's payload limit: 786,432 bytes. */
  @Override
  protected int maxMessageSizeBytes() {
    return SqsSettings.SQS_MAX_PAYLOAD / 4 * 3;
  }

  @Override
  protected Duration receiveGranularity() {
    return Duration.ofSeconds(1);
  }

  @Test
  void twoQueuesNamedForDifferentSuffixesShareNoMessages() throws Exception {
    SqsMqProvider provider = new SqsMqProvider();
    MqConfig base = provider.configure(TestSqs.config("suffixed-" + System.nanoTime(), LEASE));
    Map<String, String> second = provider.keysForQueue(base, "-2").orElseThrow();
    Map<String, String> third = provider.keysForQueue(base, "-3").orElseThrow();
    assertThat(second.values()).doesNotContainAnyElementsOf(third.values());

    try (Mq two = provider.open(over(provider, base, second));
        Mq three = provider.open(over(provider, base, third));
        MqSender toTwo = two.createSender();
        MqReceiver ofTwo = two.createReceiver();
        MqReceiver ofThree = three.createReceiver()) {
      toTwo.send(messages(0, 10, 100));

      assertThat(receiveAndAck(ofTwo, 10)).hasSize(10);
      assertThat(ofThree.receive(10, Duration.ofSeconds(1))).isEmpty();
      two.removeQueue();
      three.removeQueue();
    }
  }

  private static MqConfig over(SqsMqProvider provider, MqConfig base, Map<String, String> keys) {
    Map<String, String> raw = new HashMap<>(base.given());
    raw.putAll(keys);
    return provider.configure(raw);
  }
}
