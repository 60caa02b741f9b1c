package io.mqbench.postgres;

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
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
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
  private static final String SYSTEM_USER = "postgres";

  private final boolean fsync;
  private final String password;

  /**
   * @param bin the {@code postgres} executable, with {@code initdb} beside it
   * @param fsync whether it runs with {@code fsync=on}
   * @param password the password of {@code mqbench} it requires over TCP, or null to trust
   */
  PostgresServer(Path bin, boolean fsync, String password) {
    super(bin, "mqbench-postgres-", "private PostgreSQL server");
    this.fsync = fsync;
    this.password = password;
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
    return "jdbc:postgresql://127.0.0.1:" + port() + "/postgres";
  }

  /**
   * @return the password it requires, or null when it trusts
   */
  String password() {
    return password;
  }

  private static boolean runningAsRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** The command prefix that runs a program as the postgres system user when this JVM is root. */
  private static List<String> asServerUser() {
    if (!runningAsRoot()) {
      return List.of();
    }
    return List.of(
        "setpriv", "--reuid=" + SYSTEM_USER, "--regid=" + SYSTEM_USER, "--init-groups", "--");
  }

  @Override
  protected List<String> command(Path executable, Path directory, int port)
      throws InterruptedException {
    Path data = directory.resolve("data");
    if (!Files.exists(data.resolve("PG_VERSION"))) {
      initdb(executable, directory, data);
    }
    List<String> command = new ArrayList<>();
    command.addAll(
        List.of(
            "/bin/sh",
            "-c",
            "trap 'kill -INT \"$pid\" 2>/dev/null' TERM; \"$@\" & pid=$!;"
                + " while :; do wait \"$pid\"; s=$?; kill -0 \"$pid\" 2>/dev/null || exit $s; done",
            "sh"));
    command.addAll(asServerUser());
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
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=" + (fsync ? "on" : "off"),
            "-c",
            "max_connections=200",
            "-c",
            "logging_collector=off"));
    return command;
  }

  /** Makes the cluster: the scratch directory handed to the server's user first when root. */
  private void initdb(Path executable, Path directory, Path data) throws InterruptedException {
    try {
      if (runningAsRoot()) {
        handToServerUser(directory);
      }
      List<String> command = new ArrayList<>(asServerUser());
      command.addAll(
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
        if (runningAsRoot()) {
          handToServerUser(pwfile);
        }
        command.addAll(
            List.of(
                "--auth-local=trust",
                "--auth-host=scram-sha-256",
                "--pwfile=" + pwfile.toString()));
      }
      Path log = directory.resolve("initdb.log");
      Process p =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!p.waitFor(120, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new MqException("postgres: initdb did not finish within 120 s (" + log + ")");
      }
      Files.deleteIfExists(pwfile);
      if (p.exitValue() != 0) {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        throw new MqException(
            "postgres: initdb failed with status "
                + p.exitValue()
                + ": "
                + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())));
      }
    } catch (IOException e) {
      throw new MqException("postgres: cannot make a cluster in " + directory + ": " + e, e);
    }
  }

  private static void handToServerUser(Path path) throws IOException {
    UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
    try {
      Files.setOwner(path, users.lookupPrincipalByName(SYSTEM_USER));
      GroupPrincipal group = users.lookupPrincipalByGroupName(SYSTEM_USER);
      Files.getFileAttributeView(path, PosixFileAttributeView.class).setGroup(group);
    } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
      throw new MqException(
          "postgres: PostgreSQL refuses to run as root, and there is no '"
              + SYSTEM_USER
              + "' system user to run it as (the postgresql package creates it)");
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
                  + " on 127.0.0.1:"
                  + port()
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
        + (runningAsRoot() ? ", run as the postgres system user" : "")
        + ") on 127.0.0.1:"
        + port();
  }
}
