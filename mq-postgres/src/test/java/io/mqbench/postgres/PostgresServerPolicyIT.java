package io.mqbench.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The durability a result states is the server's: a server whose {@code fsync} or synchronous
 * standbys are not what the keys state is refused in one line that says what it runs with and which
 * key measures it as it is; and a wrong password names the key.
 */
class PostgresServerPolicyIT {
  private static PostgresServer server;
  private final PostgresMqProvider provider = new PostgresMqProvider();

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = TestPostgres.start(false, TestPostgres.PASSWORD);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  private Mq open(String... keys) {
    Map<String, String> raw = new HashMap<>();
    raw.put("postgres.url", server.url());
    raw.put("postgres.password", TestPostgres.PASSWORD);
    raw.put("postgres.table", "policy");
    for (int i = 0; i < keys.length; i += 2) {
      raw.put(keys[i], keys[i + 1]);
    }
    return provider.open(provider.configure(raw));
  }

  @Test
  void whatIsFoundIsTheServersFsyncReadBackWhateverTheKeysAsk() {
    Map<String, String> raw = new HashMap<>();
    raw.put("postgres.url", server.url());
    raw.put("postgres.password", TestPostgres.PASSWORD);
    raw.put("postgres.fsync", "true");

    Durability found = provider.durabilityFound(provider.configure(raw)).orElseThrow();

    assertThat(provider.durability(provider.configure(raw)).level())
        .isEqualTo(Durability.Level.FSYNC);
    assertThat(found.level()).isEqualTo(Durability.Level.MEMORY);
    assertThat(found.settings())
        .startsWith("synchronous_commit=on, fsync=off, synchronous_standby_names=''")
        .contains("read back (SHOW) from PostgreSQL ");
  }

  @Test
  void aServerWithoutFsyncIsRefusedSayingWhatItRunsAndIsMeasuredAsItIsWhenTheKeySaysSo() {
    assertThatThrownBy(this::open)
        .isInstanceOf(MqException.class)
        .hasMessage(
            "postgres: the server at 127.0.0.1:"
                + server.port()
                + " runs with fsync=off, not postgres.fsync=true: set it on the server, or pass"
                + " -p postgres.fsync=false to measure it as it is");

    try (Mq mq = open("postgres.fsync", "false")) {
      assertThat(mq.versions().get("postgresql")).matches("\\d+\\.\\d+");
      assertThat(mq.versions()).containsKey("pgjdbc");
    }
  }

  @Test
  void standbysTheServerDoesNotWaitForAreRefusedUnlessCommitsDoNotWaitForStandbys() {
    assertThatThrownBy(() -> open("postgres.fsync", "false", "postgres.syncStandbys", "1"))
        .isInstanceOf(MqException.class)
        .hasMessage(
            "postgres: the server at 127.0.0.1:"
                + server.port()
                + " makes a commit wait for 0 synchronous standby(s)"
                + " (synchronous_standby_names=''), not postgres.syncStandbys=1: pass -p"
                + " postgres.syncStandbys=0 to measure it as it is");

    try (Mq mq =
        open(
            "postgres.fsync",
            "false",
            "postgres.syncStandbys",
            "1",
            "postgres.synchronousCommit",
            "local")) {
      assertThat(mq.createdQueue()).isPresent();
    }
  }

  @Test
  void aWrongPasswordIsRefusedInOneLineNamingTheKeys() {
    assertThatThrownBy(() -> open("postgres.fsync", "false", "postgres.password", "wrong"))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith(
            "postgres: the server at 127.0.0.1:"
                + server.port()
                + " refused the credentials of postgres.user=mqbench and postgres.password (")
        .hasMessageNotContaining("\n")
        .hasMessageNotContaining("wrong");
  }
}
