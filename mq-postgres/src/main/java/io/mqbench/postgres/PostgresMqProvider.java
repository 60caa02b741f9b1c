package io.mqbench.postgres;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.StatedProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code postgres} backend: a PostgreSQL table as a queue, written in one transaction per
 * batch, claimed with {@code FOR UPDATE SKIP LOCKED} under a lease, acknowledged by deleting the
 * rows; a send returns once its commit is fsynced ({@code synchronous_commit=on}) by default.
 *
 * <p>With no address the runner uses the server on 127.0.0.1:5442 (the port {@code
 * docker/postgres.yml} publishes) if one answers, else a private PostgreSQL server ({@link
 * PostgresServer}), or with {@code postgres.localBrokerNodes} above 1 a local replicated cluster
 * ({@link PostgresCluster}).
 */
public final class PostgresMqProvider extends StatedProvider implements BrokerBackend {
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(PostgresSettings.URL.name()),
          "docker/postgres.yml",
          PostgresSettings.COMPOSE_ADDRESS,
          PostgresSettings.COMPOSE_URL,
          "apt-get install postgresql");

  /** The bodies of one batch together, at most: well under PostgreSQL's 1 GB for one value. */
  static final long MAX_BATCH_BYTES = 512L << 20;

  /** Beyond the command and connect timeouts, what a send may take to fail. */
  private static final Duration SLACK = Duration.ofSeconds(2);

  /**
   * The backend's facts. Levels: fsync, {@code synchronous_commit=on} (the WAL flushed before a
   * commit returns); memory, {@code off}; a commit is always answered by a server that holds it, so
   * there is no level below.
   *
   * <p>Locally, a private PostgreSQL server with the {@code fsync} of {@code postgres.fsync}; a
   * given URL is parsed when configuring, so that a malformed one fails before the run.
   *
   * <p>A queue of its own is a table of its own, the one name of the queue: its primary key's index
   * and its identity's sequence are named by PostgreSQL after it. (No publish/subscribe: a claimed
   * row has one reader.)
   *
   * <p>The durability found is synchronous_commit and fsync as the server has them, and its
   * standbys as the primary reports them ({@link PostgresDurability}).
   *
   * <p>The largest message is {@code postgres.maxMessageBytes}; a send may take the command timeout
   * after a reconnect.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "postgres",
              PostgresSettings.KEYS,
              "PostgreSQL as a queue (pgjdbc): a batch inserted and committed per send, claims with"
                  + " FOR UPDATE SKIP LOCKED under a lease, delete on ack; synchronous_commit=on by"
                  + " default")
          .levelsByKey(
              PostgresSettings.SYNCHRONOUS_COMMIT.name(),
              Map.of(Durability.Level.FSYNC, "on", Durability.Level.MEMORY, "off"),
              "a commit is answered once the server holds it (fsync or memory)")
          .lease(PostgresSettings.VISIBILITY_TIMEOUT)
          .queueName(PostgresSettings.TABLE, PostgresSettings.MAX_TABLE_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> PostgresDurability.found(PostgresSettings.from(config)))
          .limitedBy(
              PostgresSettings.MAX_MESSAGE_BYTES,
              config ->
                  Duration.ofSeconds(
                          PostgresSettings.seconds(config.get(PostgresSettings.COMMAND_TIMEOUT))
                              + PostgresSettings.seconds(
                                  config.get(PostgresSettings.CONNECT_TIMEOUT)))
                      .plus(SLACK))
          .brokerAt(
              ADDRESSING, config -> PostgresServer.installed().map(bin -> localBroker(bin, config)))
          .parsedAs(PostgresSettings::from, PostgresSettings::address);

  /** The backend as the runner loads it. */
  public PostgresMqProvider() {
    super(FACTS);
  }

  /** One private server, or with {@code postgres.localBrokerNodes} a primary and standbys. */
  private static LocalBroker localBroker(Path bin, MqConfig config) {
    int nodes = config.get(PostgresSettings.LOCAL_BROKER_NODES);
    boolean fsync = config.get(PostgresSettings.FSYNC);
    return nodes == 1
        ? new PostgresServer(bin, fsync, null)
        : PostgresCluster.of(bin, nodes, fsync, null);
  }

  /** A replicated PostgreSQL has a primary. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /** The primary now: the host of {@code postgres.url} that is not in recovery. */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return Optional.of(PostgresPrimary.address(PostgresSettings.from(config)));
  }

  /**
   * What a send's commit means under {@code synchronous_commit}, the server's {@code fsync} and its
   * synchronous standbys (both checked when connecting).
   */
  @Override
  public Durability durability(MqConfig config) {
    SynchronousCommit commit = config.get(PostgresSettings.SYNCHRONOUS_COMMIT);
    boolean fsync = config.get(PostgresSettings.FSYNC);
    int standbys = config.get(PostgresSettings.SYNC_STANDBYS);
    String settings =
        PostgresSettings.SYNCHRONOUS_COMMIT.name()
            + "="
            + commit.text()
            + ", "
            + PostgresSettings.FSYNC.name()
            + "="
            + fsync
            + ", "
            + PostgresSettings.SYNC_STANDBYS.name()
            + "="
            + standbys
            + ", one transaction per batch";
    String where = "on the primary";
    if (commit.waitsForStandbys() && standbys > 0) {
      where += ", and " + commit.onStandbys() + " on " + standbys + " synchronous standby(s)";
    }
    Durability.Level level =
        fsync && commit.flushesLocally() ? Durability.Level.FSYNC : Durability.Level.MEMORY;
    return new Durability(level, where, settings);
  }

  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    if (!config.get(PostgresSettings.FSYNC)) {
      w.add(
          PostgresSettings.FSYNC.name()
              + "=false: the server runs with fsync=off and never forces its WAL to disk; loss of"
              + " acknowledged messages (and a corrupt database) is expected when the machine"
              + " crashes");
    }
    if (config.get(PostgresSettings.SYNCHRONOUS_COMMIT) == SynchronousCommit.OFF) {
      w.add(
          PostgresSettings.SYNCHRONOUS_COMMIT.name()
              + "=off: a commit returns before its WAL is flushed, which follows within 3 x"
              + " wal_writer_delay (600 ms by default); loss of that much is expected when the"
              + " server crashes");
    }
    return w;
  }

  @Override
  public Mq open(MqConfig config) {
    return PostgresMq.open(PostgresSettings.from(config), limits(config));
  }

  /**
   * Besides the stated limits: a batch is one {@code bytea[]} value, and PostgreSQL refuses a value
   * of 1 GB or more, so a batch carries at most {@link #MAX_BATCH_BYTES} (the array's own bytes
   * besides).
   */
  @Override
  public MqLimits limits(MqConfig config) {
    return super.limits(config)
        .withMaxBatch(
            Integer.MAX_VALUE,
            MAX_BATCH_BYTES,
            "a batch is one bytea[] value, and PostgreSQL's largest value is 1 GB");
  }
}
