package io.mqbench.postgres;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * How a node of a local cluster becomes a standby: copied from the primary by {@code pg_basebackup}
 * (with {@code -R}: {@code standby.signal} and a {@code primary_conninfo}), or, when it has data
 * already, pointed at the primary now, after a {@code pg_rewind} if it was the primary before (its
 * WAL may hold commits that never reached the new primary; rewinding needs {@code wal_log_hints},
 * which the cluster's nodes have).
 */
final class PostgresStandby {
  private PostgresStandby() {}

  /**
   * @param primary the primary
   * @param name the standby's name, which {@code synchronous_standby_names} lists
   * @param password the superuser's password, or null
   * @return the standby's {@code primary_conninfo}
   */
  static String conninfo(PostgresServer primary, String name, String password) {
    return "host="
        + primary.host()
        + " port="
        + primary.port()
        + " user="
        + PostgresServer.SUPERUSER
        + " application_name="
        + name
        + (password == null ? "" : " password=" + password);
  }

  /** Copies the primary into {@code data}, as a standby of it. */
  static void copy(
      PostgresServer server, Path bin, Path directory, Path data, PostgresServer primary)
      throws InterruptedException {
    try {
      ServerUser.handOver(directory);
      ServerUser.run(
          "pg_basebackup",
          List.of(
              bin.resolveSibling("pg_basebackup").toString(),
              "-h",
              primary.host(),
              "-p",
              String.valueOf(primary.port()),
              "-U",
              PostgresServer.SUPERUSER,
              "-D",
              data.toString(),
              "-X",
              "stream",
              "--no-sync",
              "-R"),
          directory,
          passwordEnv(server));
      pointAt(server, data, primary);
    } catch (IOException e) {
      throw new MqException("postgres: cannot copy the primary into " + data + ": " + e, e);
    }
  }

  /**
   * Points a stopped node's data at the primary, after rewinding it when asked. A rewind that fails
   * is said on standard error, and the node still starts as a standby (never as a second primary):
   * it then cannot stream, and stays out of the cluster.
   */
  static void follow(
      PostgresServer server,
      Path bin,
      Path directory,
      Path data,
      PostgresServer primary,
      boolean rewind)
      throws InterruptedException {
    if (rewind) {
      try {
        ServerUser.run(
            "pg_rewind",
            List.of(
                bin.resolveSibling("pg_rewind").toString(),
                "-D",
                data.toString(),
                "--no-sync",
                "--source-server="
                    + conninfo(primary, server.member().name(), null)
                    + " dbname=postgres"),
            directory,
            passwordEnv(server));
      } catch (MqException | IOException e) {
        System.err.println(
            "postgres: "
                + server.member().name()
                + " could not be rewound to the primary on "
                + primary.address()
                + " ("
                + Errors.oneLine(e)
                + "); it starts as a standby that cannot follow it");
      }
    }
    try {
      pointAt(server, data, primary);
    } catch (IOException e) {
      throw new MqException("postgres: cannot make " + data + " a standby: " + e, e);
    }
  }

  /** standby.signal, and the primary's conninfo last in postgresql.auto.conf (the last wins). */
  private static void pointAt(PostgresServer server, Path data, PostgresServer primary)
      throws IOException {
    Path signal = data.resolve("standby.signal");
    if (!Files.exists(signal)) {
      Files.createFile(signal);
      ServerUser.handOver(signal);
    }
    String conninfo = conninfo(primary, server.member().name(), server.password());
    Files.writeString(
        data.resolve("postgresql.auto.conf"),
        "primary_conninfo = '" + conninfo.replace("'", "''") + "'\n",
        StandardOpenOption.APPEND);
  }

  private static Map<String, String> passwordEnv(PostgresServer server) {
    return server.password() == null ? Map.of() : Map.of("PGPASSWORD", server.password());
  }
}
