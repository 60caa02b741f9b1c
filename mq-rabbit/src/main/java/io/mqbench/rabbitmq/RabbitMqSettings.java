package io.mqbench.rabbitmq;

import com.rabbitmq.client.Address;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import io.mqbench.mq.QueueNames;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The configuration keys of the {@code rabbitmq} backend and the settings parsed from them.
 *
 * @param factory connection settings (address, credentials, timeouts), copied for each connection
 * @param addresses the broker's nodes, tried in turn by each connection (the client shuffles them)
 * @param address {@code host:port}, or several separated by commas, for messages
 * @param queue the queue's name
 * @param queueType the queue's type
 * @param queueArgs extra {@code x-arguments} for the queue declaration
 * @param persistent whether messages are published with delivery mode 2
 * @param prefetch per-consumer prefetch; 0 means twice the receiver's batch size
 * @param confirms how senders wait for publisher confirms
 * @param confirmWindow unconfirmed messages a sender may have in flight in window mode
 * @param confirmTimeout how long a send waits for its confirms
 * @param streamOffset where a stream receiver starts reading
 */
record RabbitMqSettings(
    ConnectionFactory factory,
    List<Address> addresses,
    String address,
    String queue,
    QueueType queueType,
    Map<String, Object> queueArgs,
    boolean persistent,
    int prefetch,
    Confirms confirms,
    int confirmWindow,
    Duration confirmTimeout,
    String streamOffset) {

  /** Where the compose file and the error message tell users to point the backend. */
  static final String SUGGESTED_URI = "amqp://guest:guest@127.0.0.1:5672";

  /**
   * The broker's address, with credentials. Unset by default: the runner's broker-address policy
   * then uses the compose port 127.0.0.1:5672 if it answers, else a private local node; a secret
   * (it may carry a password).
   */
  static final ConfigKey<String> URI =
      AddressKeys.address(
              "rabbitmq.uri",
              "AMQP URI amqp://user:password@host:port/vhost, or several separated by commas (the"
                  + " nodes of one cluster; the first URI's user, password and vhost apply)",
              "127.0.0.1:5672",
              "a private local node")
          .markedSecret();

  /** The broker's host, instead of the URI or overriding its host. */
  static final ConfigKey<String> HOST =
      ConfigKey.string(
          "rabbitmq.host",
          null,
          "broker host, instead of rabbitmq.uri or overriding its host; unset by default");

  /** The broker's AMQP port, used when given or with {@link #HOST}. */
  static final ConfigKey<Integer> PORT =
      ConfigKey.integer(
          "rabbitmq.port",
          5672,
          1,
          65535,
          "",
          "broker AMQP port; applies when given or with rabbitmq.host");

  /** The virtual host; when given, overrides the URI's path. */
  static final ConfigKey<String> VHOST =
      ConfigKey.string(
          "rabbitmq.vhost", "/", "virtual host; when given, overrides the path of rabbitmq.uri");

  /** The user; when given, overrides the URI's. */
  static final ConfigKey<String> USERNAME =
      ConfigKey.string(
          "rabbitmq.username", "guest", "user name; when given, overrides the one in rabbitmq.uri");

  /** The password; when given, overrides the URI's. A secret. */
  static final ConfigKey<String> PASSWORD =
      ConfigKey.string(
              "rabbitmq.password",
              "guest",
              "password; when given, overrides the one in rabbitmq.uri")
          .markedSecret();

  /** The queue, declared durable when missing, never deleted. */
  static final ConfigKey<String> QUEUE =
      ConfigKey.matching(
          "rabbitmq.queue",
          "mqbench",
          // The broker refuses to declare amq.* names, and names are AMQP short strings.
          Pattern.compile("(?!amq\\.)\\S.{0,254}"),
          "a queue name of 1 to 255 characters, not starting with amq. (reserved by the broker)",
          "queue name; declared durable when missing, never deleted");

  /** The queue's type at declaration. */
  static final ConfigKey<QueueType> QUEUE_TYPE =
      ConfigKey.enumeration(
          "rabbitmq.queueType",
          QueueType.class,
          QueueType.QUORUM,
          "quorum (Raft-replicated, fsynced), classic (one node) or stream (every receiver reads"
              + " everything)");

  /** Whether messages are published persistent (delivery mode 2). */
  static final ConfigKey<Boolean> PERSISTENT =
      ConfigKey.bool(
          "rabbitmq.persistent",
          true,
          "publish with delivery mode 2 (persistent); quorum queues and streams persist anyway");

  /** Each receiver's prefetch ({@code basicQos}); 0 is twice its batch. */
  static final ConfigKey<Integer> PREFETCH =
      ConfigKey.integer(
          "rabbitmq.prefetch",
          0,
          0,
          65_535,
          "messages",
          "unacknowledged messages the broker pushes to each receiver (basicQos); 0 = twice the"
              + " receive batch size, at least 256");

  /** How senders wait for publisher confirms. */
  static final ConfigKey<Confirms> CONFIRMS =
      ConfigKey.enumeration(
          "rabbitmq.confirms",
          Confirms.class,
          Confirms.BATCH,
          "publisher confirms: batch = publish the batch then wait for all its confirms; window ="
              + " keep at most rabbitmq.confirmWindow unconfirmed, then wait for the rest");

  /** Window mode: unconfirmed messages one sender may have in flight. */
  static final ConfigKey<Integer> CONFIRM_WINDOW =
      ConfigKey.integer(
          "rabbitmq.confirmWindow",
          1000,
          1,
          1_000_000,
          "messages",
          "window mode: unconfirmed messages one sender may have in flight");

  /** How long a send waits for its confirms before failing. */
  static final ConfigKey<Duration> CONFIRM_TIMEOUT =
      ConfigKey.duration(
          "rabbitmq.confirmTimeout",
          Duration.ofSeconds(30),
          Duration.ofMillis(1),
          Duration.ofMillis(Integer.MAX_VALUE),
          "the client counts it in int milliseconds",
          "a send fails if the broker has not confirmed its batch within this time");

  /** TCP connect timeout and, separately, AMQP handshake timeout. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "rabbitmq.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(1),
          Duration.ofMillis(Integer.MAX_VALUE),
          "0 would wait forever",
          "TCP connect and, separately, AMQP handshake timeout; open() fails after it");

  /**
   * The largest message senders accept. The broker refuses messages over its own {@code
   * max_message_size} (128 MiB in RabbitMQ 3.x, 16 MiB from 4.0): the default is the smaller, so a
   * run is refused up front rather than failing mid-way on either.
   */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "rabbitmq.maxMessageBytes",
          16 << 20,
          1,
          512 << 20,
          "bytes",
          "largest message senders accept; at most the broker's max_message_size (16 MiB by"
              + " default from RabbitMQ 4.0, 128 MiB before)");

  /** Stream queues only: where each receiver starts. */
  static final ConfigKey<String> STREAM_OFFSET =
      ConfigKey.matching(
          "rabbitmq.streamOffset",
          "first",
          Pattern.compile("first|last|next|\\d{1,18}|\\d{1,9}[YMDhms]"),
          "first, last, next, an offset (0, 1, ...) or an age such as 1D, 7h, 30m (units Y M D h"
              + " m s)",
          "stream queues only: where each receiver starts (first, last, next, an offset or an"
              + " age such as 7h)");

  /** Extra queue arguments: {@code rabbitmq.queueArgs.x-max-length=100000}. */
  static final String QUEUE_ARGS_PREFIX = "rabbitmq.queueArgs.";

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URI,
          HOST,
          PORT,
          VHOST,
          USERNAME,
          PASSWORD,
          QUEUE,
          QUEUE_TYPE,
          PERSISTENT,
          PREFETCH,
          CONFIRMS,
          CONFIRM_WINDOW,
          CONFIRM_TIMEOUT,
          CONNECT_TIMEOUT,
          MAX_MESSAGE_BYTES,
          STREAM_OFFSET,
          QueueMembers.LOCAL_BROKER_NODES);

  /**
   * The one line {@code open()} fails with when called with no broker address (the runner resolves
   * one before, see {@link RabbitMqProvider#brokerAddressing()}).
   */
  static String noAddressMessage() {
    return ComposeCluster.noAddressMessage(URI, SUGGESTED_URI);
  }

  /**
   * Whether the configuration names a broker at all.
   *
   * @param config the backend's configuration
   * @return true if {@code rabbitmq.uri} or {@code rabbitmq.host} is set
   */
  static boolean hasAddress(MqConfig config) {
    return config.find(URI).isPresent() || config.find(HOST).isPresent();
  }

  /**
   * Parses the configuration.
   *
   * @param config the validated configuration
   * @return the settings
   * @throws MqException if no address is configured or the URI is malformed
   */
  static RabbitMqSettings from(MqConfig config) {
    if (!hasAddress(config)) {
      throw new MqException(noAddressMessage());
    }
    ConnectionFactory f = new ConnectionFactory();
    Optional<String> uri = config.find(URI);
    List<String> uris = uri.map(u -> List.of(u.split(",", -1))).orElse(List.of());
    if (uri.isPresent()) {
      AmqpAddresses.setUri(f, uris.get(0).trim(), URI.name());
    }
    // Separate keys win over the URI only when given, so a URI alone is enough.
    config.find(HOST).ifPresent(f::setHost);
    if (config.isGiven(PORT) || uri.isEmpty()) {
      f.setPort(config.get(PORT));
    }
    if (config.isGiven(VHOST) || uri.isEmpty()) {
      f.setVirtualHost(config.get(VHOST));
    }
    if (config.isGiven(USERNAME) || uri.isEmpty()) {
      f.setUsername(config.get(USERNAME));
    }
    if (config.isGiven(PASSWORD) || uri.isEmpty()) {
      f.setPassword(config.get(PASSWORD));
    }
    int connectMillis = millis(config.get(CONNECT_TIMEOUT));
    f.setConnectionTimeout(connectMillis);
    f.setHandshakeTimeout(connectMillis);
    f.setShutdownTimeout(connectMillis);
    // A benchmark wants failures reported, not hidden behind reconnect loops: senders and
    // receivers reconnect themselves on their next call instead.
    f.setAutomaticRecoveryEnabled(false);
    f.setTopologyRecoveryEnabled(false);
    f.setExceptionHandler(new QuietConnectionErrors());
    f.setSharedExecutor(new CallerRunsExecutor());
    Duration confirmTimeout = config.get(CONFIRM_TIMEOUT);
    f.setChannelRpcTimeout(Math.max(millis(confirmTimeout), connectMillis));
    if (confirmTimeout.isZero()) {
      throw new ConfigException(CONFIRM_TIMEOUT.name() + ": must be more than 0s");
    }
    List<Address> addresses =
        AmqpAddresses.of(
            f, config.isGiven(HOST) || config.isGiven(PORT) ? List.of() : uris, URI.name());
    return new RabbitMqSettings(
        f,
        addresses,
        AmqpAddresses.shown(addresses),
        config.get(QUEUE),
        config.get(QUEUE_TYPE),
        QueueArgs.typed(config.passThrough(QUEUE_ARGS_PREFIX)),
        config.get(PERSISTENT),
        config.get(PREFETCH),
        config.get(CONFIRMS),
        config.get(CONFIRM_WINDOW),
        confirmTimeout,
        config.get(STREAM_OFFSET));
  }

  /** The longest queue or exchange name: an AMQP short string. */
  static final int MAX_NAME_LENGTH = 255;

  /**
   * A name with a suffix appended, within {@link #MAX_NAME_LENGTH}: the base is cut, never the
   * suffix, so that names derived with different suffixes stay different.
   *
   * @param base a queue name
   * @param suffix what to append
   * @return {@code base + suffix}, with {@code base} shortened as needed
   * @throws ConfigException if the suffix is empty or alone too long
   */
  static String suffixed(String base, String suffix) {
    return QueueNames.suffixed(base, suffix, MAX_NAME_LENGTH);
  }

  /**
   * The queue of one subscription of a publish/subscribe open, bound to the fanout exchange named
   * after {@code queue}.
   *
   * @param queue the configured queue ({@code rabbitmq.queue})
   * @param subscription from 0
   * @return {@code <queue>-s<subscription>}
   */
  static String subscriptionQueue(String queue, int subscription) {
    return suffixed(queue, "-s" + subscription);
  }

  /**
   * @param other another queue's name
   * @return these settings for that queue, declared and read as this one is
   */
  RabbitMqSettings withQueue(String other) {
    return new RabbitMqSettings(
        factory,
        addresses,
        address,
        other,
        queueType,
        queueArgs,
        persistent,
        prefetch,
        confirms,
        confirmWindow,
        confirmTimeout,
        streamOffset);
  }

  /** The queue's declaration arguments: the type, then the user's pass-through arguments. */
  Map<String, Object> declareArgs() {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("x-queue-type", queueType.toString());
    args.putAll(queueArgs);
    return args;
  }

  /** The stream offset as the broker expects it: a number when numeric, else a name. */
  Object streamOffsetArg() {
    String t = streamOffset.trim();
    return QueueArgs.WHOLE_NUMBER.matcher(t).matches() ? (Object) Long.parseLong(t) : t;
  }

  /**
   * The prefetch a receiver uses.
   *
   * @param receiveMax the {@code max} of the receiver's first {@code receive}
   * @return the configured prefetch; else twice the batch (one batch in flight while the harness
   *     handles the other), and at least {@value #MIN_DEFAULT_PREFETCH} so that receivers asking
   *     for one message at a time (rate mode) are not starved by a round trip per message
   */
  int prefetchFor(int receiveMax) {
    if (prefetch > 0) {
      return prefetch;
    }
    return (int) Math.min(65_535L, Math.max(MIN_DEFAULT_PREFETCH, 2L * receiveMax));
  }

  /** The smallest prefetch when none is configured. */
  static final int MIN_DEFAULT_PREFETCH = 256;

  String describeConfirmTimeout() {
    return Durations.format(confirmTimeout);
  }

  private static int millis(Duration d) {
    return (int) Math.min(Integer.MAX_VALUE, d.toMillis());
  }
}
