package io.mqbench.mq;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A backend, as the runner finds it with {@link java.util.ServiceLoader}: name it in {@code
 * META-INF/services/io.mqbench.mq.MqProvider} of the backend's jar.
 *
 * <p>Implementations are stateless and thread-safe; the runner creates one per JVM.
 */
public interface MqProvider {

  /**
   * The name users select the backend by ({@code -Dqueue=kafka}), and the prefix of its
   * configuration keys ({@code kafka.acks}). Lower case letters and digits.
   *
   * @return the backend's name
   */
  String name();

  /**
   * One line for {@code --help} and listings: what is measured and with which defaults.
   *
   * @return a short description
   */
  String description();

  /**
   * The configuration keys the backend understands, each named with the {@link #name()} prefix.
   *
   * @return the declared keys; never {@code null}
   */
  List<ConfigKey<?>> configKeys();

  /**
   * Prefixes under which the backend accepts keys it does not declare and passes them to its native
   * client unchanged, such as {@code "kafka.producer."}. Any other undeclared key is an error.
   *
   * @return the pass-through prefixes, each ending with a dot; empty by default
   */
  default List<String> passThroughPrefixes() {
    return List.of();
  }

  /**
   * Validates raw configuration values against {@link #configKeys()} and {@link
   * #passThroughPrefixes()}.
   *
   * @param raw full key name to text value, such as {@code kafka.acks -> all}
   * @return the validated configuration
   * @throws io.mqbench.config.ConfigException naming the first unknown key or malformed value
   */
  default MqConfig configure(Map<String, String> raw) {
    return MqConfig.of(name(), configKeys(), passThroughPrefixes(), raw);
  }

  /**
   * Where the backend will connect, for messages and results: {@code "127.0.0.1:9092"}.
   *
   * @param config validated configuration of this backend
   * @return the broker address or addresses, or a short phrase such as {@code "in-process"}
   */
  String target(MqConfig config);

  /**
   * Connects to the queue described by {@code config}, creating it if the backend does that.
   *
   * <p>Must fail within seconds when the broker is unreachable, with a message naming the address.
   *
   * @param config validated configuration of this backend
   * @return an open {@link Mq}
   * @throws MqException if the broker is unreachable, rejects the credentials, or cannot provide
   *     the queue as configured; if no broker address is configured and the backend has no local
   *     broker, the message names the configuration key and how to start a broker
   */
  Mq open(MqConfig config);

  /**
   * Whether this backend can deliver every message to several independent subscriptions with its
   * native publish/subscribe ({@code --subscriptions N}): Kafka consumer groups, a RabbitMQ fanout
   * exchange with a queue per subscription, an Artemis multicast address with a durable queue per
   * subscription. Must not contact the broker.
   *
   * @param config validated configuration of this backend
   * @return true if {@link #open(MqConfig, int)} takes more than one subscription; false by
   *     default, and the runner then refuses {@code --subscriptions} above 1 before connecting
   */
  default boolean supportsSubscriptions(MqConfig config) {
    return false;
  }

  /**
   * Connects to the queue described by {@code config} for publish/subscribe: every message sent is
   * delivered to each of {@code subscriptions} subscriptions, read with {@link
   * Mq#createReceiver(int)}. Every subscription exists when this returns (created if the backend
   * does that), so that none misses a message sent afterwards. With one subscription, this is
   * {@link #open(MqConfig)}: the point-to-point queue.
   *
   * @param config validated configuration of this backend
   * @param subscriptions how many subscriptions, at least 1
   * @return an open {@link Mq}
   * @throws io.mqbench.config.ConfigException if {@code subscriptions} is above 1 and the backend
   *     has no publish/subscribe ({@link #supportsSubscriptions})
   * @throws MqException as {@link #open(MqConfig)} does
   */
  default Mq open(MqConfig config, int subscriptions) {
    if (Subscriptions.requireAtLeastOne(subscriptions) > 1) {
      throw new ConfigException(
          "--subscriptions "
              + subscriptions
              + ": "
              + name()
              + " has no publish/subscribe (each message goes to one receiver); use 1");
    }
    return open(config);
  }

