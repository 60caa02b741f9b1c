package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A sender told that one batch is in flight at a time makes the round trip on its own thread: the
 * batch is stored, and its future complete, when the send call returns, with no hand-off to the
 * client's I/O thread and back.
 */
class RedisRoundTripIT {
  private static RedisServer server;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestRedis.start(FsyncPolicy.ALWAYS);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private static Mq open(String stream) {
    RedisMqProvider provider = new RedisMqProvider();
    return provider.open(
        provider.configure(Map.of("redis.uri", server.uri(), "redis.stream", stream)));
  }

  private static long entries(String stream) {
    RedisClient client = RedisClient.create(server.uri());
    try (StatefulRedisConnection<String, String> c = client.connect()) {
      return c.sync().xlen(stream);
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }

  private static List<byte[]> bodies(int n) {
    return java.util.stream.IntStream.range(0, n)
        .mapToObj(i -> ("body " + i).getBytes(StandardCharsets.UTF_8))
        .toList();
  }

  @Test
  void aSenderToldOfOneBatchInFlightHasEachBatchStoredWhenItsSendReturns() throws Exception {
    try (Mq mq = open("round-trip-one");
        MqSender sender = mq.createSender()) {
      sender.expectInFlight(1);

      for (int i = 0; i < 20; i++) {
        CompletableFuture<Void> done = sender.sendAsync(bodies(1 + i % 5));
        assertThat(done).as("batch %d complete as its send returns", i).isCompletedWithValue(null);
      }

      assertThat(entries("round-trip-one")).isEqualTo(4 * (1 + 2 + 3 + 4 + 5));
    }
  }

  @Test
  void aSenderToldOfSeveralBatchesInFlightStoresEveryBatchOfTheWindow() throws Exception {
    try (Mq mq = open("round-trip-several");
        MqSender sender = mq.createSender()) {
      sender.expectInFlight(4);

      List<CompletableFuture<Void>> sent =
          java.util.stream.IntStream.range(0, 4)
              .mapToObj(i -> sender.sendAsync(bodies(3)))
              .toList();
      CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);

      assertThat(entries("round-trip-several")).isEqualTo(12);
    }
  }
}
