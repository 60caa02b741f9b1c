package io.mqbench.mongo;

import com.mongodb.ConnectionString;
import io.mqbench.config.AddressKeys;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.config.Secrets;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The configuration keys of the {@code mongo} backend and the settings parsed from them.
 *
 * @param uri the connection string, credentials included (never print it: see {@link #address()})
 * @param address the servers' {@code host:port} list, without credentials, for messages
 * @param database the database holding the queue's collection
 * @param collection the collection that is the queue
 * @param writeConcern what a send waits for
 * @param claim how receivers claim messages
 * @param visibilityTimeout how long a claim lasts before an unacknowledged message is visible again
 * @param pollInterval how long a receiver waits between claims that found nothing
 * @param connectTimeout server selection and TCP connect timeout
 * @param operationTimeout socket read timeout of every operation
 */
record MongoSettings(
    String uri,
    String address,
    String database,
    String collection,
    WriteConcernChoice writeConcern,
    ClaimStrategy claim,
    Duration visibilityTimeout,
    Duration pollInterval,
    Duration connectTimeout,
    Duration operationTimeout) {

  /**
   * The compose cluster's seed address (docker/mongo.yml); the driver discovers the set from it.
   */
  static final String COMPOSE_URI = "mongodb://127.0.0.1:27017";

  /**
   * The servers, as a MongoDB connection string. Unset by default: the runner then uses a server
   * answering on 127.0.0.1:27017, else starts the local stand-in. A secret: it may carry a
   * password.
   */
  static final ConfigKey<String> URI =
      AddressKeys.address(
              "mongo.uri",
              "MongoDB connection string mongodb://[user:password@]host[:port][,...][/?options]",
              "127.0.0.1:27017",
              "the local mongo-java-server stand-in (not MongoDB)")
          .markedSecret();

  /** The database; names MongoDB accepts: no {@code /\. "$}, at most 63 characters. */
  static final ConfigKey<String> DATABASE =
      ConfigKey.matching(
          "mongo.database",
          "mqbench",
          Pattern.compile("[^/\\\\. \"$\\x00]{1,63}"),
          "1 to 63 characters, none of / \\ . space \" $",
          "database holding the queue's collection");

  /** The longest collection name {@link #COLLECTION} accepts. */
  static final int MAX_COLLECTION_LENGTH = 120;

  /** The collection that is the queue; created with its index when missing, never dropped. */
  static final ConfigKey<String> COLLECTION =
      ConfigKey.matching(
          "mongo.collection",
          "mqbench",
          Pattern.compile("(?!system\\.)[^$\\x00]{1," + MAX_COLLECTION_LENGTH + "}"),
          "1 to 120 characters without $, not starting with system.",
          "collection that is the queue; created with an index on visibleAt when missing, never"
              + " dropped");

  /** What a send waits for. */
  static final ConfigKey<WriteConcernChoice> WRITE_CONCERN =
      ConfigKey.enumeration(
          "mongo.writeConcern",
          WriteConcernChoice.class,
          WriteConcernChoice.MAJORITY,
          "write concern of sends (and of claims and acks): majority, acknowledged (the server's"
              + " default), journaled (j:true), w1, unacknowledged (w:0, loss expected)");

  /** How receivers claim messages. */
  static final ConfigKey<ClaimStrategy> CLAIM =
      ConfigKey.enumeration(
          "mongo.claim",
          ClaimStrategy.class,
          ClaimStrategy.BATCH,
          "claim strategy: batch = stamp a claim token on up to the receive batch in one"
              + " updateMany; one = one findOneAndUpdate per message (the original method)");

  /** How long a claim holds. */
  static final ConfigKey<Duration> VISIBILITY_TIMEOUT =
      ConfigKey.duration(
          "mongo.visibilityTimeout",
          Duration.ofSeconds(30),
          Duration.ofMillis(100),
          Duration.ofDays(1),
          "",
          "a claimed message not acknowledged within this time is visible to every receiver again");

  /** Wait between claims that found nothing. */
  static final ConfigKey<Duration> POLL_INTERVAL =
      ConfigKey.duration(
          "mongo.pollInterval",
          Duration.ofMillis(10),
          Duration.ofMillis(1),
          Duration.ofSeconds(10),
          "",
          "how long a receiver waits before claiming again when the queue had nothing visible");

  /** Server selection and TCP connect timeout. */
  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "mongo.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(5),
          "",
          "server selection and TCP connect timeout: open() fails after it when no server answers");

  /** Socket read timeout: an operation on a server that stopped answering fails after it. */
  static final ConfigKey<Duration> OPERATION_TIMEOUT =
      ConfigKey.duration(
          "mongo.operationTimeout",
          Duration.ofSeconds(10),
          Duration.ofMillis(100),
          Duration.ofMillis(Integer.MAX_VALUE),
          "the driver counts it in int milliseconds",
          "socket read timeout: a send, claim or ack fails after it when the server stops"
              + " answering");

  /** Heap of the local stand-in; it keeps every message in memory. */
  static final ConfigKey<Integer> LOCAL_SERVER_HEAP =
      ConfigKey.integer(
          "mongo.localServerHeapMb",
          768,
          128,
          1 << 20,
          "MiB",
          "heap of the local stand-in started when mongo.uri is unset; it holds every message in"
              + " memory");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          URI,
          DATABASE,
          COLLECTION,
          WRITE_CONCERN,
          CLAIM,
          VISIBILITY_TIMEOUT,
          POLL_INTERVAL,
          CONNECT_TIMEOUT,
          OPERATION_TIMEOUT,
          LOCAL_SERVER_HEAP);

  /**
   * Parses the configuration; connects nothing.
   *
   * @param config the validated configuration
   * @return the settings
   * @throws MqException if no URI is configured
   * @throws ConfigException naming {@code mongo.uri} (with its password hidden) if it is malformed
   */
  static MongoSettings from(MqConfig config) {
    String uri =
        config
            .find(URI)
            .orElseThrow(
                () ->
                    new MqException(
                        URI.name()
                            + " is not set: start a server and pass "
                            + URI.name()
                            + "="
                            + COMPOSE_URI
                            + " (-p on the CLI, -D with exec:java), or leave it unset in the"
                            + " runner, which starts the local stand-in"));
    return new MongoSettings(
        uri,
        address(uri),
        config.get(DATABASE),
        config.get(COLLECTION),
        config.get(WRITE_CONCERN),
        config.get(CLAIM),
        config.get(VISIBILITY_TIMEOUT),
        config.get(POLL_INTERVAL),
        config.get(CONNECT_TIMEOUT),
        config.get(OPERATION_TIMEOUT));
  }

  /**
   * The servers of a connection string, {@code host:port,...}, with the default port made explicit
   * so that messages always name a port.
   *
   * @throws ConfigException naming the key, with the password hidden, if the URI is malformed
   */
  static String address(String uri) {
    ConnectionString cs = parse(uri);
    return cs.getHosts().stream()
        .map(h -> h.startsWith("[") || h.indexOf(':') < 0 ? h + ":27017" : h)
        .collect(Collectors.joining(","));
  }

  static ConnectionString parse(String uri) {
    try {
      return new ConnectionString(uri);
    } catch (IllegalArgumentException e) {
      // The driver's message may quote the URI; never echo it, the password would come along.
      String reason = e.getMessage() == null ? "" : e.getMessage().replace(uri, "<uri>");
      throw new ConfigException(
          URI.name() + ": invalid value '" + Secrets.redact(uri) + "': " + reason);
    }
  }
}
