package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.mqbench.config.MqConfig;
import io.mqbench.contract.MqClusterKit;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqSender;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p redis.localBrokerNodes=3}: the local broker is a primary with two replicas and three
 * Sentinels (the cluster kit: the primary is one of the nodes, killing it loses no acknowledged
 * message, a Sentinel promotes a replica and the clients follow), the replicas online as the
 * primary itself reports them, each send waiting for one of them.
 */
class RedisClusterIT extends MqClusterKit {
  private final RedisMqProvider provider = new RedisMqProvider();

  @Override
  protected MqProvider provider() {
    return provider;
  }

  @Override
  protected Map<String, String> clusterKeys() {
    return Map.of(
        "redis.localBrokerNodes",
        String.valueOf(NODES),
        "redis.stream",
        "replicated",
        "redis.visibilityTimeout",
        "5s");
  }

  @Test
  @Timeout(120)
  void threeLocalNodesAreAPrimaryWithTwoReplicasReadBackFromIt() {
    assertThat(broker().description()).startsWith("a local Redis of 3 private redis-servers");
    assertThat(provider.durability(config).where())
        .isEqualTo("on the primary, and in the memory of 1 replica(s) (WAIT)");

    try (Mq mq = provider.open(config)) {
      Durability found = provider.durabilityFound(config).orElseThrow();

      assertThat(found.settings())
          .contains("role master with 2 replica(s) online")
          .doesNotContain("fewer than");
      assertThat(provider.leaderAddress(config).orElseThrow())
          .isEqualTo(broker().faults().orElseThrow().address(0));
      mq.removeQueue();
    }
  }

  /**
   * As on a primary cut off the network and joined again after a Sentinel promoted another: it has
   * no replica left, and the batches pipelined behind the first would each wait out their own WAIT
   * in turn (in a run, the sender rode through them one replica timeout after another, never
   * sending again before the run's end). They fail together, so that the sender reconnects to the
   * primary the Sentinels name.
   */
  @Test
  @Timeout(120)
  void batchesQueuedBehindOneTooFewReplicasHeldFailAtOnceNotEachAfterItsOwnWait() throws Exception {
    MqConfig unreachable = config.with("redis.replicas", "3").with("redis.replicaTimeout", "1s");
    try (Mq mq = provider.open(unreachable)) {
      MqSender sender = mq.createSender();
      sender.expectInFlight(10);
      long start = System.nanoTime();
      List<CompletableFuture<Void>> batches = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        batches.add(sender.sendAsync(List.of(("message " + i).getBytes(StandardCharsets.UTF_8))));
      }
      for (CompletableFuture<Void> batch : batches) {
        assertThatThrownBy(batch::join).isInstanceOf(CompletionException.class);
      }
      double seconds = (System.nanoTime() - start) / 1e9;

      assertThat(seconds).as("ten batches behind WAITs of 1 s, in seconds").isLessThan(4);
      sender.close();
      mq.removeQueue();
    }
  }

  /**
   * After a short network cut the old primary may go on calling itself primary while the Sentinels
   * have promoted another, and a receiver's connection to it survives: in a run, deliveries stopped
   * for the rest of it. A receiver that reads nothing asks the Sentinels, and a server whose run id
   * is not the named primary's is a failover it must reconnect across.
   */
  @Test
  @Timeout(120)
  void aServerTheSentinelsDoNotNameAsPrimaryIsToldApartByItsRunId() {
    RedisSettings settings = RedisSettings.from(config);
    ClientResources resources = DefaultClientResources.builder().ioThreadPoolSize(1).build();
    RedisClient client =
        RedisMq.client(resources, settings, ClientOptions.DisconnectedBehavior.DEFAULT);
    try (FailoverWatch watch = new FailoverWatch(client, settings);
        StatefulRedisConnection<String, String> primary = client.connect()) {
      String runId = RedisReceiver.runId(primary.sync().info("server"));

      assertThat(runId).hasSize(40);
      watch.check(runId);
      assertThatThrownBy(() -> watch.check("0".repeat(40)))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("is no longer the primary the Sentinels of")
          .hasMessageContaining(runId);
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
      resources.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }

  @Test
  @Timeout(120)
  void aSendThatWaitsForMoreReplicasThanAreOnlineIsReadBackAsSuch() {
    Durability found = provider.durabilityFound(config.with("redis.replicas", "3")).orElseThrow();

    assertThat(found.settings()).contains("2 replica(s) online").contains("fewer than the 3");
  }
}
