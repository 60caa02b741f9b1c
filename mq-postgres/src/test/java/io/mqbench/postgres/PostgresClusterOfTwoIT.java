package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p postgres.localBrokerNodes=2}: when the primary dies, the one standby is promoted with
 * no standby left to wait for, so the failover manager stops making commits wait for one (they
 * would wait for ever), and the durability read back says so rather than the standby asked for.
 */
class PostgresClusterOfTwoIT {
  private static final PostgresMqProvider provider = new PostgresMqProvider();
  private static LocalBroker broker;
  private static MqConfig config;

  @BeforeAll
  static void startTheLocalCluster() throws InterruptedException {
    MqConfig asked =
        provider.configure(
            Map.of(
                "postgres.localBrokerNodes",
                "2",
                "postgres.table",
                "two",
                "postgres.commandTimeout",
                "5s"));
    broker = provider.newLocalBroker(asked).orElseThrow();
    config = broker.start(asked);
  }

  @AfterAll
  static void removeIt() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  @Timeout(90)
  void withNoStandbyLeftCommitsAreOnOneNodeAndTheReadingSaysSo() throws Exception {
    BrokerFaults faults = broker.faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      try (MqSender sender = mq.createSender()) {
        sender.send(List.of("before".getBytes(StandardCharsets.UTF_8)));

        faults.kill(0);
        sendWithin(sender, Duration.ofSeconds(30));
      }
      assertThat(provider.leaderAddress(config).orElseThrow()).isEqualTo(faults.address(1));
      Durability found = provider.durabilityFound(config).orElseThrow();
      assertThat(found.where()).isEqualTo("on the primary");
      assertThat(found.settings())
          .contains("synchronous_standby_names=''")
          .contains("a primary with no standby (pg_stat_replication)")
          .endsWith(
              "the server's commits wait for 0 standby(s), not the 1 of postgres.syncStandbys");
      mq.removeQueue();
    }
  }

  /** A send fails while the standby is promoted; one is acknowledged within the time. */
  private static void sendWithin(MqSender sender, Duration time) throws InterruptedException {
    long deadline = System.nanoTime() + time.toNanos();
    while (true) {
      try {
        sender.send(List.of("after".getBytes(StandardCharsets.UTF_8)));
        return;
      } catch (MqException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }
}
