package io.mqbench.mq;

import io.mqbench.config.MqConfig;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.function.Function;

/**
 * Where a backend's broker is when the user names none: the one policy every backend with a broker
 * follows (the runner applies it, see {@code io.mqbench.broker.BrokerResolution}):
 *
 * <ol>
 *   <li>an address given ({@link #keys()}) is used as given;
 *   <li>else, if the port the compose file publishes ({@link #composeProbe()}) answers on
 *       127.0.0.1, that broker is used ({@link #composeValue()}) and the runner says so;
 *   <li>else a local broker ({@link MqProvider#localBroker}) is started where the backend can run
 *       one, and the runner says so;
 *   <li>else the run fails at once, in one line naming the key, the compose file and {@link
 *       #install()}.
 * </ol>
 *
 * @param keys the configuration keys that name a broker; any of them given means "use it". The
 *     first is the one messages name
 * @param composeFile the compose file of the backend's cluster, such as {@code docker/kafka.yml}
 * @param composeProbe the {@code 127.0.0.1:port} that file publishes, checked with a TCP connect
 * @param composeValue the value of the first key that points at the compose cluster
 * @param install how to get a local broker, for the failure message ({@code apt-get install
 *     rabbitmq-server}); empty when the backend always can start one
 */
public record BrokerAddressing(
    List<String> keys,
    String composeFile,
    String composeProbe,
    String composeValue,
    String install) {

  /**
   * @throws IllegalArgumentException when no key is named
   */
  public BrokerAddressing {
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("a broker address needs a key");
    }
  }

  /**
   * @return the key messages name
   */
  public String key() {
    return keys.get(0);
  }

  /**
   * @param config a configuration of the backend
   * @return whether it names a broker: any of {@link #keys()} given
   */
  public boolean isGivenIn(MqConfig config) {
    return keys.stream().anyMatch(config::isGiven);
  }

  /**
   * What {@link MqProvider#target} shows for a backend whose address is the value of one key.
   *
   * @param config a configuration of the backend
   * @param shown how a given key's value reads, without credentials, from the key and the value
   * @return the first of {@link #keys()} given, as {@code shown} reads it; else {@code "unset
   *     (<keys>)"} naming every key
   */
  public String target(MqConfig config, BinaryOperator<String> shown) {
    for (String key : keys) {
      String value = config.given().get(key);
      if (value != null) {
        return shown.apply(key, value);
      }
    }
    return "unset (" + String.join(", ", keys) + ")";
  }

  /**
   * What {@link MqProvider#target} shows for a backend that reads its address from the whole
   * configuration (a URI with a port key beside it, say).
   *
   * @param config a configuration of the backend
   * @param address the address of a configuration that names a broker, without credentials
   * @return that address when {@link #isGivenIn} says a broker is named; else {@code "unset
   *     (<key>)"} naming {@link #key()}
   */
  public String targetFrom(MqConfig config, Function<MqConfig, String> address) {
    return isGivenIn(config) ? address.apply(config) : "unset (" + key() + ")";
  }
}
