package io.mqbench.runner.session;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.RunConfig;

/**
 * Refuses, before anything connects, a run whose messages or batches exceed what the backend
 * declares it can carry under its configuration ({@link MqProvider#limits}).
 */
public final class RunLimits {
  private RunLimits() {}

  /**
   * @param provider the backend
   * @param backend its validated configuration
   * @param run the run's settings (message size, largest batch)
   * @throws ConfigException in one line naming the option and the limit with its key (exit code 2)
   */
  public static void check(MqProvider provider, MqConfig backend, RunConfig run) {
    MqLimits limits = provider.limits(backend);
    limits
        .refusal(provider.name(), run.run().maxMessageBytes(), run.run().maxBatch())
        .ifPresent(
            why -> {
              String option =
                  run.run().maxMessageBytes() > limits.maxMessageBytes()
                      ? "--size " + run.run().maxMessageBytes()
                      : "--batch " + run.run().maxBatch();
              throw new ConfigException(option + ": " + why);
            });
  }
}
