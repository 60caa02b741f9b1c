package io.mqbench.nats;

import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The configuration keys of the {@code nats} backend and the settings parsed from them.
 *
 * @param url the server, {@code nats://[user:password@]host:port} (never print it: see {@link
 *     #address()})
 * @param address {@code host:port}, for messages
 * @param stream the JetStream stream that is the queue
 * @param subject the subject messages are published on, the stream's only subject
 * @param consumer the durable pull consumer all receivers share
 * @param replicas the stream's replicas, when this backend creates it
 * @param syncAlways whether the server fsyncs before it acknowledges ({@code sync_interval:
 *     always})
 * @param ackWait how long a delivered, unacknowledged message stays with its receiver
 * @param prefetch how many messages a receiver's client keeps pulled ahead
 * @param connectTimeout TCP connect and handshake timeout
 * @param requestTimeout how long a publish waits for the stream's acknowledgement
 */
record NatsSettings(
    String url,
    String address,
    String stream,
    String subject,
    String consumer,
    int replicas,
    boolean syncAlways,
    Duration ackWait,
    int prefetch,
    Duration connectTimeout,
    Duration requestTimeout) {

  /** Where docker/nats.yml publishes its first server, NATS's own port. */
  static final String COMPOSE_ADDRESS = "127.0.0.1:4222";

  /** The server; a secret, it may hold a password. */
  static final ConfigKey<String> URL =
      AddressKeys.address(
              "nats.url",
              "NATS server nats://[user:password@]host[:port], or several separated by commas (the"
                  + " servers of one cluster)",
              COMPOSE_ADDRESS + " (docker/nats.yml)",
              "a private nats-server with JetStream started for the run")
          .markedSecret();

  /** The longest stream or consumer name {@link #STREAM} and {@link #CONSUMER} accept. */
  static final int MAX_NAME_LENGTH = 64;

  /** The characters of a stream's or a consumer's name. */
  private static final String NAME_CHARACTERS = "A-Za-z0-9_-";

  private static final String NAME_CHARACTERS_TEXT = "letters, digits, _ or -";

  /** The longest subject {@link #SUBJECT} accepts. */
  static final int MAX_SUBJECT_LENGTH = 200;

  /** The stream. */
  static final ConfigKey<String> STREAM =
      ConfigKey.identifier(
          "nats.stream",
          "mqbench",
          NAME_CHARACTERS,
          NAME_CHARACTERS_TEXT,
          MAX_NAME_LENGTH,
          "the JetStream stream that is the queue (work-queue retention, file storage); created"
              + " with its consumer when missing");

  /** The subject; by default derived from the stream's name. */
  static final ConfigKey<String> SUBJECT =
      ConfigKey.matching(
          "nats.subject",
          null,
          Pattern.compile("[A-Za-z0-9_.-]{1," + MAX_SUBJECT_LENGTH + "}"),
          "letters, digits, _, - and dots, no wildcards",
          "the subject messages are published on; unset: mqbench.<stream>");

  /** The durable consumer. */
  static final ConfigKey<String> CONSUMER =
      ConfigKey.identifier(
          "nats.consumer",
          "mqbench",
          NAME_CHARACTERS,
          NAME_CHARACTERS_TEXT,
          MAX_NAME_LENGTH,
          "the durable pull consumer all receivers share (explicit acks)");

  /** The stream's replicas when created. */
  static final ConfigKey<Integer> REPLICAS =
      ConfigKey.integer(
          "nats.replicas",
          1,
          1,
          5,
          "servers",
          "replicas of the stream when this backend creates it; a publish is acknowledged once a"
              + " majority of them stored it");

  /** Nodes of the local cluster started when no URL is given. */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "nats.localBrokerNodes",
          1,
          1,
          5,
          "nodes",
          "nodes of the local JetStream cluster started when nats.url is unset, each a"
              + " nats-server of its own; with several, streams are created with as many replicas"
              + " unless nats.replicas says otherwise (for --fault ...:leader)");

  /** Whether the server runs with sync_interval: always. */
  static final ConfigKey<Boolean> SYNC_ALWAYS =
      ConfigKey.bool(
          "nats.syncAlways",
          false,
          "the server runs JetStream with sync_interval: always (fsync before each"
              + " acknowledgement; nats-server 2.10 or later); false: its default, an fsync every 2"
              + " minutes. The server's setting, stated here: the client cannot read it");

  /** The lease of a delivered message. */
  static final ConfigKey<Duration> ACK_WAIT =
      ConfigKey.duration(
          "nats.ackWait",
          Duration.ofSeconds(30),
          Duration.ofMillis(500),
          Duration.ofDays(1),
          "",
          "a message delivered and not acknowledged within this time is delivered again (the"
              + " consumer's ack_wait); a receiver that closes gives its messages back at once");

  /** Pulled ahead per receiver. */
  static final ConfigKey<Integer> PREFETCH =
      ConfigKey.integer(
          "nats.prefetch",
          256,
          1,
          100_000,
          "messages",
          "how many messages a receiver's client keeps pulled ahead of receive (its pull batch)");

  /** Connect timeout. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "nats.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "TCP connect and handshake timeout: opening fails after it when the server does not"
              + " answer");

  /** Publish acknowledgement timeout. */
  static final ConfigKey<Duration> REQUEST_TIMEOUT =
      ConfigKey.duration(
          "nats.requestTimeout",
          Duration.ofSeconds(10),
          Duration.ofMillis(100),
          Duration.ofHours(1),
          "",
          "how long a publish (and a JetStream API call) waits for the server's acknowledgement");

  /** The largest body. */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "nats.maxMessageBytes",
          1 << 20,
          1,
          64 << 20,
          "bytes",
          "the largest message a sender accepts (nats-server's max_payload is 1 MiB by default)");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URL,
          STREAM,
          SUBJECT,
          CONSUMER,
          REPLICAS,
          LOCAL_BROKER_NODES,
          SYNC_ALWAYS,
          ACK_WAIT,
          PREFETCH,
          CONNECT_TIMEOUT,
          REQUEST_TIMEOUT,
          MAX_MESSAGE_BYTES);

  /**
   * Parses the configuration; connects nothing.
   *
   * @throws MqException if no URL is configured
   * @throws ConfigException naming {@code nats.url} if it is malformed
   */
  static NatsSettings from(MqConfig config) {
    String url =
        config
            .find(URL)
            .orElseThrow(
                () -> new MqException(AddressKeys.notSetMessage(URL, "nats://" + COMPOSE_ADDRESS)));
    List<String> addresses = new ArrayList<>();
    for (String one : url.split(",", -1)) {
      addresses.add(address(one.trim()));
    }
    String stream = config.get(STREAM);
    return new NatsSettings(
        url,
        String.join(",", addresses),
        stream,
        subject(config),
        config.get(CONSUMER),
        config.get(REPLICAS),
        config.get(SYNC_ALWAYS),
        config.get(ACK_WAIT),
        config.get(PREFETCH),
        config.get(CONNECT_TIMEOUT),
        config.get(REQUEST_TIMEOUT));
  }

  /** One server's {@code host:port}, of a URL of the list {@link #URL} may hold. */
  private static String address(String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      throw new ConfigException(URL.name() + " is not a nats:// URL (" + e.getReason() + ")");
    }
    if (!"nats".equals(uri.getScheme()) || uri.getHost() == null) {
      throw new ConfigException(
          URL.name() + " is not a nats://host[:port] URL, or a comma-separated list of them");
    }
    int port = uri.getPort() < 0 ? 4222 : uri.getPort();
    return uri.getHost() + ":" + port;
  }

  /**
   * @return the subject messages are published on: {@link #SUBJECT}, else {@code mqbench.<stream>}
   */
  static String subject(MqConfig config) {
    return config.find(SUBJECT).orElse("mqbench." + config.get(STREAM));
  }

  /**
   * One subscription of a publish/subscribe run: a durable consumer of its own on the same stream,
   * named after the configured consumer.
   *
   * @param index from 0
   * @return a copy whose consumer is {@code <consumer>-s<index>}
   */
  NatsSettings subscription(int index) {
    return new NatsSettings(
        url,
        address,
        stream,
        subject,
        consumer + "-s" + index,
        replicas,
        syncAlways,
        ackWait,
        prefetch,
        connectTimeout,
        requestTimeout);
  }
}
