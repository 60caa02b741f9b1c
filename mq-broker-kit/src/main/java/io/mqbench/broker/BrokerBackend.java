package io.mqbench.broker;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqProvider;
import java.util.Optional;

/**
 * A backend with a broker: the provider methods that follow from its {@link BrokerAddressing},
 * written once. A backend declares where its broker is ({@link #addressing()}) and what it starts
 * when no address is given ({@link #newLocalBroker}); {@link #brokerAddressing()}, {@link
 * #localBroker} and {@link #target} follow:
 *
 * <pre>{@code
 * public Optional<LocalBroker> newLocalBroker(MqConfig config) {
 *   return Optional.of(new JavaLocalBroker(LOCAL_BROKER)); // its LocalBrokerDescriptor
 * }
 * }</pre>
 */
public interface BrokerBackend extends MqProvider {

  /**
   * Where the broker is when the configuration names none.
   *
   * @return the address keys, compose file and install hint
   */
  BrokerAddressing addressing();

  /**
   * The broker to start on this machine, for a configuration that names none (only then is this
   * called). Must not start anything.
   *
   * @param config validated configuration of this backend, without a broker address
   * @return the broker, or empty when none can run here
   */
  Optional<LocalBroker> newLocalBroker(MqConfig config);

  /**
   * How a given address reads in messages and results: without credentials, with its port.
   *
   * @param key one of {@link BrokerAddressing#keys()}, given
   * @param value its value
   * @return what {@link #target} shows; the value itself by default
   */
  default String address(String key, String value) {
    return value;
  }

  /**
   * @return {@link #addressing()}
   */
  @Override
  default Optional<BrokerAddressing> brokerAddressing() {
    return Optional.of(addressing());
  }

  /**
   * @return empty when {@code config} gives an address, else {@link #newLocalBroker}
   */
  @Override
  default Optional<LocalBroker> localBroker(MqConfig config) {
    return addressing().isGivenIn(config) ? Optional.empty() : newLocalBroker(config);
  }

  /**
   * @return the first address key given, as {@link #address} shows it; else {@code "unset (keys)"}
   */
  @Override
  default String target(MqConfig config) {
    for (String key : addressing().keys()) {
      String value = config.given().get(key);
      if (value != null) {
        return address(key, value);
      }
    }
    return "unset (" + String.join(", ", addressing().keys()) + ")";
  }
}
