package io.mqbench.redis;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import io.mqbench.mq.MqException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * Where the primary is now: asked of the Sentinels for a {@code redis-sentinel://} URI (the first
 * that answers), else the one server a {@code redis://} URI names.
 */
final class RedisPrimary {
  private RedisPrimary() {}

  /**
   * @param settings the backend's settings
   * @return the primary's {@code host:port}
   * @throws MqException in one line if no Sentinel answers or none knows the primary
   */
  static String address(RedisSettings settings) {
    RedisURI uri = settings.uri();
    if (uri.getSentinels().isEmpty()) {
      return settings.address();
    }
    RedisClient client = RedisClient.create();
    try {
      RuntimeException last = null;
      for (RedisURI sentinel : uri.getSentinels()) {
        RedisURI plain = RedisURI.create(sentinel.getHost(), sentinel.getPort());
        plain.setTimeout(settings.commandTimeout());
        try (StatefulRedisSentinelConnection<String, String> c = client.connectSentinel(plain)) {
          SocketAddress primary = c.sync().getMasterAddrByName(uri.getSentinelMasterId());
          if (primary instanceof InetSocketAddress a) {
            return a.getHostString() + ":" + a.getPort();
          }
        } catch (RuntimeException e) {
          last = e;
        }
      }
      throw new MqException(
          "redis: no Sentinel of "
              + settings.address()
              + " names a primary "
              + uri.getSentinelMasterId()
              + (last == null ? "" : " (" + io.mqbench.mq.Errors.oneLine(last) + ")"));
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }
}
