package io.mqbench.nats;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code nats} backend: a NATS JetStream stream with work-queue retention and file storage as a
 * queue, read through one durable pull consumer with explicit acks (competing receivers).
 *
 * <p>With no address the runner uses the server on 127.0.0.1:4222 (the port {@code docker/nats.yml}
 * publishes) if one answers, else a private {@code nats-server} ({@link NatsServer}).
 */
public final class NatsMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(NatsSettings.URL.name()),
          "docker/nats.yml",
          NatsSettings.COMPOSE_ADDRESS,
          "nats://" + NatsSettings.COMPOSE_ADDRESS,
          "apt-get install nats-server");

  /** Beyond the request timeout, how long the client may take to fail an unanswered publish. */
  private static final Duration CLEANUP = Duration.ofSeconds(5);

  /**
   * The backend's facts. Levels: fsync, a server with sync_interval always; memory, the server's
   * default interval.
   *
   * <p>Locally, a private nats-server with JetStream, syncing always when the key says so; a given
   * URL is parsed when configuring, so that a malformed one fails before the run.
   *
   * <p>A queue of its own has its own stream, subject (a stream refuses a subject another stream
   * already has) and consumer.
   *
   * <p>The durability found is the server's version and the stream's storage, read back ({@link
   * NatsDurability}).
   *
   * <p>The largest message is {@code nats.maxMessageBytes}; an unanswered publish fails after the
   * request timeout (the client looks every few seconds), after a reconnect at most.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "nats",
              NatsSettings.KEYS,
              "NATS JetStream (jnats): a work-queue stream on file storage, asynchronous publishes"
                  + " acknowledged by the stream, a durable pull consumer with explicit acks;"
                  + " subscriptions: an interest-retention stream with a durable consumer each")
          .levelsByKey(
              NatsSettings.SYNC_ALWAYS.name(),
              Map.of(Durability.Level.FSYNC, "true", Durability.Level.MEMORY, "false"),
              "a publish acknowledgement comes once the stream stored the message (fsync or"
                  + " memory)")
          .lease(NatsSettings.ACK_WAIT)
          .queueName(NatsSettings.STREAM, NatsSettings.MAX_NAME_LENGTH)
          .queueName(NatsSettings.SUBJECT, NatsSettings::subject, NatsSettings.MAX_SUBJECT_LENGTH)
          .queueName(NatsSettings.CONSUMER, NatsSettings.MAX_NAME_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> NatsDurability.found(NatsSettings.from(config), declared))
          .limitedBy(
              NatsSettings.MAX_MESSAGE_BYTES,
              config ->
                  config
                      .get(NatsSettings.REQUEST_TIMEOUT)
                      .plus(CLEANUP)
                      .plus(config.get(NatsSettings.CONNECT_TIMEOUT)))
          .brokerAt(
              ADDRESSING, config -> NatsServer.installed().map(bin -> localBroker(bin, config)))
          .parsedAs(NatsSettings::from, NatsSettings::address);

  /** The backend as the runner loads it. */
  public NatsMqProvider() {
    super(FACTS);
  }

  /** One private nats-server, or with {@code nats.localBrokerNodes} several: a cluster. */
  private static LocalBroker localBroker(Path bin, MqConfig config) {
    int nodes = config.get(NatsSettings.LOCAL_BROKER_NODES);
    boolean always = config.get(NatsSettings.SYNC_ALWAYS);
    return nodes == 1
        ? new NatsServer(bin, always, null)
        : NatsCluster.of(bin, nodes, always, null);
  }

  /** A JetStream stream has a leader among its replicas. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /** The server leading the stream now, as JetStream names it in the stream's cluster info. */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return Optional.of(NatsLeader.of(NatsSettings.from(config)));
  }

  /**
   * A publish acknowledgement means a majority of the stream's replicas stored the message: in
   * their file store's page cache, fsynced only with {@code sync_interval: always}.
   */
  @Override
  public Durability durability(MqConfig config) {
    boolean always = config.get(NatsSettings.SYNC_ALWAYS);
    int replicas = config.get(NatsSettings.REPLICAS);
    String where = NatsDurability.where(replicas);
    String settings =
        NatsSettings.SYNC_ALWAYS.name()
            + "="
            + always
            + (always
                ? " (sync_interval: always)"
                : " (sync_interval: the server's, 2 minutes by default)")
            + ", "
            + NatsSettings.REPLICAS.name()
            + "="
            + replicas
            + ", file storage, publish acknowledgements";
    return new Durability(
        always ? Durability.Level.FSYNC : Durability.Level.MEMORY, where, settings);
  }

  @Override
  public List<String> warnings(MqConfig config) {
    if (config.get(NatsSettings.SYNC_ALWAYS)) {
      return List.of();
    }
    return List.of(
        NatsSettings.SYNC_ALWAYS.name()
            + "=false: JetStream acknowledges a publish before it fsyncs, which it does every 2"
            + " minutes by default (sync_interval); loss of acknowledged messages is expected on"
            + " power loss. With sync_interval: always on the server, pass -p "
            + NatsSettings.SYNC_ALWAYS.name()
            + "=true");
  }

  /**
   * With several subscriptions, the stream is created with interest retention rather than as a work
   * queue (a message stays until every subscription's consumer acknowledged it, and a work-queue
   * stream allows one consumer), with a durable consumer {@code <consumer>-s<i>} each; an existing
   * work-queue stream is refused. What a publish acknowledgement promises is the same.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    return NatsMq.open(NatsSettings.from(config), limits(config), subscriptions);
  }
}
