package io.mqbench.postgres;

import io.mqbench.broker.Loopback;
import io.mqbench.mq.Errors;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The local cluster's failover manager, as an operator's (Patroni, repmgr) would be, kept small:
 * PostgreSQL itself never promotes a standby. A daemon thread watches the primary: once its process
 * has been gone, or its port has not answered (a node cut off the network), for {@link
 * #DOWN_AFTER}, it promotes the standby that received the most WAL ({@code pg_promote()}), points
 * the other running standbys at it ({@code ALTER SYSTEM SET primary_conninfo}, reloaded; they
 * follow its new timeline, {@code recovery_target_timeline} being {@code latest}), and, when fewer
 * standbys are left than a commit waits for, lowers {@code synchronous_standby_names} on the new
 * primary to those left (empty when none is: commits are then on one node), saying so on standard
 * error.
 *
 * <p>A former primary never comes back as a second primary: stopped at the failover, it is made a
 * standby of the new primary when it starts again, rewound with {@code pg_rewind} first; still
 * running but cut off, it is stopped, rewound and started as a standby as soon as it answers again
 * (until then no client reaches it, and no commit on it is confirmed: its synchronous standbys are
 * on the other side of the cut).
 *
 * <p>What it does not do: a frozen (SIGSTOP) primary still accepts connections (the kernel does),
 * so it is not failed over; and it does not raise {@code synchronous_standby_names} again when
 * standbys come back.
 */
final class PostgresFailover implements AutoCloseable {
  /** How long the primary's process must be gone before a standby is promoted. */
  static final Duration DOWN_AFTER = Duration.ofSeconds(1);

  private static final long TICK_MILLIS = 200;

  /** How long a node's port may take to answer a connect; the kernel answers at once. */
  private static final Duration ANSWER_TIMEOUT = Duration.ofMillis(300);

  private final List<PostgresServer> nodes;
  private final int waitedFor;
  private final String password;
  private final Thread thread;
  private final Thread onShutdown;
  private volatile boolean stopped;
  private int primary; // only the watching thread uses it
  private final List<Integer> deposed = new ArrayList<>(); // former primaries still running
  private long downSince;
  private String lastSaid = "";

  /**
   * @param nodes the cluster's nodes, the first the primary
   * @param waitedFor how many standbys a commit waits for
   * @param password the superuser's password, or null
   */
  PostgresFailover(List<PostgresServer> nodes, int waitedFor, String password) {
    this.nodes = List.copyOf(nodes);
    this.waitedFor = waitedFor;
    this.password = password;
    this.thread = new Thread(this::watch, "mqbench-postgres-failover");
    thread.setDaemon(true);
    // The nodes stop on their own shutdown hooks: their stop is no failure to act on.
    this.onShutdown = new Thread(() -> stopped = true, "mqbench-postgres-failover-stop");
  }

  /** Starts watching. */
  void start() {
    Runtime.getRuntime().addShutdownHook(onShutdown);
    thread.start();
  }

  private void watch() {
    while (!stopped) {
      try {
        tick();
        Thread.sleep(TICK_MILLIS);
      } catch (InterruptedException e) {
        return;
      } catch (SQLException | RuntimeException e) {
        say("failover not done yet: " + Errors.oneLine(e));
        try {
          Thread.sleep(TICK_MILLIS);
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  private void tick() throws SQLException, InterruptedException {
    fenceDeposed();
    if (serves(nodes.get(primary))) {
      downSince = 0;
      return;
    }
    long now = System.nanoTime();
    if (downSince == 0) {
      downSince = now;
    } else if (now - downSince >= DOWN_AFTER.toNanos() && !stopped) {
      failOver();
    }
  }

  /** Its process runs and its port answers. */
  private static boolean serves(PostgresServer node) {
    return node.running() && Loopback.answers(node.host(), node.port(), ANSWER_TIMEOUT);
  }

  /**
   * Turns a former primary that was cut off, not stopped, into a standby of the primary once it
   * answers again: stopped, rewound and started.
   */
  private void fenceDeposed() throws InterruptedException {
    for (Iterator<Integer> i = deposed.iterator(); i.hasNext(); ) {
      PostgresServer node = nodes.get(i.next());
      if (!node.running()) {
        i.remove(); // it starts as a standby (follow was set at the failover)
      } else if (Loopback.answers(node.host(), node.port(), ANSWER_TIMEOUT)) {
        i.remove();
        node.stop();
        node.start();
        say(node.member().name() + " (a former primary) answers again; now a standby");
      }
    }
  }

  /** Promotes the most advanced running standby, then points the others at it. */
  private void failOver() throws SQLException {
    int best = -1;
    long bestLsn = -1;
    for (int i = 0; i < nodes.size(); i++) {
      if (i != primary && serves(nodes.get(i))) {
        long lsn = received(nodes.get(i));
        if (lsn > bestLsn) {
          best = i;
          bestLsn = lsn;
        }
      }
    }
    if (best < 0) {
      say(name(primary) + " (the primary) is down and no standby runs to promote");
      return;
    }
    PostgresServer promoted = nodes.get(best);
    execute(promoted, "SELECT pg_promote(true, 60)");
    // Until a checkpoint, the control file still names the old timeline, and a pg_rewind of the
    // former primary from it would find nothing to rewind.
    execute(promoted, "CHECKPOINT");
    int former = primary;
    primary = best;
    downSince = 0;
    if (nodes.get(former).running()) {
      deposed.add(former);
    }
    List<String> left = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      if (i == best) {
        nodes.get(i).follow(null, false);
        continue;
      }
      nodes.get(i).follow(promoted, i == former);
      if (i != former && serves(nodes.get(i)) && repoint(i, promoted)) {
        left.add(name(i));
      }
    }
    String commits = commitsWaitFor(promoted, left.size());
    say(
        name(former)
            + " (the primary) is down; promoted "
            + name(best)
            + " on "
            + promoted.address()
            + "; standbys following it: "
            + (left.isEmpty() ? "none" : String.join(", ", left))
            + "; "
            + commits);
  }

  /**
   * Lowers {@code synchronous_standby_names} on the new primary when fewer standbys are left than a
   * commit waits for, lest every commit wait for ever.
   *
   * @return what a commit waits for now, for the notice
   */
  private String commitsWaitFor(PostgresServer primary, int left) throws SQLException {
    if (left >= waitedFor) {
      return "a commit waits for " + waitedFor + " of " + left + " standby(s)";
    }
    List<String> all = nodes.stream().map(n -> n.member().name()).toList();
    String names = PostgresCluster.standbyNames(left, all);
    execute(primary, "ALTER SYSTEM SET synchronous_standby_names = '" + names + "'");
    execute(primary, "SELECT pg_reload_conf()");
    return left == 0
        ? "no standby is left: commits are now on one node (synchronous_standby_names='')"
        : "a commit now waits for the " + left + " standby(s) left";
  }

  /** The WAL a standby has received (or replayed), as a byte position; -1 if it cannot say. */
  private long received(PostgresServer node) {
    try (Connection c = PostgresCluster.connect(node, password);
        Statement s = c.createStatement();
        ResultSet r =
            s.executeQuery(
                "SELECT pg_is_in_recovery(), pg_wal_lsn_diff(greatest(pg_last_wal_receive_lsn(),"
                    + " pg_last_wal_replay_lsn()), '0/0')::bigint")) {
      r.next();
      return r.getBoolean(1) ? r.getLong(2) : -1;
    } catch (SQLException e) {
      return -1;
    }
  }

  /** Points a running standby at the primary; says whether it could. */
  private boolean repoint(int node, PostgresServer primary) {
    String conninfo = PostgresStandby.conninfo(primary, name(node), password);
    try {
      PostgresServer p = nodes.get(node);
      execute(p, "ALTER SYSTEM SET primary_conninfo = '" + conninfo.replace("'", "''") + "'");
      execute(p, "SELECT pg_reload_conf()");
      return true;
    } catch (SQLException e) {
      say(name(node) + " could not be pointed at the new primary: " + Errors.oneLine(e));
      return false;
    }
  }

  private void execute(PostgresServer node, String sql) throws SQLException {
    try (Connection c = PostgresCluster.connect(node, password);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private String name(int node) {
    return nodes.get(node).member().name();
  }

  /** One line on standard error, not repeated while it stays the same. */
  private void say(String line) {
    if (!line.equals(lastSaid)) {
      lastSaid = line;
      System.err.println("postgres: local cluster: " + line);
    }
  }

  /** Stops watching, and waits for the thread to end (a promotion under way is abandoned). */
  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(onShutdown);
    } catch (IllegalStateException e) {
      // already shutting down
    }
  }
}
