package io.mqbench.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every test of the contract kit, with receivers claiming one document at a time ({@code
 * mongo.claim=one}, the original method).
 */
class MongoOneClaimContractIT extends MongoContract {
  @Override
  ClaimStrategy claim() {
    return ClaimStrategy.ONE;
  }

  @Test
  void twoQueuesNamedForDifferentSuffixesShareNoMessages() throws Exception {
    MongoMqProvider provider = new MongoMqProvider();
    MqConfig base =
        provider.configure(
            TestMongo.config("suffixed-" + System.nanoTime(), claim(), Duration.ofSeconds(3)));
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

  private static MqConfig over(MongoMqProvider provider, MqConfig base, Map<String, String> keys) {
    Map<String, String> raw = new HashMap<>(base.given());
    raw.putAll(keys);
    return provider.configure(raw);
  }
}
