package io.mqbench.runner.cli;

import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Where an option's value comes from when it is not on the command line, first match wins: the
 * matrix cell being run, a system property named like the option in camelCase ({@code
 * -DreceiverIdle=5s} for {@code --receiver-idle}), an environment variable ({@code
 * MQBENCH_RECEIVER_IDLE}), the scenario file ({@code receiverIdle: 5s}), the {@code --preset}, then
 * the built-in default. {@code --help} shows the value that results. Flags ({@code --dry-run}) are
 * layered too: {@code -DdryRun} or {@code -DdryRun=true} turns one on.
 */
final class LayeredDefaults implements IDefaultValueProvider {
  private final Invocation invocation;
  private final Optional<ScenarioFile> scenario;
  private final Optional<Preset> preset;
  private final Map<String, String> cell;

  LayeredDefaults(
      Invocation invocation,
      Optional<ScenarioFile> scenario,
      Optional<Preset> preset,
      Map<String, String> cell) {
    this.invocation = invocation;
    this.scenario = scenario;
    this.preset = preset;
    this.cell = cell;
  }

  @Override
  public String defaultValue(ArgSpec arg) {
    if (!(arg instanceof OptionSpec option) || !option.longestName().startsWith("--")) {
      return null;
    }
    if (option.typeInfo().isMap() || !layered(option)) {
      return null;
    }
    String name = camelName(option.longestName());
    String value = cell.get(name);
    if (value == null) {
      value = invocation.systemProperties().get(name);
    }
    if (value == null) {
      value = invocation.env().get(envName(option.longestName()));
    }
    if (value == null && scenario.isPresent()) {
      value = scenario.get().options().get(name);
    }
    if (value == null && preset.isPresent()) {
      value = preset.get().options().get(name);
    }
    if (value != null && option.typeInfo().isBoolean()) {
      // A flag: -DdryRun (Java makes it ""), -DdryRun=true, MQBENCH_DRY_RUN=false.
      return value.isEmpty() ? "true" : value;
    }
    return value;
  }

  private static boolean layered(OptionSpec option) {
    return !option.longestName().equals("--scenario") && !option.longestName().equals("--preset");
  }

  /**
   * @param longName such as {@code --receiver-idle}
   * @return such as {@code receiverIdle}
   */
  static String camelName(String longName) {
    String[] parts = longName.replaceFirst("^--", "").split("-");
    StringBuilder b = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
    }
    return b.toString();
  }

  /**
   * @param longName such as {@code --receiver-idle}
   * @return such as {@code MQBENCH_RECEIVER_IDLE}
   */
  static String envName(String longName) {
    return "MQBENCH_" + longName.replaceFirst("^--", "").replace('-', '_').toUpperCase(Locale.ROOT);
  }
}
