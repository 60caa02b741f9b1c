package io.mqbench.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The durability a result states is the server's: a server whose append-only policy is not {@code
 * redis.fsync}'s is refused in one line that says what it runs with and which key measures it as it
 * is.
 */
class RedisServerPolicyIT {
  @Test
  void aServerWithAnotherAppendOnlyPolicyIsRefusedSayingWhatItRuns() throws Exception {
    try (RedisServer server = TestRedis.start(FsyncPolicy.EVERYSEC)) {
      RedisMqProvider provider = new RedisMqProvider();

      assertThatThrownBy(() -> provider.open(provider.configure(Map.of("redis.uri", server.uri()))))
          .isInstanceOf(MqException.class)
          .hasMessage(
              "redis: the server at 127.0.0.1:"
                  + server.port()
                  + " runs with appendonly yes, appendfsync everysec, not redis.fsync=always"
                  + " (appendonly yes, appendfsync always): set it on the server, or pass -p"
                  + " redis.fsync=everysec to measure it as it is");

      try (Mq mq =
          provider.open(
              provider.configure(Map.of("redis.uri", server.uri(), "redis.fsync", "everysec")))) {
        assertThat(mq.versions()).containsKey("redis");
        assertThat(mq.versions().get("redis")).matches("\\d+\\.\\d+\\.\\d+");
      }
    }
  }

  @Test
  void aServerThatKeepsItsAppendOnlyFileButNeverFsyncsIsRefusedSayingSo() throws Exception {
    try (RedisServer server = TestRedis.start(FsyncPolicy.ALWAYS)) {
      RedisMqProvider provider = new RedisMqProvider();
      Process set =
          new ProcessBuilder(
                  "redis-cli",
                  "-p",
                  String.valueOf(server.port()),
                  "-a",
                  TestRedis.PASSWORD,
                  "--no-auth-warning",
                  "CONFIG",
                  "SET",
                  "appendfsync",
                  "no")
              .start();
      assertThat(new String(set.getInputStream().readAllBytes())).contains("OK");

      assertThatThrownBy(() -> provider.open(provider.configure(Map.of("redis.uri", server.uri()))))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("runs with appendonly yes, appendfsync no, not redis.fsync=always");
    }
  }
}
