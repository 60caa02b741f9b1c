package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code rabbitmq-stream} backend: a RabbitMQ stream through the stream protocol, made a queue
 * by one reader per process that leases what it reads to the process's competing receivers and
 * stores, as the consumer's offset on the broker, the end of the contiguous acknowledged prefix
 * ({@link StreamReader}).
 *
 * <p>With no address the runner uses the broker on 127.0.0.1:5552 (the stream port {@code
 * docker/rabbitmq.yml} publishes) if one answers, else a private node of the installed {@code
 * rabbitmq-server} with the stream plugin enabled ({@link RabbitNode#withStreams}), or with {@code
 * rabbitmq-stream.localBrokerNodes} a local cluster of such nodes ({@link
 * RabbitCluster#withStreams}) whose streams have a member on every node.
 */
public final class RabbitStreamProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(StreamSettings.URI.name()),
          "docker/rabbitmq.yml",
          StreamSettings.COMPOSE_ADDRESS,
          StreamSettings.SUGGESTED_URI,
          "apt-get install rabbitmq-server");

  /** Streams do not fsync: memory (the OS page cache) is the only level, and the default. */
  private static final DurabilityTable LEVELS =
      DurabilityTable.of(
              StreamSettings.NAME,
              "a stream confirms once a majority of its members wrote the message, never fsyncing"
                  + " it (memory only; for fsync use --queue rabbitmq, a quorum queue)")
          .with(Durability.Level.MEMORY, Map.of());

  /**
   * Locally, a private node of the installed {@code rabbitmq-server} with the stream plugin. A
   * given URI is parsed when configuring, which connects nothing, so that a bad one fails before
   * the run.
   *
   * <p>A queue of its own is a stream of its own, read under a consumer name of its own, so that
   * neither messages, stored offsets nor the reader lock (named after both) are shared.
   *
   * <p>The largest message is {@code rabbitmq-stream.maxMessageBytes}; a send may wait for the
   * client's room for unconfirmed messages, then for the confirm, each up to the confirm timeout,
   * after creating its producer (a connection) within the connect timeout.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              StreamSettings.NAME,
              StreamSettings.KEYS,
              "RabbitMQ stream (stream-client): producer confirms, one reader per process leasing"
                  + " to competing receivers, the acknowledged prefix stored as the consumer's"
                  + " offset")
          .levels(LEVELS)
          .queueName(StreamSettings.STREAM, StreamSettings.MAX_NAME_LENGTH)
          .queueName(StreamSettings.CONSUMER_NAME, StreamSettings.MAX_NAME_LENGTH)
          .limitedBy(
              StreamSettings.MAX_MESSAGE_BYTES,
              config ->
                  config
                      .get(StreamSettings.CONFIRM_TIMEOUT)
                      .multipliedBy(2)
                      .plus(config.get(StreamSettings.CONNECT_TIMEOUT)))
          .durabilityFoundBy(
              (config, declared) -> StreamMembers.found(StreamSettings.from(config), declared))
          .brokerAt(
              ADDRESSING, config -> RabbitNode.installed().map(bin -> localBroker(bin, config)))
          .checkedWhenAddressed(StreamSettings::from);

  /** The backend as the runner loads it. */
  public RabbitStreamProvider() {
    super(FACTS);
  }

  /** One private node, or with {@code rabbitmq-stream.localBrokerNodes} several: a cluster. */
  private static LocalBroker localBroker(java.nio.file.Path bin, MqConfig config) {
    int nodes = config.get(StreamSettings.LOCAL_BROKER_NODES);
    return nodes == 1 ? new StreamNode(bin) : RabbitCluster.withStreams(bin, nodes);
  }

  /** A stream has a leader among its members, which takes every write. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /** The node leading the stream now, as the local cluster reports it. */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return Optional.of(StreamMembers.leader(StreamSettings.from(config)));
  }

  /**
   * A confirm comes once a majority of the stream's members wrote the chunk to their log files,
   * which RabbitMQ never fsyncs: the message is in the OS page cache of those nodes. How many
   * members is said when {@code rabbitmq-stream.initialClusterSize} is given (a local broker gives
   * it: one member per node); the reading says how many the stream has.
   */
  @Override
  public Durability durability(MqConfig config) {
    Optional<Integer> members =
        config.get(StreamSettings.INITIAL_MEMBERS) > 0
            ? Optional.of(config.get(StreamSettings.INITIAL_MEMBERS))
            : Optional.empty();
    return new Durability(
        Durability.Level.MEMORY,
        QueueMembers.where(QueueType.STREAM, members),
        "stream protocol publisher confirms, "
            + StreamSettings.CONFIRM_TIMEOUT.name()
            + "="
            + Durations.format(config.get(StreamSettings.CONFIRM_TIMEOUT))
            + members.map(n -> ", " + n + " member(s) asked").orElse(""));
  }

  /** The URI's host and stream port, without credentials. */
  @Override
  public String address(String key, String value) {
    try {
      return StreamSettings.from(configure(Map.of(StreamSettings.URI.name(), value))).address();
    } catch (RuntimeException e) {
      return StreamSettings.URI.redact(value);
    }
  }

  /**
   * A stream is a log every named consumer reads whole, at an offset of its own: one named consumer
   * per subscription, {@code <consumerName>-s<i>}, each with its own reader, stored offset and
   * reader lock; one subscription is {@link #open(MqConfig)}, the configured consumer itself.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    return RabbitStreamMq.open(StreamSettings.from(config), limits(config), subscriptions);
  }

  /**
   * {@link RabbitNode#withStreams}, pointed at by the configuration it returns; its streams have
   * one member (one node: not replicated), unless their size was given.
   */
  static final class StreamNode implements LocalBroker {
    private final RabbitNode node;

    StreamNode(java.nio.file.Path bin) {
      this.node = RabbitNode.withStreams(bin);
    }

    RabbitNode node() {
      return node;
    }

    @Override
    public MqConfig start(MqConfig config) throws InterruptedException {
      node.start();
      return StreamMembers.pointedAt(config, List.of(node), 1);
    }

    @Override
    public String description() {
      return node.description();
    }

    @Override
    public Hold holdStop(Runnable onShutdown, Duration atMost) {
      return node.holdStop(onShutdown, atMost);
    }

    @Override
    public void close() {
      node.close();
    }
  }
}
