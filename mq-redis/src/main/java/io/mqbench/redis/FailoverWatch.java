package io.mqbench.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.mqbench.mq.MqException;
import java.util.Map;

/**
 * Whether the server a connection reads is still the primary the Sentinels name. A connection does
 * not follow a failover by itself: after a short network cut, which closes no TCP connection, the
 * old primary may go on calling itself primary for seconds while the Sentinels have promoted
 * another, and a receiver reading it would wait for entries that go elsewhere. Compared by run id,
 * which an address seen through a proxy does not change. Shared by a backend's receivers; a {@code
 * redis://} URI (no Sentinels) has nothing to follow.
 */
final class FailoverWatch implements AutoCloseable {
  private final RedisClient client;
  private final RedisSettings settings;
  private StatefulRedisSentinelConnection<String, String> sentinel;

  FailoverWatch(RedisClient client, RedisSettings settings) {
    this.client = client;
    this.settings = settings;
  }

  /**
   * @return whether there is a failover to follow: the URI names Sentinels
   */
  boolean watching() {
    return !settings.uri().getSentinels().isEmpty();
  }

  /**
   * @param serverRunId the run id of the server a connection reads ({@code INFO server})
   * @throws MqException in one line when the Sentinels name a primary with another run id
   */
  synchronized void check(String serverRunId) {
    RedisURI uri = settings.uri();
    if (!watching() || serverRunId.isEmpty()) {
      return;
    }
    String primary;
    try {
      if (sentinel == null) {
        sentinel = client.connectSentinel(uri);
      }
      Map<String, String> named = sentinel.sync().master(uri.getSentinelMasterId());
      primary = named.getOrDefault("runid", "");
    } catch (RedisException e) {
      close(); // no Sentinel answered now: ask another next time, and leave this read be
      return;
    }
    if (!primary.isEmpty() && !primary.equals(serverRunId)) {
      throw new MqException(
          "redis: the server this receiver reads is no longer the primary the Sentinels of "
              + settings.address()
              + " name (a failover): run id "
              + serverRunId
              + ", the primary's "
              + primary);
    }
  }

  @Override
  public synchronized void close() {
    if (sentinel != null) {
      sentinel.closeAsync();
      sentinel = null;
    }
  }
}
