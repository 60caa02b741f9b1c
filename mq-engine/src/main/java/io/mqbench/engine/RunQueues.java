package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The queues of a run ({@code --queues N}): the configured queue alone, or N queues named after it
 * with {@code -0} to {@code -N-1} appended, each a configuration of its own (see {@link
 * MqProvider#keysForQueue}).
 */
public final class RunQueues {
  private RunQueues() {}

  /**
   * @param provider the backend
   * @param config its configuration, naming the configured queue
   * @param queues how many queues the run has
   * @return one configuration per queue, in queue order; {@code config} itself for one queue
   * @throws ConfigException if {@code queues} is above 1 and the backend cannot run several
   */
  public static List<MqConfig> configs(MqProvider provider, MqConfig config, int queues) {
    if (queues == 1) {
      return List.of(config);
    }
    List<MqConfig> configs = new ArrayList<>();
    for (int i = 0; i < queues; i++) {
      Map<String, String> keys =
          provider
              .keysForQueue(config, "-" + i)
              .orElseThrow(
                  () ->
                      new ConfigException(
                          "--queues "
                              + queues
                              + ": "
                              + provider.name()
                              + " cannot run several queues; use 1"));
      MqConfig one = config;
      for (Map.Entry<String, String> k : keys.entrySet()) {
        one = one.with(k.getKey(), k.getValue());
      }
      configs.add(one);
    }
    return configs;
  }

  /**
   * Refuses, before connecting, what the backend cannot do with these settings: several queues
   * without {@link MqProvider#keysForQueue}, several subscriptions without publish/subscribe.
   *
   * @param provider the backend
   * @param config its configuration
   * @param settings the run's settings
   * @throws ConfigException in one line naming the option
   */
  public static void check(MqProvider provider, MqConfig config, RunSettings settings) {
    configs(provider, config, settings.queues());
    if (settings.subscriptions() > 1 && !provider.supportsSubscriptions(config)) {
      throw new ConfigException(
          "--subscriptions "
              + settings.subscriptions()
              + ": "
              + provider.name()
              + " has no publish/subscribe (each message goes to one receiver); use 1");
    }
  }
}
