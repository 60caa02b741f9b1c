package io.mqbench.postgres;

import io.mqbench.mq.Durability;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * What a send's commit means on the PostgreSQL server a run reaches, read back with {@code SHOW} on
 * a connection set up as a sender's: the {@code synchronous_commit} in force, the server's {@code
 * fsync} and {@code synchronous_standby_names}. A commit is fsynced only when both flush.
 */
final class PostgresDurability {
  private PostgresDurability() {}

  /**
   * @param asked what the settings declare (where the standbys are said)
   * @return what was found, on a connection of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the server if it cannot be reached
   */
  static Durability found(PostgresSettings settings, Durability asked) {
    Connection c = null;
    try {
      c = PostgresMq.connect(settings, settings.synchronousCommit());
      String commit = PostgresMq.show(c, "synchronous_commit").toLowerCase(Locale.ROOT);
      String fsync = PostgresMq.show(c, "fsync").toLowerCase(Locale.ROOT);
      String names = PostgresMq.show(c, "synchronous_standby_names");
      String version = PostgresMq.show(c, "server_version").split(" ")[0];
      boolean flushes = "on".equals(fsync) && !"off".equals(commit);
      return new Durability(
          flushes ? Durability.Level.FSYNC : Durability.Level.MEMORY,
          asked.where(),
          "synchronous_commit="
              + commit
              + ", fsync="
              + fsync
              + ", synchronous_standby_names='"
              + names
              + "' read back (SHOW) from PostgreSQL "
              + version);
    } catch (SQLException | RuntimeException e) {
      throw PostgresMq.failure(settings, "cannot read its durability settings", e);
    } finally {
      PostgresMq.closeQuietly(c);
    }
  }
}
