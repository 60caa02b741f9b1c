package io.mqbench.mq;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A provider whose backend states its facts once ({@link BackendFacts}) and lets the contract
 * answer from them: its name, description, keys and pass-through prefixes; {@link #configure} with
 * the stated checks; {@link #durabilityKeys} from its levels; {@link #durabilityFound} with its
 * reader; {@link #keysForQueue} from its queue names; {@link #limits} from its message key and send
 * timeout; {@link #leaseAfterConnectionLoss} from its lease key; {@link #target} from its address;
 * and, for a backend with a broker, {@link #addressing()} and {@link #newLocalBroker}, which
 * implement {@code io.mqbench.broker.BrokerBackend}'s two abstract methods for a subclass that also
 * implements that interface. A subclass overrides what it computes (its durability, warnings, how
 * it opens a queue) and anything it answers otherwise:
 *
 * <pre>{@code
 * public final class RedisMqProvider extends StatedProvider
 *     implements BrokerBackend, PublishSubscribe {
 *   public RedisMqProvider() {
 *     super(FACTS); // its BackendFacts
 *   }
 *   // durability, warnings, open(config, subscriptions): what the backend computes
 * }
 * }</pre>
 *
 * <p>Stateless and thread-safe, as {@link MqProvider} asks, when its facts' functions are.
 */
public abstract class StatedProvider implements MqProvider {
  private final BackendFacts facts;

  /**
   * @param facts what the backend states
   */
  protected StatedProvider(BackendFacts facts) {
    this.facts = Objects.requireNonNull(facts, "facts");
  }

  @Override
  public final String name() {
    return facts.name();
  }

  @Override
  public final String description() {
    return facts.description();
  }

  @Override
  public final List<ConfigKey<?>> configKeys() {
    return facts.keys();
  }

  @Override
  public final List<String> passThroughPrefixes() {
    return facts.passThroughPrefixes();
  }

  /** Validates the keys, then runs the stated checks in order. */
  @Override
  public MqConfig configure(Map<String, String> raw) {
    MqConfig config = MqProvider.super.configure(raw);
    facts.check(config);
    return config;
  }

  @Override
  public final Map<String, String> durabilityKeys(Durability.Level level) {
    return facts.levels().keys(level);
  }

  /**
   * @return each stated queue name with the suffix; empty (no several queues) when none was stated
   */
  @Override
  public Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    return facts.keysForQueue(config, suffix);
  }

  /**
   * @return the {@linkplain BackendFacts#limitedBy stated} message limit and send timeout; {@link
   *     MqLimits#UNLIMITED} when none were stated
   */
  @Override
  public MqLimits limits(MqConfig config) {
    return facts.limits(config);
  }

  /**
   * @return the stated lease key's value; zero when none was stated
   */
  @Override
  public final Duration leaseAfterConnectionLoss(MqConfig config) {
    return facts.lease().map(config::get).orElse(Duration.ZERO);
  }

  /**
   * @return the stated reader's answer, given {@link #durability}; empty when none was stated
   */
  @Override
  public Optional<Durability> durabilityFound(MqConfig config) {
    return facts.durabilityFound().map(found -> found.apply(config, durability(config)));
  }

  /**
   * @return the address as {@linkplain BackendFacts#parsedAs parsed}; else the first address key
   *     given, as {@link #address} shows it; else {@code "unset (<keys>)"}
   * @throws IllegalStateException if the backend stated no broker
   */
  @Override
  public String target(MqConfig config) {
    BrokerAddressing where = addressing();
    return facts
        .shownAs()
        .map(address -> where.targetFrom(config, address))
        .orElseGet(() -> where.target(config, this::address));
  }

  /**
   * How a given address reads in messages and results: without credentials, with its port.
   *
   * @param key one of {@link BrokerAddressing#keys()}, given
   * @param value its value
   * @return what {@link #target} shows; the value itself by default
   */
  public String address(String key, String value) {
    return value;
  }

  /**
   * Where the broker is when the configuration names none.
   *
   * @return the stated addressing
   * @throws IllegalStateException if the backend stated no broker
   */
  public final BrokerAddressing addressing() {
    return facts
        .addressing()
        .orElseThrow(() -> new IllegalStateException(name() + " stated no broker"));
  }

  /**
   * The broker to start on this machine for a configuration that names none; starts nothing.
   *
   * @param config validated configuration of this backend, without a broker address
   * @return the stated local broker; empty when none can run here or none was stated
   */
  public final Optional<LocalBroker> newLocalBroker(MqConfig config) {
    return facts.localBroker(config);
  }
}