  /**
   * The keys that give one of a run's several queues ({@code --queues N}) a queue of its own: every
   * name that identifies the queue in {@code config} (topic, queue, stream, subject, consumer
   * group, collection, table, address) with {@code suffix} appended, so that the queues share no
   * messages, offsets or consumers. Must not contact the broker.
   *
   * @param config validated configuration of this backend
   * @param suffix what to append to each name, such as {@code "-2"}
   * @return the keys to set over {@code config}'s; an empty map when every {@link #open} already
   *     gives a queue of its own; empty when the backend cannot run several queues (the default),
   *     and the runner then refuses {@code --queues} above 1 before connecting
   */
  default Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    return Optional.empty();
  }

  /**
   * A broker the runner should start on this machine, when {@code config} names no broker address
   * and the backend can run one.
   *
   * @param config validated configuration of this backend
   * @return the broker to start, or empty when an address is configured or none can be run locally
   */
  default Optional<LocalBroker> localBroker(MqConfig config) {
    return Optional.empty();
  }

  /**
   * The broker node that leads the queue now, for a fault aimed at the leader ({@code --fault
   * kill-broker@10s:leader}): for a backend whose queue is split into partitions led by different
   * nodes, the node leading most of them. Asked at the fault's instant, while the run goes on.
   *
   * @param config validated configuration of this backend, pointing at the broker
   * @return the leader's client address as the broker advertises it ({@code 127.0.0.1:9092}), to be
   *     matched against {@link BrokerFaults#address}; empty when the backend has no notion of a
   *     leader (the default)
   * @throws MqException if the backend has leaders but the broker could not say which it is
   */
  default Optional<String> leaderAddress(MqConfig config) {
    return Optional.empty();
  }

  /**
   * Whether {@link #leaderAddress} can name a leader for this backend. Must not contact the broker.
   *
   * @return false by default
   */
  default boolean hasLeaders() {
    return false;
  }

  /**
   * Where this backend's broker is when the configuration names none; see {@link BrokerAddressing}
   * for the policy the runner applies.
   *
   * @return the address keys, compose file and install hint; empty for a backend without a broker
   *     (such as {@code memory})
   */
  default Optional<BrokerAddressing> brokerAddressing() {
    return Optional.empty();
  }

  /**
   * Where an acknowledged message is, under {@code config}, when its acknowledgement reaches the
   * sender: fsynced, in memory, or not stored, on which copies, and the settings that make it so.
   * The runner records it with every result. Must not contact the broker.
   *
   * @param config validated configuration of this backend
   * @return the durability of an acknowledged send; {@link Durability#UNDECLARED} by default
   */
  default Durability durability(MqConfig config) {
    return Durability.UNDECLARED;
  }

  /**
   * What the broker under {@code config} does now with an acknowledged message, read back from it
   * as far as it lets a client read it (its version, its sync setting, the queue's type, the client
   * settings actually in force), or what answered if it is a stand-in ({@link Durability#standIn}).
   * The runner asks once before the measured run and once after it: the result groups by the weaker
   * of {@link #durability} and what was found, and a change between the two readings is the run's
   * status. May contact the broker; must answer within seconds.
   *
   * @param config validated configuration of this backend, pointing at the broker
   * @return the durability found; empty where nothing can be read back (the default), and the
   *     result then says the durability is as configured, not read back
   * @throws MqException if the broker could not be asked
   */
  default Optional<Durability> durabilityFound(MqConfig config) {
    return Optional.empty();
  }

  /**
   * The keys that give this backend a durability level ({@code --durability}): the settings under
   * which {@link #durability} answers with that level. Keys the user gave explicitly must not
   * contradict them; the runner checks.
   *
   * @param level the level asked for
   * @return keys and values to set; empty when the defaults already give it
   * @throws ConfigException if this backend cannot give that level, saying why
   */
  default Map<String, String> durabilityKeys(Durability.Level level) {
    return DurabilityTable.of(name(), "it declares no levels").keys(level);
  }

  /**
   * Settings under which this backend, by design, may lose or drop acknowledged messages (a
   * producer that does not wait for the broker, offsets committed before messages are handled,
   * messages kept only in memory, a queue that drops or expires messages). Such settings are valid
   * and worth measuring, so they are accepted; the runner prints these warnings once before the
   * run, records them in its results, and says that a loss was expected when it reports one. Must
   * not contact the broker.
   *
   * @param config validated configuration of this backend
   * @return one line per unsafe setting, starting with {@code key=value:} and saying why loss is
   *     then expected; empty for safe settings, and by default
   */
  default List<String> warnings(MqConfig config) {
    return List.of();
  }

  /**
   * What the backend can carry under {@code config}: the largest message, the largest batch per
   * {@link MqSender#send}, how long a send may take when the broker stops answering, and the
   * granularity of {@link MqReceiver#receive}'s wait. The runner refuses a run exceeding them
   * before connecting; senders refuse an oversized batch before sending anything. Must not contact
   * the broker.
   *
   * @param config validated configuration of this backend
   * @return the limits; {@link MqLimits#UNLIMITED} by default
   */
  default MqLimits limits(MqConfig config) {
    return MqLimits.UNLIMITED;
  }

  /**
   * The price the service charges per request under {@code config}, for a backend that counts its
   * requests ({@link Mq#requests()}): the runner then reports an estimated cost per million
   * messages. The price is configuration (a public list price, a negotiated one), never looked up.
   * Must not contact the broker.
   *
   * @param config validated configuration of this backend
   * @return the price; empty for backends not billed per request, and by default
   */
  default Optional<RequestPrice> requestPrice(MqConfig config) {
    return Optional.empty();
  }

  /**
   * How long the broker may keep a message from every receiver after the receiver that held it lost
   * its connection or died: its lease (a visibility timeout, a share group's acquisition lock, a
   * consumer's session timeout, an ack wait). Until that much time has passed after an outage, a
   * message that did not arrive may still come back, so the runner does not call it lost before.
   *
   * @param config the validated configuration
   * @return the lease; zero by default, for brokers that hand a dead connection's messages out
   *     again at once
   */
  default java.time.Duration leaseAfterConnectionLoss(MqConfig config) {
    return java.time.Duration.ZERO;
  }
}
