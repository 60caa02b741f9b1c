package io.mqbench.rabbitmq;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code rabbitmq} backend: persistent messages on a durable quorum queue (by default), sent
 * with publisher confirms and received with manual acknowledgements.
 *
 * <p>With no address the runner uses the broker on 127.0.0.1:5672 (the port {@code
 * docker/rabbitmq.yml} publishes) if one answers, else a private node of the installed {@code
 * rabbitmq-server} ({@link RabbitNode}).
 */
public final class RabbitMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(RabbitMqSettings.URI.name(), RabbitMqSettings.HOST.name()),
          "docker/rabbitmq.yml",
          "127.0.0.1:5672",
          RabbitMqSettings.SUGGESTED_URI,
          "apt-get install rabbitmq-server");

  /** A quorum queue for fsync, a classic queue of transient messages for memory. */
  private static final DurabilityTable LEVELS =
      DurabilityTable.of("rabbitmq", "senders always wait for publisher confirms (fsync or memory)")
          .with(
              Durability.Level.FSYNC,
              Map.of(
                  RabbitMqSettings.QUEUE_TYPE.name(), "quorum",
                  RabbitMqSettings.PERSISTENT.name(), "true"))
          .with(
              Durability.Level.MEMORY,
              Map.of(
                  RabbitMqSettings.QUEUE_TYPE.name(), "classic",
                  RabbitMqSettings.PERSISTENT.name(), "false"));

  /** Queue arguments that remove messages after a while, and what they remove, in this order. */
  private static final List<Map.Entry<String, String>> EXPIRIES =
      List.of(
          Map.entry("x-message-ttl", "messages older than this are discarded"),
          Map.entry(
              "x-expires", "the queue is deleted with its messages once unused for this long"));

  /**
   * Locally, a private node of the installed {@code rabbitmq-server}, where there is one. The
   * address (URI, credentials) and the queue arguments are parsed when configuring, which connects
   * nothing, so that a bad one fails before the run rather than when the first sender connects.
   *
   * <p>A queue of its own is the queue's name with the suffix: every other name (a subscriptions'
   * exchange and queues) derives from it.
   *
   * <p>The target is the URI's or the host's address, with the port the configuration implies. The
   * durability found is the broker's version and whether the queue has the configured type, read
   * back by redeclaring it ({@link RabbitDurability}).
   *
   * <p>The largest message is {@code rabbitmq.maxMessageBytes}; a send may take the confirm
   * timeout, after opening a new connection (TCP connect and handshake, each within the connect
   * timeout) when the previous one was lost.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "rabbitmq",
              RabbitMqSettings.KEYS,
              "RabbitMQ (amqp-client): persistent messages, publisher confirms, quorum queue by"
                  + " default")
          .passThrough(RabbitMqSettings.QUEUE_ARGS_PREFIX)
          .levels(LEVELS)
          .queueName(RabbitMqSettings.QUEUE, RabbitMqSettings.MAX_NAME_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> RabbitDurability.found(RabbitMqSettings.from(config), declared))
          .limitedBy(
              RabbitMqSettings.MAX_MESSAGE_BYTES,
              config ->
                  config
                      .get(RabbitMqSettings.CONFIRM_TIMEOUT)
                      .plus(config.get(RabbitMqSettings.CONNECT_TIMEOUT).multipliedBy(2)))
          .brokerAt(
              ADDRESSING, config -> RabbitNode.installed().map(bin -> localBroker(bin, config)))
          .parsedAs(RabbitMqSettings::from, RabbitMqSettings::address)
          .checkedBy(
              config -> QueueArgs.check(config.passThrough(RabbitMqSettings.QUEUE_ARGS_PREFIX)));

  /** The backend as the runner loads it. */
  public RabbitMqProvider() {
    super(FACTS);
  }

  /** One private node, or with {@code rabbitmq.localBrokerNodes} several: a cluster. */
  private static LocalBroker localBroker(Path bin, MqConfig config) {
    int nodes = config.get(QueueMembers.LOCAL_BROKER_NODES);
    return nodes == 1 ? new RabbitNode(bin) : RabbitCluster.of(bin, nodes);
  }

  /** A quorum queue (or a stream) has a leader among its members. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /** The node leading the queue now, as the local cluster reports it. */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    return Optional.of(RabbitLeader.of(RabbitMqSettings.from(config)));
  }

  /**
   * Publisher confirms are always on: the broker confirms a quorum queue message once a majority of
   * replicas fsynced it, a stream message once a majority wrote it (streams never fsync: it is in
   * their page cache), a persistent classic message once its node wrote it to disk, a transient
   * classic message once its node holds it in memory. How many members a replicated queue has is
   * said when its size argument is given (a local broker gives it: one member per node), else it is
   * left to what is read back.
   */
  @Override
  public Durability durability(MqConfig config) {
    QueueType type = config.get(RabbitMqSettings.QUEUE_TYPE);
    boolean persistent = config.get(RabbitMqSettings.PERSISTENT);
    String settings =
        RabbitMqSettings.QUEUE_TYPE.name()
            + "="
            + type
            + ", "
            + RabbitMqSettings.PERSISTENT.name()
            + "="
            + persistent
            + ", publisher confirms";
    Optional<Integer> members = QueueMembers.asked(config);
    String where = QueueMembers.where(type, members);
    return switch (type) {
      case QUORUM -> new Durability(Durability.Level.FSYNC, where, settings + sizeAsked(members));
      case STREAM -> new Durability(Durability.Level.MEMORY, where, settings + sizeAsked(members));
      case CLASSIC ->
          persistent
              ? new Durability(Durability.Level.FSYNC, "on the queue's node", settings)
              : new Durability(Durability.Level.MEMORY, "on the queue's node", settings);
    };
  }

  private static String sizeAsked(Optional<Integer> members) {
    return members.map(n -> ", " + n + " member(s) asked").orElse("");
  }

  /**
   * Transient messages on a classic queue (quorum queues and streams persist every message anyway)
   * and queue arguments that drop or expire messages.
   */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    if (!config.get(RabbitMqSettings.PERSISTENT)
        && config.get(RabbitMqSettings.QUEUE_TYPE) == QueueType.CLASSIC) {
      w.add(
          RabbitMqSettings.PERSISTENT.name()
              + "=false: a classic queue keeps transient messages in memory only; loss is expected"
              + " when the broker restarts");
    }
    Map<String, String> args = config.passThrough(RabbitMqSettings.QUEUE_ARGS_PREFIX);
    String overflow = args.getOrDefault("x-overflow", "drop-head").trim();
    for (String limit : List.of("x-max-length", "x-max-length-bytes")) {
      if (args.containsKey(limit) && overflow.equals("drop-head")) {
        w.add(
            RabbitMqSettings.QUEUE_ARGS_PREFIX
                + limit
                + "="
                + args.get(limit).trim()
                + ": a full queue drops its oldest messages (x-overflow drop-head); loss is"
                + " expected");
      }
    }
    for (Map.Entry<String, String> expiry : EXPIRIES) {
      String value = args.get(expiry.getKey());
      if (value != null) {
        w.add(
            RabbitMqSettings.QUEUE_ARGS_PREFIX
                + expiry.getKey()
                + "="
                + value.trim()
                + ": "
                + expiry.getValue()
                + "; loss is expected");
      }
    }
    return w;
  }

  /**
   * A fanout exchange copies each message into every queue bound to it, one per subscription: a
   * durable fanout exchange named after {@code rabbitmq.queue}, and a queue per subscription
   * ({@code <queue>-s<i>}, of the configured type and arguments) bound to it, all declared here;
   * one subscription is {@link #open(MqConfig)}, the configured queue itself.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    return RabbitMq.open(RabbitMqSettings.from(config), limits(config), subscriptions);
  }
}
