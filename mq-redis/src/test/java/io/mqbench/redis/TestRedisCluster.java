package io.mqbench.redis;

import java.nio.file.Path;
import java.util.Map;

/**
 * The tests' replicated Redis: a primary, two replicas and three Sentinels of the installed
 * package, as {@code -p redis.localBrokerNodes=3} starts them, every node requiring a password and
 * fsyncing always. Missing redis-server fails the tests loudly: {@code apt-get install
 * redis-server} (.ci/run does).
 */
final class TestRedisCluster {
  static final int NODES = 3;

  private TestRedisCluster() {}

  static RedisCluster start() throws InterruptedException {
    Path bin =
        RedisServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "redis-server is not installed: apt-get install redis-server"));
    RedisCluster cluster = RedisCluster.of(bin, NODES, FsyncPolicy.ALWAYS, TestRedis.PASSWORD);
    cluster.start(new RedisMqProvider().configure(Map.of()));
    return cluster;
  }
}
