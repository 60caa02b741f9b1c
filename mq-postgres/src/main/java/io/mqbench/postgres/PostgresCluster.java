package io.mqbench.postgres;

import io.mqbench.broker.NativeCluster;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import org.postgresql.Driver;

/**
 * A local replicated PostgreSQL: a primary and N−1 streaming standbys, private servers each with
 * its own data directory and port, a commit waiting until half of the nodes (rounded down) hold it
 * on a standby as well ({@code synchronous_standby_names = 'ANY n (node1, ...)'}, every node
 * listed, so that the list still holds after a failover), and a failover manager that promotes a
 * standby when the primary dies ({@link PostgresFailover}). Clients follow the primary with a
 * multi-host URL ({@code targetServerType=primary}).
 */
final class PostgresCluster extends NativeCluster {
  private static final Duration CLUSTERED_TIMEOUT = Duration.ofSeconds(60);

  private final List<PostgresServer> servers;
  private final Path bin;
  private final int waitedFor;
  private final String password;
  private final boolean fsync;
  private PostgresFailover failover;

  private PostgresCluster(
      List<PostgresServer> servers, Path bin, int waitedFor, String password, boolean fsync) {
    super(servers);
    this.servers = servers;
    this.bin = bin;
    this.waitedFor = waitedFor;
    this.password = password;
    this.fsync = fsync;
  }

  /**
   * @param bin the {@code postgres} executable
   * @param nodes how many nodes, at least 2: the first the primary
   * @param fsync every node's {@code fsync}
   * @param password the superuser's password every node requires over TCP, or null to trust
   * @return the cluster, not started
   */
  static PostgresCluster of(Path bin, int nodes, boolean fsync, String password) {
    List<String> names = new ArrayList<>();
    for (int i = 1; i <= nodes; i++) {
      names.add("node" + i);
    }
    int waitedFor = nodes / 2;
    List<String> settings =
        List.of(
            "wal_log_hints = on", // pg_rewind needs it to turn a former primary into a standby
            "wal_keep_size = '256MB'", // a standby that fell behind can still catch up
            // A standby whose primary went away tries again after this (5 s by default), and
            // until one is back, every commit waits.
            "wal_retrieve_retry_interval = '1s'",
            "synchronous_standby_names = '" + standbyNames(waitedFor, names) + "'");
    List<PostgresServer> servers = new ArrayList<>();
    for (String name : names) {
      servers.add(
          new PostgresServer(bin, fsync, password, new PostgresServer.Member(name, settings)));
    }
    for (int i = 1; i < nodes; i++) {
      servers.get(i).follow(servers.get(0), false);
    }
    return new PostgresCluster(servers, bin, waitedFor, password, fsync);
  }

  /** The same cluster on new ports and directories: to be placed in network namespaces. */
  @Override
  protected NativeCluster copy() {
    return of(bin, servers.size(), fsync, password);
  }

  /**
   * @param waitedFor how many standbys a commit waits for
   * @param names the nodes' names
   * @return {@code synchronous_standby_names} for them: {@code ANY n (...)}, empty for none
   */
  static String standbyNames(int waitedFor, List<String> names) {
    return waitedFor == 0 ? "" : "ANY " + waitedFor + " (" + String.join(", ", names) + ")";
  }

  /**
   * @return the multi-host URL, as {@code postgres.url} takes it: every node, the primary chosen
   */
  String url() {
    return "jdbc:postgresql://"
        + servers.stream().map(PostgresServer::address).collect(Collectors.joining(","))
        + "/postgres?targetServerType=primary&hostRecheckSeconds=1";
  }

  /**
   * The multi-host URL, and the standbys a commit waits for, unless {@code postgres.syncStandbys}
   * was given.
   */
  @Override
  protected MqConfig pointAt(MqConfig config) {
    MqConfig pointed = config.with(PostgresSettings.URL.name(), url());
    if (!config.isGiven(PostgresSettings.SYNC_STANDBYS)) {
      pointed = pointed.with(PostgresSettings.SYNC_STANDBYS.name(), String.valueOf(this.waitedFor));
    }
    return pointed;
  }

  /** Starts the nodes, then the failover manager once they stream. */
  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    MqConfig pointed = super.start(config);
    failover = new PostgresFailover(servers, waitedFor, password);
    failover.start();
    return pointed;
  }

  /** Waits until the primary reports every standby streaming, each a quorum member. */
  @Override
  protected void awaitClustered(MqConfig pointed) throws InterruptedException {
    long deadline = System.nanoTime() + CLUSTERED_TIMEOUT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      try {
        last = missing();
        if (last.isEmpty()) {
          return;
        }
      } catch (SQLException | RuntimeException e) {
        last = Errors.oneLine(e);
      }
      Thread.sleep(250);
    }
    throw new MqException(
        "postgres: the local cluster of "
            + servers.size()
            + " nodes did not form within "
            + CLUSTERED_TIMEOUT.toSeconds()
            + " s ("
            + last
            + ")");
  }

  /** What the cluster lacks now; empty once every standby streams as a quorum member. */
  private String missing() throws SQLException {
    try (Connection c = connect(servers.get(0), password);
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT count(*) FILTER (WHERE state = 'streaming'),"
                    + " count(*) FILTER (WHERE sync_state IN ('sync', 'quorum'))"
                    + " FROM pg_stat_replication")) {
      r.next();
      int standbys = servers.size() - 1;
      long streaming = r.getLong(1);
      long synchronous = r.getLong(2);
      if (streaming < standbys || (waitedFor > 0 && synchronous < standbys)) {
        return streaming + " of " + standbys + " standbys streaming, " + synchronous + " in quorum";
      }
      return "";
    }
  }

  /**
   * @param node a node
   * @param password the superuser's password, or null
   * @return a connection to that node alone, as the superuser, with short timeouts
   * @throws SQLException if it cannot connect
   */
  static Connection connect(PostgresServer node, String password) throws SQLException {
    return connect(node.address(), password);
  }

  /**
   * @param address a node's {@code host:port}
   * @param password the superuser's password, or null
   * @return a connection to that node alone, as {@link #connect(PostgresServer, String)} makes
   * @throws SQLException if it cannot connect
   */
  static Connection connect(String address, String password) throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", PostgresServer.SUPERUSER);
    if (password != null) {
      p.setProperty("password", password);
    }
    p.setProperty("connectTimeout", "2");
    p.setProperty("loginTimeout", "2");
    p.setProperty("socketTimeout", "70"); // a promotion is waited for up to 60 s
    p.setProperty("ApplicationName", "mqbench-cluster");
    return new Driver().connect("jdbc:postgresql://" + address + "/postgres", p);
  }

  /** Stops the failover manager first: stopping the nodes must not look like a failure. */
  @Override
  public synchronized void close() {
    if (failover != null) {
      failover.close();
    }
    super.close();
  }

  @Override
  public String description() {
    return "a local PostgreSQL of "
        + servers.size()
        + " private servers (fsync="
        + (fsync ? "on" : "off")
        + "), a primary on "
        + servers.get(0).address()
        + " and "
        + (servers.size() - 1)
        + " streaming standby(s), a commit waiting for "
        + waitedFor
        + " of them (synchronous_standby_names ANY "
        + waitedFor
        + "), a standby promoted when the primary's process dies or it stops answering"
        + networkDescription();
  }
}
