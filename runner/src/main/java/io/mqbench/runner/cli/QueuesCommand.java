package io.mqbench.runner.cli;

import io.mqbench.config.ConfigKey;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code mqbench queues}: the backends on the class path and their keys. */
@Command(
    name = "queues",
    mixinStandardHelpOptions = true,
    description = "Lists the backends and their configuration keys with defaults.")
final class QueuesCommand implements Callable<Integer> {
  private final Invocation invocation;
  private final MqProviders providers;

  QueuesCommand(Invocation invocation, MqProviders providers) {
    this.invocation = invocation;
    this.providers = providers;
  }

  @Override
  public Integer call() {
    for (MqProvider p : providers.all()) {
      invocation.out().printf("%n%s: %s%n", p.name(), p.description());
      for (ConfigKey<?> key : p.configKeys()) {
        String unit = key.unit().isEmpty() ? "" : " " + key.unit();
        String value = key.defaultValue().map(v -> format(key, v) + unit).orElse("(unset)");
        invocation.out().printf("  %s = %s%n", key.name(), value);
        invocation.out().printf("      %s; %s%n", key.description(), key.expected());
      }
      for (String prefix : p.passThroughPrefixes()) {
        invocation.out().printf("  %s*%n      passed to the native client unchanged%n", prefix);
      }
    }
    return ExitCodes.OK;
  }

  @SuppressWarnings("unchecked")
  private static <T> String format(ConfigKey<T> key, Object value) {
    return key.redact(key.format((T) value));
  }
}
