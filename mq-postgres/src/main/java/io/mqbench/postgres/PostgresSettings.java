package io.mqbench.postgres;

import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * The configuration keys of the {@code postgres} backend and the settings parsed from them.
 *
 * @param url the server, a {@code jdbc:postgresql://host[:port]/database} URL (never print it: see
 *     {@link #address()})
 * @param address {@code host:port}, for messages; every host's, comma-separated, for a URL that
 *     names several
 * @param user the role to log in as
 * @param password its password; empty for none (trust or peer authentication)
 * @param table the table that is the queue
 * @param synchronousCommit what a send's commit waits for
 * @param receiverSynchronousCommit what a claim's and an acknowledgement's commit waits for
 * @param syncStandbys how many synchronous standbys the server's {@code synchronous_standby_names}
 *     makes a commit wait for, as the server must have it
 * @param fsync whether the server runs with {@code fsync=on}, as it must have it
 * @param visibilityTimeout how long a claimed, unacknowledged message stays with its receiver
 * @param pollInterval how long an empty receive sleeps before it looks again
 * @param connectTimeout how long connecting and logging in may take
 * @param commandTimeout how long one statement may wait for the server's answer
 * @param sendConnections connections per sender, each with one batch in flight
 */
record PostgresSettings(
    String url,
    String address,
    String user,
    String password,
    String table,
    SynchronousCommit synchronousCommit,
    SynchronousCommit receiverSynchronousCommit,
    int syncStandbys,
    boolean fsync,
    Duration visibilityTimeout,
    Duration pollInterval,
    Duration connectTimeout,
    Duration commandTimeout,
    int sendConnections) {

  /**
   * Where docker/postgres.yml publishes its primary: not 5432, where a distribution's own server
   * (with others' databases and its own settings) often answers, nor 5433, Debian's second cluster.
   */
  static final String COMPOSE_ADDRESS = "127.0.0.1:5442";

  /** The database docker/postgres.yml creates. */
  static final String COMPOSE_URL = "jdbc:postgresql://" + COMPOSE_ADDRESS + "/mqbench";

  /** The server; a secret, since a JDBC URL may carry a password. */
  static final ConfigKey<String> URL =
      AddressKeys.address(
              "postgres.url",
              "PostgreSQL server jdbc:postgresql://host[:port]/database, or several hosts"
                  + " (host1:port1,host2:port2) with ?targetServerType=primary to follow the"
                  + " primary",
              COMPOSE_ADDRESS + " (docker/postgres.yml)",
              "a private PostgreSQL server started for the run")
          .markedSecret();

  /** The role. */
  static final ConfigKey<String> USER =
      ConfigKey.matching(
          "postgres.user",
          "mqbench",
          Pattern.compile("[^\\s]{1,63}"),
          "1 to 63 characters, no spaces",
          "the role to log in as (a private server's superuser is mqbench)");

  /** Its password. */
  static final ConfigKey<String> PASSWORD =
      ConfigKey.string(
              "postgres.password",
              "",
              "the role's password; empty for none (a private server trusts its local user)")
          .markedSecret();

  /**
   * The longest table name {@link #TABLE} accepts: PostgreSQL cuts identifiers at 63 bytes, and the
   * names it derives from the table's ({@code <table>_pkey}, {@code <table>_id_seq}) must fit too,
   * or two tables would fight over one.
   */
  static final int MAX_TABLE_LENGTH = 50;

  /** The table. */
  static final ConfigKey<String> TABLE =
      ConfigKey.identifier(
          "postgres.table",
          "mqbench",
          "A-Za-z0-9_-",
          "letters, digits, _ or -",
          MAX_TABLE_LENGTH,
          "the table that is the queue, in the role's current schema; created when missing");

  /** synchronous_commit of the senders' connections. */
  static final ConfigKey<SynchronousCommit> SYNCHRONOUS_COMMIT =
      ConfigKey.enumeration(
          "postgres.synchronousCommit",
          SynchronousCommit.class,
          SynchronousCommit.ON,
          "synchronous_commit of the senders' connections, what a send waits for: on = the WAL"
              + " fsynced on the primary (and on the synchronous standbys, if the server names"
              + " any); off = not flushed yet (up to 600 ms lost on a crash)");

  /** synchronous_commit of the receivers' connections. */
  static final ConfigKey<SynchronousCommit> RECEIVER_SYNCHRONOUS_COMMIT =
      ConfigKey.enumeration(
          "postgres.receiverSynchronousCommit",
          SynchronousCommit.class,
          SynchronousCommit.OFF,
          "synchronous_commit of the receivers' claims and deletes: a claim or an acknowledgement"
              + " lost in a crash only makes a message come back (a duplicate), never lost, so off"
              + " by default");

  /** The synchronous standbys the server makes a commit wait for. */
  static final ConfigKey<Integer> SYNC_STANDBYS =
      ConfigKey.integer(
          "postgres.syncStandbys",
          0,
          0,
          100,
          "standbys",
          "how many synchronous standbys the server's synchronous_standby_names makes a commit"
              + " wait for; checked when connecting (the server's setting, not the client's)");

  /** The nodes of the local cluster. */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "postgres.localBrokerNodes",
          1,
          1,
          5,
          "nodes",
          "nodes of the local PostgreSQL started when postgres.url is unset: 1, or a primary and"
              + " streaming standbys, half of them (rounded down) synchronous for every commit"
              + " (ANY n), a standby promoted when the primary dies, clients following the primary"
              + " (a multi-host URL); postgres.syncStandbys is then that half unless given (for"
              + " --fault ...:leader)");

  /** The server's fsync. */
  static final ConfigKey<Boolean> FSYNC =
      ConfigKey.bool(
          "postgres.fsync",
          true,
          "whether the server runs with fsync=on; checked when connecting (SHOW fsync) and given"
              + " to a private server; false: nothing is durable on a crash of the machine");

  /** The lease of a claimed message. */
  static final ConfigKey<Duration> VISIBILITY_TIMEOUT =
      ConfigKey.duration(
          "postgres.visibilityTimeout",
          Duration.ofSeconds(30),
          Duration.ofMillis(100),
          Duration.ofDays(1),
          "",
          "a message claimed and not acknowledged within this time can be claimed again; a"
              + " receiver that closes gives its messages back at once");

  /** Sleep of an empty receive. */
  static final ConfigKey<Duration> POLL_INTERVAL =
      ConfigKey.duration(
          "postgres.pollInterval",
          Duration.ofMillis(10),
          Duration.ofMillis(1),
          Duration.ofSeconds(10),
          "",
          "how long a receive that found nothing sleeps before it claims again (within its"
              + " wait)");

  /** Connect and login timeout. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "postgres.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofSeconds(1),
          Duration.ofMinutes(5),
          "whole seconds, the driver's unit; rounded up",
          "connecting and logging in fail after it when the server does not answer");

  /** Statement timeout on the client's side (the socket's read timeout). */
  static final ConfigKey<Duration> COMMAND_TIMEOUT =
      ConfigKey.duration(
          "postgres.commandTimeout",
          Duration.ofSeconds(10),
          Duration.ofSeconds(1),
          Duration.ofHours(1),
          "whole seconds, the driver's unit; rounded up",
          "a statement without an answer within this time fails and its connection is dropped"
              + " (the driver's socketTimeout); the next call opens a new one");

  /** Connections per sender. */
  static final ConfigKey<Integer> SEND_CONNECTIONS =
      ConfigKey.integer(
          "postgres.sendConnections",
          1,
          1,
          64,
          "connections",
          "connections per sender, each committing one batch at a time: with more than one,"
              + " a sender keeps that many batches in flight (their commits share WAL flushes)");

  /** The largest body a sender accepts. */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "postgres.maxMessageBytes",
          64 << 20,
          1,
          256 << 20,
          "bytes",
          "the largest message a sender accepts (a bytea value may hold up to 1 GB, but the"
              + " driver and server hold it whole in memory)");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URL,
          USER,
          PASSWORD,
          TABLE,
          SYNCHRONOUS_COMMIT,
          RECEIVER_SYNCHRONOUS_COMMIT,
          SYNC_STANDBYS,
          LOCAL_BROKER_NODES,
          FSYNC,
          VISIBILITY_TIMEOUT,
          POLL_INTERVAL,
          CONNECT_TIMEOUT,
          COMMAND_TIMEOUT,
          SEND_CONNECTIONS,
          MAX_MESSAGE_BYTES);

  /**
   * Parses the configuration; connects nothing.
   *
   * @throws MqException if no URL is configured
   * @throws ConfigException naming {@code postgres.url} if it is malformed
   */
  static PostgresSettings from(MqConfig config) {
    String url =
        config
            .find(URL)
            .orElseThrow(() -> new MqException(AddressKeys.notSetMessage(URL, COMPOSE_URL)));
    return new PostgresSettings(
        url,
        address(url),
        config.get(USER),
        config.get(PASSWORD),
        config.get(TABLE),
        config.get(SYNCHRONOUS_COMMIT),
        config.get(RECEIVER_SYNCHRONOUS_COMMIT),
        config.get(SYNC_STANDBYS),
        config.get(FSYNC),
        config.get(VISIBILITY_TIMEOUT),
        config.get(POLL_INTERVAL),
        config.get(CONNECT_TIMEOUT),
        config.get(COMMAND_TIMEOUT),
        config.get(SEND_CONNECTIONS));
  }

  /**
   * @param url a JDBC URL
   * @return its {@code host:port}, or each of them comma-separated when it names several
   * @throws ConfigException naming {@code postgres.url} if the driver cannot read it
   */
  static String address(String url) {
    return String.join(",", hosts(url));
  }

  /**
   * @param url a JDBC URL, naming one host or several
   * @return its hosts as {@code host:port}, in the URL's order
   * @throws ConfigException naming {@code postgres.url} if the driver cannot read it
   */
  static List<String> hosts(String url) {
    if (!url.startsWith("jdbc:postgresql:")) {
      throw new ConfigException(
          URL.name() + " is not a jdbc:postgresql://host[:port]/database URL");
    }
    // The driver logs a malformed port before it refuses it: checked here first, in one line.
    Matcher authority = AUTHORITY.matcher(url);
    if (authority.find()) {
      for (String host : authority.group(1).split(",")) {
        int colon = host.lastIndexOf(':');
        if (colon >= 0
            && colon > host.lastIndexOf(']')
            && !PORT.matcher(host.substring(colon + 1)).matches()) {
          throw new ConfigException(
              URL.name() + " has a port that is not a number from 1 to 65535: '" + host + "'");
        }
      }
    }
    Properties parsed = Driver.parseURL(url, new Properties());
    if (parsed == null) {
      throw new ConfigException(
          URL.name() + " is not a URL the PostgreSQL driver reads: jdbc:postgresql://host:port/db");
    }
    String[] hosts = parsed.getProperty("PGHOST", "localhost").split(",");
    String[] ports = parsed.getProperty("PGPORT", "5432").split(",");
    List<String> each = new java.util.ArrayList<>();
    for (int i = 0; i < hosts.length; i++) {
      each.add(hosts[i] + ":" + (i < ports.length ? ports[i] : "5432"));
    }
    return each;
  }

  /**
   * @return the database the URL names
   */
  String database() {
    Properties parsed = Driver.parseURL(url, new Properties());
    return parsed == null ? "postgres" : parsed.getProperty("PGDBNAME", "postgres");
  }

  private static final Pattern AUTHORITY = Pattern.compile("^jdbc:postgresql://([^/?]*)");
  private static final Pattern PORT =
      Pattern.compile("[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]");

  /**
   * The driver's connection properties: credentials, timeouts in its whole seconds, batched inserts
   * rewritten into multi-row ones.
   *
   * @return fresh properties
   */
  Properties connectionProperties() {
    Properties p = new Properties();
    p.setProperty("user", user);
    if (!password.isEmpty()) {
      p.setProperty("password", password);
    }
    String connect = String.valueOf(seconds(connectTimeout));
    p.setProperty("connectTimeout", connect);
    p.setProperty("loginTimeout", connect);
    p.setProperty("socketTimeout", String.valueOf(seconds(commandTimeout)));
    p.setProperty("cancelSignalTimeout", connect);
    p.setProperty("tcpKeepAlive", "true");
    p.setProperty("ApplicationName", "mqbench");
    return p;
  }

  /**
   * @param d a duration
   * @return it in whole seconds, rounded up, at least 1
   */
  static int seconds(Duration d) {
    return (int) Math.max(1, (d.toMillis() + 999) / 1000);
  }

  /**
   * @return the table's name quoted as an SQL identifier
   */
  String quotedTable() {
    return "\"" + table + "\"";
  }

  /**
   * @return what a message names the table as: {@code table 'mqbench'}
   */
  String tableName() {
    return "table '" + table + "'";
  }
}
