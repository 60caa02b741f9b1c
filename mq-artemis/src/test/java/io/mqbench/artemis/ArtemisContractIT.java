package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract kit against a real broker: {@code ARTEMIS_URL} when set, else the same local broker
 * process the runner starts. A broker that cannot be started fails every test. Leases end only with
 * the receiver's connection (Artemis has no per-message lease timeout).
 */
class ArtemisContractIT extends MqContractKit {
  private static String url;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    url = TestArtemis.url();
  }

  @Override
  protected Mq openFreshQueue(String queueName) {
    ArtemisMqProvider provider = new ArtemisMqProvider();
    return provider.open(
        provider.configure(
            Map.of(
                "artemis.url",
                url,
                "artemis.user",
                TestArtemis.USER,
                "artemis.password",
                TestArtemis.PASSWORD,
                "artemis.queue",
                queueName)));
  }

  @Test
  void theBrokersReleaseIsRecordedAmongTheVersions() {
    assertThat(mq.versions().get("broker")).matches("\\d+\\.\\d+\\.\\d+.*");
  }
}
