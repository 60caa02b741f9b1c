package io.mqbench.runner.cli.setting;

import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Gives picocli an option's value when it is not on the command line, from {@link SettingSources}
 * (the matrix cell, -D, MQBENCH_, the scenario, the preset), so that {@code --help} shows the value
 * that results. Flags ({@code --dry-run}) are layered too: {@code -DdryRun} or {@code
 * -DdryRun=true} turns one on.
 */
public final class LayeredDefaults implements IDefaultValueProvider {
  private final SettingSources sources;

  /**
   * @param sources the sources below the command line
   */
  public LayeredDefaults(SettingSources sources) {
    this.sources = sources;
  }

  @Override
  public String defaultValue(ArgSpec arg) {
    if (!(arg instanceof OptionSpec option) || !layered(option)) {
      return null;
    }
    String value =
        sources
            .belowCommandLine(SettingSources.camelName(option.longestName()))
            .map(Setting::value)
            .orElse(null);
    if (value != null && option.typeInfo().isBoolean()) {
      // A flag: -DdryRun (Java makes it ""), -DdryRun=true, MQBENCH_DRY_RUN=false.
      return value.isEmpty() ? "true" : value;
    }
    return value;
  }

  /**
   * @param option one of a command's options
   * @return whether its value may come from below the command line: a named option, neither a map
   *     ({@code -p KEY=VALUE}) nor one that names the files the layers come from
   */
  public static boolean layered(OptionSpec option) {
    String name = option.longestName();
    return name.startsWith("--")
        && !option.typeInfo().isMap()
        && !name.equals("--scenario")
        && !name.equals("--preset");
  }
}
