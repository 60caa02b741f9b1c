package io.mqbench.postgres;

import io.mqbench.mq.Durability;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a send's commit means on the PostgreSQL server a run reaches, read back with {@code SHOW} on
 * a connection set up as a sender's: the {@code synchronous_commit} in force, the server's {@code
 * fsync} and {@code synchronous_standby_names}, and the standbys as the server reports them ({@code
 * pg_stat_replication}: each one's name, state and sync state). A commit is fsynced only when both
 * flush.
 */
final class PostgresDurability {
  private PostgresDurability() {}

  /**
   * @return what was found, on a connection of its own closed before this returns: where a commit
   *     is when it returns says the synchronous standbys the server waits for now (fewer than asked
   *     after a failover that lowered them), and a difference from {@code postgres.syncStandbys} is
   *     said
   * @throws io.mqbench.mq.MqException naming the server if it cannot be reached
   */
  static Durability found(PostgresSettings settings) {
    Connection c = null;
    try {
      c = PostgresMq.connect(settings, settings.synchronousCommit());
      String commit = PostgresMq.show(c, "synchronous_commit").toLowerCase(Locale.ROOT);
      String fsync = PostgresMq.show(c, "fsync").toLowerCase(Locale.ROOT);
      String names = PostgresMq.show(c, "synchronous_standby_names");
      String version = PostgresMq.show(c, "server_version").split(" ")[0];
      boolean flushes = "on".equals(fsync) && !"off".equals(commit);
      SynchronousCommit waits = SynchronousCommit.of(commit).orElse(settings.synchronousCommit());
      int waited = waits.waitsForStandbys() ? PostgresMq.standbysWaitedFor(names) : 0;
      String where =
          waited == 0
              ? "on the primary"
              : "on the primary, and "
                  + waits.onStandbys()
                  + " on "
                  + waited
                  + " synchronous"
                  + " standby(s)";
      String unlike =
          waits.waitsForStandbys() && waited != settings.syncStandbys()
              ? "; the server's commits wait for "
                  + waited
                  + " standby(s), not the "
                  + settings.syncStandbys()
                  + " of "
                  + PostgresSettings.SYNC_STANDBYS.name()
              : "";
      return new Durability(
          flushes ? Durability.Level.FSYNC : Durability.Level.MEMORY,
          where,
          "synchronous_commit="
              + commit
              + ", fsync="
              + fsync
              + ", synchronous_standby_names='"
              + names
              + "' read back (SHOW) from PostgreSQL "
              + version
              + replication(c, waited)
              + unlike);
    } catch (SQLException | RuntimeException e) {
      throw PostgresMq.failure(settings, "cannot read its durability settings", e);
    } finally {
      PostgresMq.closeQuietly(c);
    }
  }

  /**
   * @param c a connection to the server a sender reaches
   * @param waited how many synchronous standbys its commits wait for
   * @return its role, and its standbys as it reports them, as the durability line says them
   */
  static String replication(Connection c, int waited) throws SQLException {
    List<String> standbys = new ArrayList<>();
    int synchronous = 0;
    boolean standby;
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT pg_is_in_recovery()")) {
      r.next();
      standby = r.getBoolean(1);
    }
    try (Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT application_name, state, sync_state FROM pg_stat_replication"
                    + " ORDER BY application_name")) {
      while (r.next()) {
        standbys.add(r.getString(1) + " " + r.getString(2) + " " + r.getString(3));
        boolean streaming = "streaming".equals(r.getString(2));
        if (streaming && List.of("sync", "quorum").contains(r.getString(3))) {
          synchronous++;
        }
      }
    }
    return describe(standby, standbys, synchronous, waited);
  }

  /**
   * @param standby whether the server is in recovery
   * @param standbys each standby as {@code "name state sync_state"}
   * @param synchronous how many of them stream as synchronous (sync or quorum)
   * @param waited how many a commit waits for
   * @return what the durability line says of them
   */
  static String describe(boolean standby, List<String> standbys, int synchronous, int waited) {
    String line =
        "; "
            + (standby ? "a standby" : "a primary")
            + " with "
            + (standbys.isEmpty() ? "no standby" : String.join(", ", standbys))
            + " (pg_stat_replication)";
    if (waited > 0) {
      line += ", a commit waiting for " + waited + " of " + synchronous + " synchronous";
      if (synchronous < waited) {
        line += ": fewer than a commit waits for, commits wait until enough stream";
      }
    }
    return line;
  }
}
