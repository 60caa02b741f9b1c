package io.mqbench.postgres;

import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;
import org.postgresql.util.DriverInfo;

/**
 * A PostgreSQL table used as a queue: one connection per sender (more with {@code
 * postgres.sendConnections}) and per receiver, and one for the queue's administration (checking the
 * server's settings, creating and dropping the table).
 *
 * <p><b>The table.</b> {@code id bigint} (an identity, the primary key), {@code visible_at
 * timestamptz} (when the message may be claimed: {@code -infinity} until its first claim, then the
 * end of its lease), {@code lease_owner bigint} (the receiver holding it) and {@code body bytea}
 * (stored uncompressed: payloads are random, compressing them would only cost time). The only index
 * is the primary key: a claim reads it in {@code id} order and stops after the batch, so its cost
 * grows with the batch and with the messages leased at the queue's head, not with the backlog
 * behind them; a claim changes only columns no index holds, so PostgreSQL can update the row in
 * place on its page (a HOT update, the table keeps 20 % of each page free for it) without a new
 * index entry.
 */
final class PostgresMq implements Mq {
  private static final Driver DRIVER = new Driver();

  private final PostgresSettings settings;
  private final MqLimits limits;
  private Connection admin;
  private final boolean created;
  private final String version;
  private final OpenClients opened = new OpenClients("postgres: the backend is closed");

  private PostgresMq(
      PostgresSettings settings,
      MqLimits limits,
      Connection admin,
      boolean created,
      String version) {
    this.settings = settings;
    this.limits = limits;
    this.admin = admin;
    this.created = created;
    this.version = version;
  }

  /**
   * Connects, checks that the server runs with the {@code fsync} and synchronous standbys the
   * settings state, and creates the table when missing.
   *
   * @throws MqException in one line naming the address if the server cannot be reached, refuses the
   *     credentials, or runs otherwise than the settings state
   */
  static PostgresMq open(PostgresSettings settings, MqLimits limits) {
    Connection admin = null;
    try {
      admin = connect(settings, SynchronousCommit.ON);
      checkFsync(settings, admin);
      checkStandbys(settings, admin);
      String version = show(admin, "server_version").split(" ")[0];
      boolean made = createTable(settings, admin);
      return new PostgresMq(settings, limits, admin, made, version);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(admin);
      throw failure(settings, "cannot open " + settings.tableName(), e);
    }
  }

  /**
   * Opens a connection with the given {@code synchronous_commit}.
   *
   * @throws SQLException if the driver cannot connect or log in
   */
  static Connection connect(PostgresSettings settings, SynchronousCommit commit)
      throws SQLException {
    Connection c = DRIVER.connect(settings.url(), settings.connectionProperties());
    if (c == null) {
      throw new MqException(
          "postgres: " + PostgresSettings.URL.name() + " is not a jdbc:postgresql: URL");
    }
    try (Statement s = c.createStatement()) {
      s.execute("SET synchronous_commit = " + commit.text());
    } catch (SQLException e) {
      closeQuietly(c);
      throw e;
    }
    return c;
  }

