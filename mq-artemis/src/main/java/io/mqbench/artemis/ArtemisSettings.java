package io.mqbench.artemis;

import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;

/**
 * The configuration keys of the {@code artemis} backend and the settings parsed from them.
 *
 * @param url the connection factory URL the client gets: the given broker URL with this backend's
 *     defaults and the pass-through parameters as query parameters
 * @param address every {@code host:port} of the URL, for messages
 * @param user the user, or {@code null} for none
 * @param password the password, or {@code null}
 * @param queue the queue's name
 * @param addressName the address the queue is bound to and senders send to
 * @param routingType anycast (a JMS queue) or multicast (a durable subscription of an address)
 * @param sendMode how a synchronous send stores its batch
 * @param createQueue whether a missing queue is created, rather than failing
 * @param callTimeout how long a blocking call (connect handshake, commit, durable send) waits
 */
record ArtemisSettings(
    String url,
    String address,
    String user,
    String password,
    String queue,
    String addressName,
    RoutingType routingType,
    SendMode sendMode,
    boolean createQueue,
    Duration callTimeout,
    int ackCommitMessages) {

  /** The broker of {@code docker/artemis.yml}: the primary of its primary/backup pair. */
  static final String COMPOSE_URL = "tcp://127.0.0.1:61616";

  /**
   * The broker's URL. Unset by default: the runner's broker-address policy then uses
   * 127.0.0.1:61616 if it answers, else a local broker.
   */
  static final ConfigKey<String> URL =
      AddressKeys.address(
          "artemis.url",
          "broker URL tcp://host:port, or (tcp://primary:port,tcp://backup:port) for a pair",
          "127.0.0.1:61616",
          "a local broker");

  /** The user; the local broker accepts exactly this user and password. */
  static final ConfigKey<String> USER =
      ConfigKey.string(
          "artemis.user", "artemis", "user name (the local broker is set up with this user)");

  /** The password. A secret. */
  static final ConfigKey<String> PASSWORD =
      ConfigKey.string("artemis.password", "artemis", "password of artemis.user").markedSecret();

  /** The longest queue or address name {@link #QUEUE} and {@link #ADDRESS} accept. */
  static final int MAX_NAME_LENGTH = 200;

  // '::' separates an address from a queue in a fully qualified name; wildcards would match other
  // addresses.
  private static final Pattern NAME =
      Pattern.compile("(?!.*::)[^\\s#*]{1," + MAX_NAME_LENGTH + "}");

  private static final String NAME_TEXT = "1 to 200 characters without spaces, '#', '*' or '::'";

  /** The queue receivers read; created durable when missing unless {@link #CREATE_QUEUE} is off. */
  static final ConfigKey<String> QUEUE =
      ConfigKey.matching(
          "artemis.queue",
          "mqbench",
          NAME,
          NAME_TEXT,
          "queue name; created durable when missing (artemis.createQueue)");

  /** The address of a multicast queue; the queue's name when unset. */
  static final ConfigKey<String> ADDRESS =
      ConfigKey.matching(
          "artemis.address",
          null,
          NAME,
          NAME_TEXT,
          "multicast only: the address senders send to; default: the queue name");

  /** Anycast or multicast. */
  static final ConfigKey<RoutingType> ROUTING_TYPE =
      ConfigKey.enumeration(
          "artemis.routingType",
          RoutingType.class,
          RoutingType.ANYCAST,
          "anycast = a point-to-point queue; multicast = the queue is a durable subscription of"
              + " artemis.address, read by its fully qualified name");

  /** How a synchronous send stores its batch. */
  static final ConfigKey<SendMode> SEND_MODE =
      ConfigKey.enumeration(
          "artemis.sendMode",
          SendMode.class,
          SendMode.TRANSACTED,
          "send with one batch in flight: transacted = one commit per batch; sync = every message"
              + " a blocking durable send. More in flight: persistent sends with completion"
              + " listeners");

  /** Whether {@code open} creates a missing queue. */
  static final ConfigKey<Boolean> CREATE_QUEUE =
      ConfigKey.bool(
          "artemis.createQueue",
          true,
          "create the queue (durable) when missing; false: a missing queue fails the run at once");

  /** Client-side buffer of each receiver ({@code consumerWindowSize}). */
  static final ConfigKey<Integer> CONSUMER_WINDOW =
      ConfigKey.integer(
          "artemis.consumerWindowSize",
          1 << 20,
          -1,
          Integer.MAX_VALUE,
          "bytes",
          "consumerWindowSize: bytes of messages the broker pushes ahead to each receiver; 0 = none"
              + " (each receive asks the broker), -1 = unbounded");

  /** Bytes of sends the broker confirms at once; completion listeners need it. */
  static final ConfigKey<Integer> CONFIRMATION_WINDOW =
      ConfigKey.integer(
          "artemis.confirmationWindowSize",
          1 << 20,
          1,
          Integer.MAX_VALUE,
          "bytes",
          "confirmationWindowSize: how many bytes of commands the broker confirms at once (JMS 2.0"
              + " completion listeners need one)");

  /** Acknowledgements a receiver commits at once. */
  static final ConfigKey<Integer> ACK_COMMIT_MESSAGES =
      ConfigKey.integer(
          "artemis.ackCommitMessages",
          100,
          1,
          1_000_000,
          "messages",
          "a receiver's acknowledgements are committed on the broker once this many are held, before"
              + " the receiver waits for messages, at the first call "
              + ArtemisReceiver.COMMIT_DELAY_MS
              + " ms after the oldest, and on close; 1 commits at every ack");

  /** How long a blocking call waits for the broker. */
  static final ConfigKey<Duration> CALL_TIMEOUT =
      ConfigKey.duration(
          "artemis.callTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(10),
          "the client counts it in milliseconds",
          "callTimeout: a connect handshake, commit or blocking send fails after it; also the"
              + " TCP connect timeout");

  /** The largest message senders accept. */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "artemis.maxMessageBytes",
          16 << 20,
          1,
          Integer.MAX_VALUE - 1,
          "bytes",
          "largest message senders accept; the client holds a whole body in memory (messages over"
              + " minLargeMessageSize, 100 KiB, go to the broker as large messages)");

  /** Heap of the local broker. */
  static final ConfigKey<Integer> LOCAL_BROKER_HEAP =
      ConfigKey.integer(
          "artemis.localBrokerHeapMb",
          512,
          128,
          1 << 20,
          "MiB",
          "heap of the local broker started when artemis.url is unset");

  /** Nodes of the local broker: 1, or 2 for a replicated primary/backup pair. */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "artemis.localBrokerNodes",
          1,
          1,
          9,
          "nodes",
          "nodes of the local broker started when artemis.url is unset: 1, or 2 for a primary and"
              + " a backup replicating it (clients fail over; for --fault ...:leader)");

  /** The most nodes a local Artemis cluster has: a primary and one backup. */
  static final int MAX_LOCAL_NODES = 2;

  /**
   * @param config a configuration
   * @throws ConfigException in one line when it asks for a local cluster of more than a pair
   */
  static void checkLocalNodes(MqConfig config) {
    int nodes = config.get(LOCAL_BROKER_NODES);
    if (nodes > MAX_LOCAL_NODES) {
      throw new ConfigException(
          LOCAL_BROKER_NODES.name()
              + "="
              + nodes
              + ": a local Artemis cluster is a primary and its backup (2 nodes); more backups"
              + " are not set up, give 1 or 2");
    }
  }

  /** Client URL parameters passed through: {@code artemis.url.ackBatchSize=0}. */
  static final String URL_PREFIX = "artemis.url.";

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URL,
          USER,
          PASSWORD,
          QUEUE,
          ADDRESS,
          ROUTING_TYPE,
          SEND_MODE,
          CREATE_QUEUE,
          CONSUMER_WINDOW,
          CONFIRMATION_WINDOW,
          CALL_TIMEOUT,
          ACK_COMMIT_MESSAGES,
          MAX_MESSAGE_BYTES,
          LOCAL_BROKER_HEAP,
          LOCAL_BROKER_NODES);

  /**
   * @param config validated configuration with {@link #URL} set
   * @return the settings
   * @throws ConfigException naming the key of a malformed URL or unknown pass-through parameter
   */
  static ArtemisSettings from(MqConfig config) {
    String given = config.find(URL).orElseThrow(() -> new ConfigException(URL.name() + " unset"));
    String address = ArtemisUrl.endpoints(given);
    Map<String, String> params = new LinkedHashMap<>();
    Duration call = config.get(CALL_TIMEOUT);
    Map<String, String> inUrl = queryOf(given);
    boolean ha = "true".equalsIgnoreCase(inUrl.getOrDefault("ha", "").trim());
    // Fail fast instead of retrying: a run against a dead broker should end, naming it, not hang.
    // A URL with ha=true (a pair) reconnects to the node that takes over, as its parameters say;
    // a call made while it does so still fails after the call timeout rather than waiting on.
    params.put("reconnectAttempts", "0");
    params.put("initialConnectAttempts", "1");
    if (ha) {
      params.put("callFailoverTimeout", String.valueOf(call.toMillis()));
    }
    params.put("callTimeout", String.valueOf(call.toMillis()));
    params.put(TransportConstants.NETTY_CONNECT_TIMEOUT, String.valueOf(call.toMillis()));
    // A frozen or vanished broker is noticed within seconds (the defaults are 30 s and 60 s).
    params.put("clientFailureCheckPeriod", String.valueOf(Math.max(500, call.toMillis() / 2)));
    params.put("connectionTTL", String.valueOf(Math.max(1000, call.toMillis())));
    params.put("consumerWindowSize", String.valueOf(config.get(CONSUMER_WINDOW)));
    params.put("confirmationWindowSize", String.valueOf(config.get(CONFIRMATION_WINDOW)));
    // Durable sends outside a transaction block until stored: the promise of SendMode.SYNC.
    params.put("blockOnDurableSend", "true");
    // The URL's own parameters first, and they win over these defaults.
    Map<String, String> all = new LinkedHashMap<>(inUrl);
    params.forEach(all::putIfAbsent);
    all.putAll(config.passThrough(URL_PREFIX));
    String query =
        all.entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue().trim())
            .collect(Collectors.joining("&"));
    int q = given.indexOf('?');
    String url = (q < 0 ? given : given.substring(0, q)) + "?" + query;
    String queue = config.get(QUEUE);
    RoutingType routing = config.get(ROUTING_TYPE);
    return new ArtemisSettings(
        url,
        address,
        config.get(USER),
        config.get(PASSWORD),
        queue,
        config.find(ADDRESS).orElse(queue),
        routing,
        config.get(SEND_MODE),
        config.get(CREATE_QUEUE),
        call,
        config.get(ACK_COMMIT_MESSAGES));
  }

  /** The URL's query parameters, in order; none without a query. */
  private static Map<String, String> queryOf(String url) {
    Map<String, String> out = new LinkedHashMap<>();
    int q = url.indexOf('?');
    if (q < 0) {
      return out;
    }
    for (String pair : url.substring(q + 1).split("&")) {
      int eq = pair.indexOf('=');
      if (!pair.isBlank()) {
        out.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
      }
    }
    return out;
  }

  /**
   * These settings for the senders of a publish/subscribe run: multicast, so that a send goes to
   * the address and from there into every subscription's queue.
   *
   * @return a copy that sends to {@link #addressName()} as a topic
   */
  ArtemisSettings publishing() {
    return multicast(queue);
  }

  /**
   * One subscription of a publish/subscribe run: a durable multicast queue of its own on {@link
   * #addressName()}, named after the configured queue so that the queues of one run sort together
   * and those of another queue (another {@code artemis.queue}) never collide with them.
   *
   * @param index from 0
   * @return a copy whose queue is {@code <queue>-s<index>}, read as {@code address::queue}
   */
  ArtemisSettings subscription(int index) {
    return multicast(queue + "-s" + index);
  }

  /** A copy on the same address, multicast, whose queue is another. */
  private ArtemisSettings multicast(String queueName) {
    return new ArtemisSettings(
        url,
        address,
        user,
        password,
        queueName,
        addressName,
        RoutingType.MULTICAST,
        sendMode,
        createQueue,
        callTimeout,
        ackCommitMessages);
  }

  /**
   * @return the JMS destination name receivers read: the queue, or {@code address::queue}
   */
  String consumeFrom() {
    return routingType == RoutingType.ANYCAST ? queue : addressName + "::" + queue;
  }

  @Override
  public String toString() {
    return "ArtemisSettings[" + address + ", queue " + queue + "]";
  }
}
