package io.mqbench.mq;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What a backend states about itself, as data: its name, description and keys, its {@code
 * --durability} levels and how it reads back its durability, its lease, the names of its queue, its
 * limits, where its broker is, what it starts locally and how a given address is parsed. A {@link
 * StatedProvider} answers the contract's questions about these from one instance, so that a
 * provider keeps only what it computes (its durability, warnings, how it opens a queue).
 *
 * <pre>{@code
 * static final BackendFacts FACTS =
 *     BackendFacts.of("redis", RedisSettings.KEYS, "Redis Streams (Lettuce): ...")
 *         .levelsByKey("redis.fsync", Map.of(FSYNC, "always", MEMORY, "everysec"), "...")
 *         .lease(RedisSettings.VISIBILITY_TIMEOUT)
 *         .queueName(RedisSettings.STREAM, RedisSettings.MAX_STREAM_LENGTH)
 *         .limitedBy(RedisSettings.MAX_MESSAGE_BYTES, config -> ...)
 *         .brokerAt(ADDRESSING, config -> RedisServer.installed().map(...))
 *         .parsedAs(RedisSettings::from, RedisSettings::address);
 * }</pre>
 *
 * <p>Immutable: every method returns a new instance and leaves this one unchanged.
 */
public final class BackendFacts implements Cloneable {
  private static final Consumer<MqConfig> NO_CHECK = config -> {};

  private String name;
  private String description;
  private List<ConfigKey<?>> keys;
  private List<String> passThroughPrefixes = List.of();
  private DurabilityTable levels;
  private ConfigKey<Duration> lease;
  private BrokerAddressing addressing;
  private Function<MqConfig, Optional<LocalBroker>> localBroker;
  private Function<MqConfig, String> shownAs;
  private BiFunction<MqConfig, Durability, Durability> found;
  private Consumer<MqConfig> check = NO_CHECK;
  private List<QueueName> queueNames = List.of();
  private ConfigKey<Integer> maxMessageBytes;
  private Function<MqConfig, Duration> sendTimeout;

  /** A name of the queue: a key, its current value, and the longest name the broker takes. */
  private record QueueName(ConfigKey<String> key, Function<MqConfig, String> current, int max) {}

  private BackendFacts() {}

  /**
   * The facts every backend states; it declares no {@code --durability} level, no lease and no
   * broker until told.
   *
   * @param name the backend's name ({@link MqProvider#name()})
   * @param keys its configuration keys ({@link MqProvider#configKeys()})
   * @param description one line for {@code --help} ({@link MqProvider#description()})
   * @return the facts
   */
  public static BackendFacts of(String name, List<ConfigKey<?>> keys, String description) {
    BackendFacts facts = new BackendFacts();
    facts.name = name;
    facts.description = description;
    facts.keys = List.copyOf(keys);
    facts.levels = DurabilityTable.of(name, "it declares no levels");
    return facts;
  }

  /** A shallow copy, changed: every field is immutable, so the two share them safely. */
  private BackendFacts copy(Consumer<BackendFacts> change) {
    BackendFacts copy;
    try {
      copy = (BackendFacts) clone();
    } catch (CloneNotSupportedException e) {
      throw new AssertionError(e);
    }
    change.accept(copy);
    return copy;
  }

  /**
   * @param prefixes the prefixes of native client properties ({@link
   *     MqProvider#passThroughPrefixes()}), each ending with a dot
   * @return these facts with those prefixes
   */
  public BackendFacts passThrough(String... prefixes) {
    List<String> all = List.of(prefixes);
    return copy(f -> f.passThroughPrefixes = all);
  }

  /**
   * @param table the keys of each {@code --durability} level the backend gives ({@link
   *     MqProvider#durabilityKeys})
   * @return these facts with those levels
   */
  public BackendFacts levels(DurabilityTable table) {
    return copy(f -> f.levels = table);
  }

  /**
   * The {@code --durability} levels of a backend where one key's value decides the level: {@link
   * #levels} with {@link DurabilityTable#withKey}.
   *
   * @param key the key that decides
   * @param values each level the backend can give, and the key's value that gives it
   * @param refusal why another level cannot be given (see {@link DurabilityTable#of})
   * @return these facts with those levels
   */
  public BackendFacts levelsByKey(
      String key, Map<Durability.Level, String> values, String refusal) {
    return levels(DurabilityTable.of(name, refusal).withKey(key, values));
  }

  /**
   * @param key the key whose duration is the lease a dead receiver's messages wait out ({@link
   *     MqProvider#leaseAfterConnectionLoss})
   * @return these facts with that lease
   */
  public BackendFacts lease(ConfigKey<Duration> key) {
    return copy(f -> f.lease = key);
  }

  /**
   * How the backend reads back what its broker does with an acknowledged message ({@link
   * MqProvider#durabilityFound}).
   *
   * @param reader from the configuration and the durability it declares ({@link
   *     MqProvider#durability}), the durability found; may contact the broker
   * @return these facts with that reader
   */
  public BackendFacts durabilityFoundBy(BiFunction<MqConfig, Durability, Durability> reader) {
    return copy(f -> f.found = reader);
  }

  /**
   * What the backend carries ({@link MqProvider#limits}), in the common case: the largest message
   * body a key gives, and a send timeout that follows from the configuration; no batch limit.
   *
   * @param maxMessageBytes the key giving the largest message body, in bytes
   * @param sendTimeout the longest a send may take when the broker stops answering
   * @return these facts with those limits
   */
  public BackendFacts limitedBy(
      ConfigKey<Integer> maxMessageBytes, Function<MqConfig, Duration> sendTimeout) {
    return copy(
        f -> {
          f.maxMessageBytes = maxMessageBytes;
          f.sendTimeout = sendTimeout;
        });
  }

