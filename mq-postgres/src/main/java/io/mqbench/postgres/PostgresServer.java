package io.mqbench.postgres;

import io.mqbench.broker.Loopback;
import io.mqbench.broker.NativeServer;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * A private PostgreSQL server of the installed Debian package ({@code
 * /usr/lib/postgresql/VERSION/bin/postgres}, the newest version there): what the runner starts when
 * no address is given and nothing answers on the compose port, and what the tests run against. Its
 * cluster is made by {@code initdb} in its scratch directory (superuser {@code mqbench}, the
 * database {@code postgres}), it listens on 127.0.0.1 and a free port only, its Unix socket is in
 * the scratch directory too, and it trusts its local connections unless given a password, which it
 * then requires over TCP (SCRAM). The rest is mq-broker-kit's {@link NativeServer}.
 *
 * <p><b>Root.</b> PostgreSQL refuses to run as root. When this JVM runs as root (as it does in CI
 * and on these machines), {@code initdb} and {@code postgres} run as the {@code postgres} system
 * user that the Debian package creates, through {@code setpriv}, which changes the user and then
 * executes the server itself (unlike {@code runuser} or {@code su}, which stay as a parent that
 * turns a stop into a kill two seconds later), and the scratch directory is handed to that user.
 * Otherwise they run as the current user.
 *
 * <p><b>Stop.</b> The server is started under a small shell that turns the template's stop signal
 * (SIGTERM, on which PostgreSQL would wait for its clients to leave) into SIGINT, PostgreSQL's fast
 * shutdown.
 */
public final class PostgresServer extends NativeServer {
  /**
   * The superuser initdb creates, and the role the runner's default {@code postgres.user} names.
   */
  static final String SUPERUSER = "mqbench";

  private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

  private final boolean fsync;
  private final String password;
  private final Member member;
  private PostgresServer following;
  private boolean rewind;

  /**
   * A server's part in a local cluster.
   *
   * @param name its name among the nodes ({@code cluster_name}, and the {@code application_name}
   *     its standby connection has, which {@code synchronous_standby_names} lists)
   * @param settings lines for {@code postgresql.conf}, written by initdb's node and copied from it
   *     by the others
   */
  record Member(String name, List<String> settings) {}

  /**
   * @param bin the {@code postgres} executable, with {@code initdb} beside it
   * @param fsync whether it runs with {@code fsync=on}
   * @param password the password of {@code mqbench} it requires over TCP, or null to trust
   */
  public PostgresServer(Path bin, boolean fsync, String password) {
    this(bin, fsync, password, null);
  }

  /**
   * @param member its part in a local cluster, or null for a server alone
   */
  PostgresServer(Path bin, boolean fsync, String password, Member member) {
    super(bin, "mqbench-postgres-", "private PostgreSQL server");
    this.fsync = fsync;
    this.password = password;
    this.member = member;
  }

  /**
   * @return its part in a local cluster, or null
   */
  Member member() {
    return member;
  }

  /**
   * Makes the server, from its next start, a standby of the primary on a port: copied from it
   * ({@code pg_basebackup}) when it has no data yet, else pointed at it ({@code primary_conninfo}),
   * after a {@code pg_rewind} from it when asked (a former primary, whose WAL may run past the new
   * primary's).
   *
   * @param primary the primary; null to start as it is (a primary)
   * @param rewind whether to rewind the data first
   */
  synchronized void follow(PostgresServer primary, boolean rewind) {
    this.following = primary;
    this.rewind = rewind;
  }

  /**
   * @return whether its process is running now; waits while a restart is under way
   */
  synchronized boolean running() {
    try {
      return process().isAlive();
    } catch (IllegalStateException e) {
      return false;
    }
  }

  /**
   * @return the {@code postgres} executable of the newest installed Debian package, else one on the
   *     PATH
   */
  public static Optional<Path> installed() {
    Path lib = Paths.get("/usr/lib/postgresql");
    List<Path> found = new ArrayList<>();
    if (Files.isDirectory(lib)) {
      try (DirectoryStream<Path> versions = Files.newDirectoryStream(lib)) {
        for (Path v : versions) {
          Path bin = v.resolve("bin").resolve("postgres");
          if (Files.isExecutable(bin) && Files.isExecutable(v.resolve("bin").resolve("initdb"))) {
            found.add(bin);
          }
        }
      } catch (IOException e) {
        // none found there
      }
    }
    Optional<Path> newest = found.stream().max(Comparator.comparing(PostgresServer::majorVersion));
    return newest.isPresent() ? newest : NativeServer.installed("postgres");
  }

