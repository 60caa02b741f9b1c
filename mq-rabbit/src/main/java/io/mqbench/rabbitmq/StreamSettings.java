package io.mqbench.rabbitmq;

import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import io.mqbench.mq.QueueNames;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The configuration keys of the {@code rabbitmq-stream} backend and the settings parsed from them.
 *
 * @param uri the stream protocol URI, with credentials; several, comma-separated, for a cluster
 * @param host the broker's host (the first node's)
 * @param port its stream port
 * @param nodes every node's {@code host:port}, the first one's first
 * @param username the user
 * @param password the password
 * @param vhost the virtual host
 * @param amqpPort the same broker's AMQP port, for the reader's lock
 * @param stream the stream's name
 * @param consumerName the name the reader stores its offset under
 * @param initialMembers the members a stream this backend creates gets; 0 for the broker's default
 * @param leaseTimeout how long a receiver may hold a message without acknowledging it
 * @param credits chunks the reader asks for ahead of what receivers took
 * @param confirmTimeout how long a message may wait for its confirm
 * @param connectTimeout TCP connect and each protocol request's timeout
 */
record StreamSettings(
    String uri,
    String host,
    int port,
    List<String> nodes,
    String username,
    String password,
    String vhost,
    int amqpPort,
    String stream,
    String consumerName,
    int initialMembers,
    Duration leaseTimeout,
    int credits,
    Duration confirmTimeout,
    Duration connectTimeout) {

  StreamSettings {
    nodes = List.copyOf(nodes);
  }

  /** The backend's name, the prefix of its keys. */
  static final String NAME = "rabbitmq-stream";

  /** What docker/rabbitmq.yml publishes: node 1's stream port. */
  static final String COMPOSE_ADDRESS = "127.0.0.1:5552";

  /** Where the compose file and the error message tell users to point the backend. */
  static final String SUGGESTED_URI = "rabbitmq-stream://guest:guest@" + COMPOSE_ADDRESS + "/%2f";

  /**
   * The broker's stream protocol address, with credentials. Unset by default: the runner's
   * broker-address policy then uses the compose port 127.0.0.1:5552 if it answers, else a private
   * local node with the stream plugin; a secret (it may carry a password).
   */
  static final ConfigKey<String> URI =
      AddressKeys.address(
              NAME + ".uri",
              "stream protocol URI rabbitmq-stream://user:password@host:port/vhost; a cluster's"
                  + " nodes comma-separated (credentials and vhost from the first)",
              COMPOSE_ADDRESS,
              "a private local node")
          .markedSecret();

  /** The AMQP port of the same broker: the reader's lock is an exclusive AMQP queue. */
  static final ConfigKey<Integer> AMQP_PORT =
      ConfigKey.integer(
          NAME + ".amqpPort",
          5672,
          1,
          65535,
          "",
          "AMQP port of the same broker (host, user and vhost of the URI): the one reading process"
              + " per stream holds an exclusive AMQP queue as its lock");

  /** The stream, created when missing. */
  static final ConfigKey<String> STREAM =
      ConfigKey.matching(
          NAME + ".stream",
          "mqbench-stream",
          Pattern.compile("(?!amq\\.)[A-Za-z0-9._:-]{1,200}"),
          "1 to 200 letters, digits or . _ : -, not starting with amq.",
          "the stream; created when missing");

  /** The name under which the reader stores the offset it acknowledged up to. */
  static final ConfigKey<String> CONSUMER_NAME =
      ConfigKey.matching(
          NAME + ".consumerName",
          "mqbench",
          Pattern.compile("[A-Za-z0-9._:-]{1,200}"),
          "1 to 200 letters, digits or . _ : -",
          "the named consumer whose offset the broker stores: a new process resumes after it");

  /** How long a message may stay leased to a receiver that neither acknowledges nor closes. */
  static final ConfigKey<Duration> LEASE_TIMEOUT =
      ConfigKey.duration(
          NAME + ".leaseTimeout",
          Duration.ofSeconds(30),
          Duration.ofMillis(100),
          Duration.ofDays(1),
          "",
          "a message leased this long without an ack goes to another receiver of the process");

  /** Chunks the reader asks the broker for ahead of what its receivers took. */
  static final ConfigKey<Integer> CREDITS =
      ConfigKey.integer(
          NAME + ".credits",
          4,
          1,
          1000,
          "chunks",
          "chunks the process's reader asks for ahead of what its receivers took (flow control)");

  /** How long a message waits for the broker's confirm before its send fails. */
  static final ConfigKey<Duration> CONFIRM_TIMEOUT =
      ConfigKey.duration(
          NAME + ".confirmTimeout",
          Duration.ofSeconds(30),
          Duration.ofSeconds(1),
          Duration.ofHours(1),
          "the client checks confirms once a second",
          "a send fails if the broker has not confirmed its batch within this time");

  /** TCP connect timeout and the timeout of each protocol request. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          NAME + ".connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "TCP connect and protocol request timeout; open() fails after it");

  /**
   * The largest message senders accept. A message travels in one frame, and the broker's {@code
   * stream.frame_max} is 1 MiB by default: the default leaves room for the frame's and the AMQP 1.0
   * encoding's headers.
   */
  static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          NAME + ".maxMessageBytes",
          1_000_000,
          1,
          64 << 20,
          "bytes",
          "largest message senders accept; a message travels in one frame, and the broker's"
              + " stream.frame_max is 1 MiB by default");

  /**
   * How many members (copies) a stream this backend creates gets ({@code x-initial-cluster-size}):
   * a confirm waits for a majority of them. A local cluster sets it to its size.
   */
  static final ConfigKey<Integer> INITIAL_MEMBERS =
      ConfigKey.integer(
          NAME + ".initialClusterSize",
          0,
          0,
          255,
          "members",
          "members (copies) of a stream this backend creates, x-initial-cluster-size; 0: the"
              + " broker's default; a local cluster sets its size. A stream that exists keeps its"
              + " own, read back for the run's durability");

  /**
   * Nodes of the local cluster started when no address is given: {@code rabbitmq.localBrokerNodes}
   * under this backend's name, the same cluster with the stream plugin.
   */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          NAME + ".localBrokerNodes",
          1,
          1,
          5,
          "nodes",
          "nodes of the local RabbitMQ cluster (with the stream plugin) started when "
              + NAME
              + ".uri is unset, as rabbitmq.localBrokerNodes; streams then get a member on each"
              + " unless "
              + NAME
              + ".initialClusterSize says otherwise (for --fault ...:leader)");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URI,
          AMQP_PORT,
          STREAM,
          CONSUMER_NAME,
          INITIAL_MEMBERS,
          LOCAL_BROKER_NODES,
          LEASE_TIMEOUT,
          CREDITS,
          CONFIRM_TIMEOUT,
          CONNECT_TIMEOUT,
          MAX_MESSAGE_BYTES);

  /** The one line {@code open()} fails with when called with no broker address. */
  static String noAddressMessage() {
    return ComposeCluster.noAddressMessage(URI, SUGGESTED_URI);
  }

  /**
   * Parses the configuration.
   *
   * @param config the validated configuration
   * @return the settings
   * @throws MqException if no URI is configured
   * @throws ConfigException if the URI is malformed
   */
  static StreamSettings from(MqConfig config) {
    String text = config.find(URI).orElseThrow(() -> new MqException(noAddressMessage())).trim();
    List<URI> uris = new ArrayList<>();
    for (String one : text.split(",", -1)) {
      uris.add(parse(text, one.trim()));
    }
    URI u = uris.get(0);
    String user = "guest";
    String password = "guest";
    if (u.getRawUserInfo() != null) {
      String[] parts = u.getRawUserInfo().split(":", 2);
      user = decode(parts[0]);
      password = parts.length > 1 ? decode(parts[1]) : "";
    }
    String path = u.getRawPath();
    String vhost = path == null || path.length() <= 1 ? "/" : decode(path.substring(1));
    return new StreamSettings(
        text,
        u.getHost(),
        port(u),
        uris.stream().map(n -> n.getHost() + ":" + port(n)).toList(),
        user,
        password,
        vhost,
        config.get(AMQP_PORT),
        config.get(STREAM),
        config.get(CONSUMER_NAME),
        config.get(INITIAL_MEMBERS),
        config.get(LEASE_TIMEOUT),
        config.get(CREDITS),
        config.get(CONFIRM_TIMEOUT),
        config.get(CONNECT_TIMEOUT));
  }

  /** One node's URI, {@code text} being the whole value, for messages. */
  private static URI parse(String text, String one) {
    URI u;
    try {
      u = new URI(one);
    } catch (URISyntaxException e) {
      throw invalid(text, e.getMessage());
    }
    if (!"rabbitmq-stream".equals(u.getScheme()) || u.getHost() == null) {
      throw invalid(text, "expected rabbitmq-stream://user:password@host:port/vhost");
    }
    return u;
  }

  private static int port(URI u) {
    return u.getPort() < 0 ? 5552 : u.getPort();
  }

  private static ConfigException invalid(String text, String why) {
    return new ConfigException(URI.name() + ": invalid value '" + URI.redact(text) + "': " + why);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }

  /**
   * @return {@code host:port} of the stream port, every node's comma-separated, for messages
   */
  String address() {
    return String.join(",", nodes);
  }

  /**
   * @return each node's URI with the first's credentials and vhost encoded as the client expects
   *     them, and the port made explicit: the client opens its locator connection to any of them
   */
  List<String> clientUris() {
    return nodes.stream()
        .map(
            node ->
                "rabbitmq-stream://"
                    + enc(username)
                    + ":"
                    + enc(password)
                    + "@"
                    + node
                    + "/"
                    + enc(vhost))
        .toList();
  }

  private static String enc(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** The longest stream or consumer name this backend takes (see {@link #STREAM}). */
  static final int MAX_NAME_LENGTH = 200;

  /**
   * A name with a suffix appended, within {@link #MAX_NAME_LENGTH}: the base is cut, never the
   * suffix, so that names derived with different suffixes stay different.
   *
   * @param base a stream or consumer name
   * @param suffix what to append
   * @return {@code base + suffix}, with {@code base} shortened as needed
   * @throws ConfigException if the suffix is empty or alone too long
   */
  static String suffixed(String base, String suffix) {
    return QueueNames.suffixed(base, suffix, MAX_NAME_LENGTH);
  }

  /**
   * The named consumer of one subscription of a publish/subscribe open: its own stored offset, and
   * its own reader lock ({@link #lockQueue}).
   *
   * @param consumerName the configured consumer name
   * @param subscription from 0
   * @return {@code <consumerName>-s<subscription>}
   */
  static String subscriptionConsumer(String consumerName, int subscription) {
    return suffixed(consumerName, "-s" + subscription);
  }

  /**
   * @param name another consumer name
   * @return these settings reading under that name
   */
  StreamSettings withConsumerName(String name) {
    return new StreamSettings(
        uri,
        host,
        port,
        nodes,
        username,
        password,
        vhost,
        amqpPort,
        stream,
        name,
        initialMembers,
        leaseTimeout,
        credits,
        confirmTimeout,
        connectTimeout);
  }

  /**
   * @return the exclusive AMQP queue whose holder is the one process reading this stream under this
   *     consumer name
   */
  String lockQueue() {
    return "mqbench.stream-reader." + stream + "." + consumerName;
  }
}
