package io.mqbench.artemis;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.contract.ClusterTraffic;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p artemis.localBrokerNodes=2}: the local broker is a primary and a backup replicating it
 * (each its own process), whose replication is read back from the brokers; killing the live node
 * while a sender sends loses no acknowledged message, the backup takes over as the leader, and the
 * durability then read back says that no backup is in sync.
 */
class ArtemisPairIT {
  private final ArtemisMqProvider provider = new ArtemisMqProvider();
  private LocalBroker pair;
  private MqConfig config;

  @BeforeEach
  void startThePair() throws InterruptedException {
    MqConfig asked =
        provider.configure(
            Map.of(
                "artemis.localBrokerNodes", "2",
                "artemis.localBrokerHeapMb", "256",
                "artemis.queue", "pair-" + System.nanoTime()));
    pair = provider.localBroker(asked).orElseThrow();
    config = pair.start(asked);
  }

  @AfterEach
  void removeThePair() {
    if (pair != null) {
      pair.close();
    }
  }

  @Test
  @Timeout(120)
  void twoLocalNodesAreAPrimaryAndABackupInSyncAsTheBrokersReportIt() {
    BrokerFaults faults = pair.faults().orElseThrow();
    assertThat(pair.description()).startsWith("Artemis 2.").contains("primary/backup pair");
    assertThat(config.get(ArtemisSettings.URL))
        .startsWith("(tcp://" + faults.address(0) + ",tcp://" + faults.address(1) + ")?ha=true");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(faults.nodes()).isEqualTo(2);
      assertThat(provider.leaderAddress(config)).contains(faults.address(0));
      assertThat(found.level()).isEqualTo(Durability.Level.FSYNC);
      assertThat(found.where())
          .isEqualTo("in the live broker's journal and its backup's (replication in sync)");
      assertThat(found.settings())
          .contains(
              "replication: live broker at "
                  + faults.address(0)
                  + ", backup at "
                  + faults.address(1)
                  + " in sync (replicaSync)");
      mq.removeQueue();
    }
  }

  @Test
  @Timeout(150)
  void aRestartedPrimaryRejoinsAndThePairIsReadBackInSyncAgain() throws Exception {
    BrokerFaults faults = pair.faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      Set<String> sent = new HashSet<>();
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 200, sent);
        faults.restart(0);
        ClusterTraffic.send(sender, 200, 400, sent);
      }
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);
      Durability after = provider.durabilityFound(config).orElseThrow();
      for (int i = 0; i < 100 && after.where().contains("WARNING"); i++) {
        Thread.sleep(200); // a fail-back may be under way: the backup then syncs once more
        after = provider.durabilityFound(config).orElseThrow();
      }

      assertThat(received).containsAll(sent);
      assertThat(after.where())
          .isEqualTo("in the live broker's journal and its backup's (replication in sync)");
    }
  }

  @Test
  @Timeout(150)
  void killingTheLiveNodeWhileSendingLosesNoAcknowledgedMessageAndTheBackupLeads()
      throws Exception {
    BrokerFaults faults = pair.faults().orElseThrow();
    try (Mq mq = provider.open(config)) {
      Set<String> sent = new HashSet<>();
      try (MqSender sender = mq.createSender()) {
        ClusterTraffic.send(sender, 0, 500, sent);
        String leader = provider.leaderAddress(config).orElseThrow();
        faults.kill(ClusterTraffic.nodeAt(faults, leader));
        ClusterTraffic.send(sender, 500, 1000, sent);
      }
      Set<String> received = ClusterTraffic.receiveAll(mq, sent);
      Durability after = provider.durabilityFound(config).orElseThrow();

      assertThat(sent).hasSize(1000);
      assertThat(received).containsAll(sent);
      assertThat(provider.leaderAddress(config)).contains(faults.address(1));
      assertThat(after.where()).contains("WARNING no backup in sync");
      assertThat(after.settings())
          .contains("WARNING live broker at " + faults.address(1) + ", NO backup");
    }
  }
}
