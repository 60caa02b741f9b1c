package io.mqbench.broker;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * What a backend declares about its local broker, and all it declares: {@link JavaLocalBroker} runs
 * any broker described this way (scratch directory, free loopback ports, the distribution's
 * classpath, one process per node under {@link StdinWatchdog}, readiness, the address filled in,
 * the stop). A backend keeps one as a constant:
 *
 * <pre>{@code
 * static final LocalBrokerDescriptor LOCAL_BROKER =
 *     new LocalBrokerDescriptor(
 *         "local MongoDB stand-in (mongo-java-server)",
 *         "mongo-broker",                                 // mq-mongo-broker's jars
 *         "io.mqbench.mongo.broker.MongoStandInMain",     // in that distribution
 *         1,                                              // loopback ports per node
 *         MongoSettings.URI,                              // filled with
 *         "mongodb://",                                   //   mongodb://127.0.0.1:port
 *         MongoSettings.LOCAL_SERVER_HEAP,
 *         LocalBrokerDescriptor.NO_SETTINGS,
 *         LocalBrokerDescriptor.Readiness.PORTS,
 *         "the mongo-java-server {version} stand-in on {address} (in memory; NOT MongoDB)");
 * }</pre>
 *
 * <h2>The main class's contract</h2>
 *
 * <p>The main class lives in the distribution module and runs only on the broker's classpath (the
 * module's jars), so it may use the broker's API directly; the backend names it as text. It is
 * started as {@code java -Xmx<heap>m ... StdinWatchdog <mainClass> <launch file>}: the JVM exits
 * when the harness closes its standard input or dies. The launch file is a properties file,
 * readable by the owner only (it may hold a password), that the main reads with {@link
 * LaunchFile#read}:
 *
 * <table>
 *   <caption>The launch file</caption>
 *   <tr><th>key</th><th>value</th></tr>
 *   <tr><td>{@code host}</td><td>the only address to bind: {@code 127.0.0.1}, or the node's
 *       address in its network namespace ({@link JavaLocalBroker#inNetworkNamespaces()})</td></tr>
 *   <tr><td>{@code ports}</td><td>this node's free ports, comma-separated, {@link #ports()} of
 *       them; clients use the first</td></tr>
 *   <tr><td>{@code node}, {@code nodes}</td><td>this node's number (from 1) and how many were
 *       started together</td></tr>
 *   <tr><td>{@code node.N.ports}, {@code node.N.host}</td><td>node N's ports and address, for
 *       brokers that form a cluster</td></tr>
 *   <tr><td>{@code directory}</td><td>this node's own directory: configuration files and data
 *       there; it is deleted when the broker stops</td></tr>
 *   <tr><td>{@code cluster.id}</td><td>a random id the nodes of one start share (22 characters
 *       of URL-safe Base64, as a KRaft cluster id)</td></tr>
 *   <tr><td>{@link #settings()}'s keys</td><td>what the broker needs from the user's
 *       configuration</td></tr>
 * </table>
 *
 * <p>The broker is ready once every node's first port accepts connections and {@link #readiness()}
 * passes (only the latter for a broker whose standby nodes open no port, {@link
 * Readiness#everyNodeOpensItsPort()}); a main should therefore bind its client port last.
 *
 * @param name what the broker is, for messages: {@code "local Kafka broker"} (the nodes of a
 *     cluster add their number)
 * @param distribution the resource directory of the distribution that runs it, {@code
 *     "kafka-broker"}: built by the module {@code mq-kafka-broker} (see {@link JavaBroker})
 * @param mainClass the main class, inside that distribution
 * @param ports how many loopback ports each node needs, from 1; clients use the first
 * @param addressKey the configuration key the started broker's address fills in
 * @param scheme what stands before the {@code host:port} list in that value: {@code "tcp://"},
 *     {@code ""}
 * @param heapKey the configuration key of the broker JVM's heap in MiB; its default is the default
 *     heap
 * @param settings what the main needs from the user's configuration, as launch-file entries
 *     (secrets included); must not use the reserved keys above
 * @param readiness what tells, once its ports answer, that the broker serves clients
 * @param description the terminal's description of the broker, with {@code {version}} (from the
 *     distribution) and {@code {address}} (the {@code host:port} list, or "a free loopback port"
 *     before the start) replaced
 */
public record LocalBrokerDescriptor(
    String name,
    String distribution,
    String mainClass,
    int ports,
    ConfigKey<String> addressKey,
    String scheme,
    ConfigKey<Integer> heapKey,
    Function<MqConfig, Map<String, String>> settings,
    Readiness readiness,
    String description) {

  /** For {@link #settings()}: a broker that needs nothing from the user's configuration. */
  public static final Function<MqConfig, Map<String, String>> NO_SETTINGS = config -> Map.of();

  /** Launch-file keys the template writes itself. */
  static final Set<String> RESERVED =
      Set.of(
          LaunchFile.HOST,
          LaunchFile.PORTS,
          LaunchFile.NODE,
          LaunchFile.NODES,
          LaunchFile.DIRECTORY,
          LaunchFile.CLUSTER_ID);

  /**
   * @throws NullPointerException if a component is missing
   * @throws IllegalArgumentException if {@code ports} is below 1
   */
  public LocalBrokerDescriptor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(distribution, "distribution");
    Objects.requireNonNull(mainClass, "mainClass");
    Objects.requireNonNull(addressKey, "addressKey");
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(heapKey, "heapKey");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(readiness, "readiness");
    Objects.requireNonNull(description, "description");
    if (ports < 1) {
      throw new IllegalArgumentException(name + ": a broker needs a port");
    }
  }

  /**
   * What tells that a started broker serves clients, beyond its ports accepting connections. The
   * hook for a broker whose port answers before it can serve (a cluster whose members must find
   * each other).
   */
  @FunctionalInterface
  public interface Readiness {
    /** Ready once every node's first port accepts connections: for servers that bind it last. */
    Readiness PORTS = (broker, timeout) -> {};

    /**
     * Waits until the broker serves clients; called once every node's first port answers. Typically
     * polls with {@link BrokerProcess#awaitReady} on one of {@code broker}'s processes, so that a
     * node that dies is reported with its log.
     *
     * @param broker the broker being started: its address, size and processes
     * @param timeout the time left for the start
     * @throws io.mqbench.mq.MqException if it does not serve in time
     * @throws InterruptedException if interrupted while waiting
     */
    void await(JavaLocalBroker broker, Duration timeout) throws InterruptedException;

    /**
     * Whether every node opens its first port when it starts, so that the start waits for each
     * before calling {@link #await}. False for a broker with standby nodes that open no port until
     * they take over (an Artemis backup): then {@link #await} alone says when it serves.
     *
     * @return true by default
     */
    default boolean everyNodeOpensItsPort() {
      return true;
    }
  }
}