  private static double majorVersion(Path bin) {
    try {
      return Double.parseDouble(bin.getParent().getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * @return the server's JDBC URL (without credentials)
   */
  public String url() {
    return "jdbc:postgresql://" + address() + "/postgres";
  }

  /**
   * @return the password it requires, or null when it trusts
   */
  String password() {
    return password;
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port)
      throws InterruptedException {
    Path data = directory.resolve("data");
    if (!Files.exists(data.resolve("PG_VERSION"))) {
      if (following == null) {
        initdb(executable, directory, data);
      } else {
        PostgresStandby.copy(this, executable, directory, data, following);
      }
    } else if (following != null) {
      PostgresStandby.follow(this, executable, directory, data, following, rewind);
      rewind = false;
    }
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "/bin/sh",
            "-c",
            // A TERM between the start and pid=$! is noted and passed on once the pid is known.
            "early=; trap 'early=1' TERM; \"$@\" & pid=$!;"
                + " trap 'kill -INT \"$pid\" 2>/dev/null' TERM;"
                + " [ -z \"$early\" ] || kill -INT \"$pid\" 2>/dev/null;"
                + " while :; do wait \"$pid\"; s=$?; kill -0 \"$pid\" 2>/dev/null || exit $s; done",
            "sh"));
    command.addAll(ServerUser.prefix());
    command.addAll(
        List.of(
            executable.toString(),
            "-D",
            data.toString(),
            "-p",
            String.valueOf(port),
            "-k",
            directory.toString(),
            "-c",
            "listen_addresses=" + host(),
            "-c",
            "fsync=" + (fsync ? "on" : "off"),
            "-c",
            "max_connections=200",
            "-c",
            "logging_collector=off"));
    if (member != null) {
      command.addAll(List.of("-c", "cluster_name=" + member.name()));
    }
    return command;
  }

  /** Makes the cluster: the scratch directory handed to the server's user first when root. */
  private void initdb(Path executable, Path directory, Path data) throws InterruptedException {
    try {
      ServerUser.handOver(directory);
      List<String> command =
          new ArrayList<>(
              List.of(
                  executable.resolveSibling("initdb").toString(),
                  "-D",
                  data.toString(),
                  "-U",
                  SUPERUSER,
                  "-E",
                  "UTF8",
                  "--locale=C",
                  "--no-sync", // a scratch cluster: nothing to keep across a crash of the machine
                  "--no-instructions"));
      Path pwfile = directory.resolve("pwfile");
      if (password == null) {
        command.add("--auth=trust");
      } else {
        Files.writeString(pwfile, password + "\n", StandardCharsets.UTF_8);
        ServerUser.handOver(pwfile);
        command.addAll(
            List.of(
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "--pwfile=" + pwfile.toString()));
      }
      try {
        ServerUser.run("initdb", command, directory, Map.of());
      } finally {
        Files.deleteIfExists(pwfile);
      }
      if (member != null) {
        Files.write(data.resolve("postgresql.conf"), member.settings(), StandardOpenOption.APPEND);
      }
      if (!Loopback.HOST.equals(host())) {
        // initdb lets in 127.0.0.1 only; in a network namespace, the clients and the other nodes
        // come from the namespaces' subnet (a standby's copy has these lines too).
        String subnet = host().substring(0, host().lastIndexOf('.')) + ".0/24";
        String method = password == null ? "trust" : "scram-sha-256";
        Files.write(
            data.resolve("pg_hba.conf"),
            List.of(
                "host all all " + subnet + " " + method,
                "host replication all " + subnet + " " + method),
            StandardOpenOption.APPEND);
      }
    } catch (IOException e) {
      throw new MqException("postgres: cannot make a cluster in " + directory + ": " + e, e);
    }
  }

  /** Starts the server and waits until it accepts a login, not only a connection. */
  @Override
  public synchronized void start() throws InterruptedException {
    super.start();
    Properties p = new Properties();
    p.setProperty("user", SUPERUSER);
    if (password != null) {
      p.setProperty("password", password);
    }
    p.setProperty("connectTimeout", "2");
    p.setProperty("loginTimeout", "2");
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    while (true) {
      try {
        Connection c = new Driver().connect(url(), p);
        c.close();
        return;
      } catch (SQLException e) {
        if (System.nanoTime() > deadline) {
          throw new MqException(
              name()
                  + " on "
                  + address()
                  + " accepts connections but no login within "
                  + READY_TIMEOUT.toSeconds()
                  + " s: "
                  + Errors.oneLine(e)
                  + "; its log: "
                  + process().logTail(10));
        }
      }
      Thread.sleep(100);
    }
  }

  @Override
  protected MqConfig pointAt(MqConfig config) {
    return config.with(PostgresSettings.URL.name(), url());
  }

  @Override
  public String description() {
    return "a private PostgreSQL server ("
        + executable()
        + ", fsync="
        + (fsync ? "on" : "off")
        + (ServerUser.runningAsRoot() ? ", run as the postgres system user" : "")
        + ") on "
        + address();
  }
}