  /**
   * A name that identifies the backend's queue (topic, queue, stream, subject, group, collection,
   * table, address), for {@link MqProvider#keysForQueue}: a run's queue {@code i} gets the key's
   * value with a suffix, cut to {@code maxLength} ({@link QueueNames#suffixed}). A backend states
   * each such name, in the order in which they are checked.
   *
   * @param key the key naming the queue
   * @param maxLength the longest name the broker takes
   * @return these facts with that name too
   */
  public BackendFacts queueName(ConfigKey<String> key, int maxLength) {
    return queueName(key, config -> config.get(key), maxLength);
  }

  /**
   * As {@link #queueName(ConfigKey, int)}, for a name whose current value follows from other keys
   * when the key is not given (a subject from the stream's name, say).
   *
   * @param key the key naming the queue
   * @param current the name in force under a configuration
   * @param maxLength the longest name the broker takes
   * @return these facts with that name too
   */
  public BackendFacts queueName(
      ConfigKey<String> key, Function<MqConfig, String> current, int maxLength) {
    List<QueueName> more = new ArrayList<>(queueNames);
    more.add(new QueueName(key, current, maxLength));
    List<QueueName> all = List.copyOf(more);
    return copy(f -> f.queueNames = all);
  }

  /**
   * The backend's broker: where it is when the configuration names none, and what to start on this
   * machine then (for {@code io.mqbench.broker.BrokerBackend}, whose two abstract methods {@link
   * StatedProvider} thereby implements).
   *
   * @param where the address keys, compose file and install hint
   * @param local the broker to start for a configuration without an address, or empty when none can
   *     run here; must not start anything
   * @return these facts with that broker
   */
  public BackendFacts brokerAt(
      BrokerAddressing where, Function<MqConfig, Optional<LocalBroker>> local) {
    return copy(
        f -> {
          f.addressing = where;
          f.localBroker = local;
        });
  }

  /**
   * A check {@link MqProvider#configure} runs on the validated configuration, after the checks
   * stated before it, so that a bad value fails before the run rather than when the first sender
   * connects. It must connect nothing.
   *
   * @param more throws {@link io.mqbench.config.ConfigException} (or whatever the parsing throws)
   * @return these facts with that check too
   */
  public BackendFacts checkedBy(Consumer<MqConfig> more) {
    Consumer<MqConfig> before = check;
    return copy(f -> f.check = before.andThen(more));
  }

  /**
   * As {@link #checkedBy}, run only when the configuration gives a broker address (any of the keys
   * of {@link #brokerAt}'s addressing): typically parsing the address, which is otherwise left to
   * the local broker.
   *
   * @param parse throws when the address or the settings read with it are malformed
   * @return these facts with that check too
   * @throws IllegalStateException if no broker was stated yet
   */
  public BackendFacts checkedWhenAddressed(Consumer<MqConfig> parse) {
    BrokerAddressing where = addressing;
    if (where == null) {
      throw new IllegalStateException(name + ": state brokerAt before checkedWhenAddressed");
    }
    return checkedBy(
        config -> {
          if (where.isGivenIn(config)) {
            parse.accept(config);
          }
        });
  }

  /**
   * The settings a configuration that names a broker parses to, for a backend that reads its
   * address from the whole configuration rather than from one key's value: {@link
   * MqProvider#configure} parses them when an address is given ({@link #checkedWhenAddressed}), so
   * that a malformed one fails before the run, and {@link MqProvider#target} shows their address,
   * else {@code "unset (<first key>)"} ({@link BrokerAddressing#targetFrom}).
   *
   * @param settings parses the configuration; connects nothing
   * @param address the parsed settings' address, without credentials
   * @param <S> the backend's settings
   * @return these facts with that parsing and address
   * @throws IllegalStateException if no broker was stated yet
   */
  public <S> BackendFacts parsedAs(Function<MqConfig, S> settings, Function<S, String> address) {
    Function<MqConfig, String> shown = settings.andThen(address);
    return checkedWhenAddressed(settings::apply).copy(f -> f.shownAs = shown);
  }

  String name() {
    return name;
  }

  String description() {
    return description;
  }

  List<ConfigKey<?>> keys() {
    return keys;
  }

  List<String> passThroughPrefixes() {
    return passThroughPrefixes;
  }

  DurabilityTable levels() {
    return levels;
  }

  Optional<ConfigKey<Duration>> lease() {
    return Optional.ofNullable(lease);
  }

  Optional<BrokerAddressing> addressing() {
    return Optional.ofNullable(addressing);
  }

  Optional<LocalBroker> localBroker(MqConfig config) {
    return localBroker == null ? Optional.empty() : localBroker.apply(config);
  }

  Optional<Function<MqConfig, String>> shownAs() {
    return Optional.ofNullable(shownAs);
  }

  Optional<BiFunction<MqConfig, Durability, Durability>> durabilityFound() {
    return Optional.ofNullable(found);
  }

  MqLimits limits(MqConfig config) {
    if (maxMessageBytes == null) {
      return MqLimits.UNLIMITED;
    }
    return MqLimits.UNLIMITED
        .withMaxMessageBytes(config, maxMessageBytes)
        .withSendTimeout(sendTimeout.apply(config));
  }

  void check(MqConfig config) {
    check.accept(config);
  }

  /**
   * @return the stated queue names with the suffix; empty when none was stated
   */
  Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    if (queueNames.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> keys = new LinkedHashMap<>();
    for (QueueName name : queueNames) {
      keys.put(
          name.key().name(), QueueNames.suffixed(name.current().apply(config), suffix, name.max()));
    }
    return Optional.of(Map.copyOf(keys));
  }
}
