package io.mqbench.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 3: where an acknowledged message is, declared from the settings used. */
class SqsDurabilityTest {
  private final SqsMqProvider provider = new SqsMqProvider();

  private Durability of(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void sqsStoresAsItsContractSaysAndNamesTheStandIn() {
    Durability d = of(Map.of());
    assertThat(d.level()).isEqualTo(Level.SERVICE);
    assertThat(d.where()).contains("ElasticMQ");
  }
}
