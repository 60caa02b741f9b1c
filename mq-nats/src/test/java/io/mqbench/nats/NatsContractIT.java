package io.mqbench.nats;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Every test of the contract kit against a private nats-server with JetStream. */
class NatsContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  private static NatsServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestNats.start();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  /** Stream names allow no dots: the kit's names hold letters, digits and dashes only. */
  @Override
  protected Mq openFreshQueue(String queueName) {
    NatsMqProvider provider = new NatsMqProvider();
    return provider.open(
        provider.configure(
            Map.of("nats.url", server.url(), "nats.stream", queueName, "nats.ackWait", "3s")));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
