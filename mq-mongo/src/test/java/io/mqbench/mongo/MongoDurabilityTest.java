package io.mqbench.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Durability.Level;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 28, defect 3: where an acknowledged message is, declared from the settings used. */
class MongoDurabilityTest {
  private final MongoMqProvider provider = new MongoMqProvider();

  private Durability of(Map<String, String> keys) {
    return provider.durability(provider.configure(keys));
  }

  @Test
  void aMajorityWriteConcernIsInTheJournalOfAMajority() {
    Durability d = of(Map.of("mongo.writeConcern", "majority"));
    assertThat(d.level()).isEqualTo(Level.FSYNC);
    assertThat(d.where()).contains("majority");
  }

  @Test
  void w1IsInMemoryOnThePrimaryAndW0IsNotStored() {
    assertThat(of(Map.of("mongo.writeConcern", "w1")).level()).isEqualTo(Level.MEMORY);
    assertThat(of(Map.of("mongo.writeConcern", "unacknowledged")).unsafe()).isTrue();
  }
}