  static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException e) {
      // closing the rest matters more
    }
  }

  static String show(Connection c, String setting) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SHOW " + setting)) {
      r.next();
      return r.getString(1);
    }
  }

  private static void checkFsync(PostgresSettings settings, Connection c) throws SQLException {
    boolean on = "on".equalsIgnoreCase(show(c, "fsync"));
    if (on != settings.fsync()) {
      throw new MqException(
          "postgres: the server at "
              + settings.address()
              + " runs with fsync="
              + (on ? "on" : "off")
              + ", not "
              + PostgresSettings.FSYNC.name()
              + "="
              + settings.fsync()
              + ": set it on the server, or pass -p "
              + PostgresSettings.FSYNC.name()
              + "="
              + on
              + " to measure it as it is");
    }
  }

  private static final Pattern COUNTED =
      Pattern.compile("^\\s*(?:(?:FIRST|ANY)\\s+)?(\\d+)\\s*\\(", Pattern.CASE_INSENSITIVE);

  /**
   * How many synchronous standbys a commit waits for under {@code synchronous_standby_names}:
   * {@code FIRST n (...)}, {@code ANY n (...)} and {@code n (...)} say so; a bare list means the
   * first of them.
   *
   * @param names the server's setting
   * @return that number; 0 for an empty setting
   */
  static int standbysWaitedFor(String names) {
    if (names == null || names.isBlank()) {
      return 0;
    }
    Matcher m = COUNTED.matcher(names);
    return m.find() ? Integer.parseInt(m.group(1)) : 1;
  }

  /**
   * When sends wait for standbys ({@code synchronous_commit} on, remote_write or remote_apply), the
   * server must wait for as many as {@code postgres.syncStandbys} says, and that many must be
   * connected: otherwise a commit would wait for ever.
   */
  private static void checkStandbys(PostgresSettings settings, Connection c) throws SQLException {
    if (!settings.synchronousCommit().waitsForStandbys()) {
      return;
    }
    String names = show(c, "synchronous_standby_names");
    int waited = standbysWaitedFor(names);
    if (waited != settings.syncStandbys()) {
      throw new MqException(
          "postgres: the server at "
              + settings.address()
              + " makes a commit wait for "
              + waited
              + " synchronous standby(s) (synchronous_standby_names='"
              + names
              + "'), not "
              + PostgresSettings.SYNC_STANDBYS.name()
              + "="
              + settings.syncStandbys()
              + ": pass -p "
              + PostgresSettings.SYNC_STANDBYS.name()
              + "="
              + waited
              + " to measure it as it is");
    }
    if (waited == 0) {
      return;
    }
    // sync_state is visible to superusers and pg_read_all_stats only; otherwise it reads null and
    // nothing can be said.
    try (Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*) FILTER (WHERE sync_state IN ('sync', 'quorum')),"
                    + " count(sync_state) FROM pg_stat_replication")) {
      r.next();
      long connected = r.getLong(1);
      long visible = r.getLong(2);
      if (visible > 0 || connected > 0) {
        if (connected < waited) {
          throw new MqException(
              "postgres: the server at "
                  + settings.address()
                  + " waits for "
                  + waited
                  + " synchronous standby(s) but "
                  + connected
                  + " is connected: every commit would wait until one is");
        }
      }
    }
  }

  /** Creates the table when missing; says whether it did. */
  private static boolean createTable(PostgresSettings settings, Connection c) throws SQLException {
    String table = settings.quotedTable();
    try (PreparedStatement exists = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      exists.setString(1, table);
      try (ResultSet r = exists.executeQuery()) {
        r.next();
        if (r.getBoolean(1)) {
          return false;
        }
      }
    }
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + table
              + " (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
              + " visible_at timestamptz NOT NULL DEFAULT '-infinity',"
              + " lease_owner bigint,"
              + " body bytea NOT NULL) WITH (fillfactor = 80)");
      s.execute("ALTER TABLE " + table + " ALTER COLUMN body SET STORAGE EXTERNAL");
      c.commit();
    } catch (SQLException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
    return true;
  }

  /**
   * A failure of this backend as one line naming the server: unreachable, refused credentials, or
   * what the server said.
   *
   * @param what what was being done, for the message
   */
  static MqException failure(PostgresSettings settings, String what, Throwable e) {
    if (e instanceof MqException mq) {
      return mq;
    }
    Optional<SQLException> sql = Errors.find(e, SQLException.class);
    String state = sql.map(SQLException::getSQLState).orElse(null);
    if (state != null && state.startsWith("28")) {
      return new MqException(
          "postgres: the server at "
              + settings.address()
              + " refused the credentials of "
              + PostgresSettings.USER.name()
              + "="
              + settings.user()
              + " and "
              + PostgresSettings.PASSWORD.name()
              + " ("
              + Errors.oneLine(sql.get())
              + ")",
          e);
    }
    if ("08001".equals(state) || "08004".equals(state)) {
      return new MqException(
          "postgres: cannot connect to " + settings.address() + " (" + Errors.rootMessage(e) + ")",
          e);
    }
    if ("3D000".equals(state)) {
      return new MqException(
          "postgres: "
              + Errors.oneLine(e)
              + " on the server at "
              + settings.address()
              + " (the database of "
              + PostgresSettings.URL.name()
              + ")",
          e);
    }
    return new MqException(
        "postgres: " + what + " at " + settings.address() + ": " + Errors.oneLine(e), e);
  }

  @Override
  public synchronized MqSender createSender() {
    opened.checkOpen();
    PostgresSender sender = opened.add(new PostgresSender(settings));
    return limits.enforce("postgres", sender);
  }

  @Override
  public synchronized MqReceiver createReceiver() {
    opened.checkOpen();
    return opened.add(new PostgresReceiver(settings));
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("postgresql", version, "pgjdbc", DriverInfo.DRIVER_VERSION);
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(created);
  }

  /**
   * Drops the table and every message in it; on a new connection if the first one was lost (its
   * server died: after a failover, the primary is another server).
   */
  @Override
  public synchronized boolean removeQueue() {
    try {
      try {
        dropTable();
      } catch (SQLException e) {
        if (admin.isValid(PostgresSettings.seconds(settings.connectTimeout()))) {
          throw e;
        }
        closeQuietly(admin);
        admin = connect(settings, SynchronousCommit.ON);
        dropTable();
      }
      return true;
    } catch (SQLException e) {
      throw failure(settings, "cannot drop " + settings.tableName(), e);
    }
  }

  private void dropTable() throws SQLException {
    try (Statement s = admin.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + settings.quotedTable());
    }
  }

  @Override
  public synchronized void close() {
    if (opened.closeAll()) {
      closeQuietly(admin);
    }
  }
}
