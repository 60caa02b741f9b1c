package io.mqbench.runner.cli.setting;

import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one place that decides where a setting comes from. Sources are consulted in their documented
 * order, the first with a value winning (see {@link Source}): the command line, the matrix cell
 * being run, a system property named like the option in camelCase ({@code -DreceiverIdle=5s} for
 * {@code --receiver-idle}), an environment variable ({@code MQBENCH_RECEIVER_IDLE}), the scenario
 * file, the {@code --preset}, then the built-in default.
 *
 * <p>The command line itself is parsed by picocli; this type reads it only for the few options read
 * before parsing, because they shape the others ({@link EarlyOptions}).
 */
public final class SettingSources {
  private final EarlyOptions commandLine;
  private final Map<String, String> systemProperties;
  private final Map<String, String> environment;
  private final Optional<ScenarioFile> scenario;
  private final Optional<Preset> preset;
  private final Map<String, String> cell;

  private SettingSources(
      EarlyOptions commandLine,
      Map<String, String> systemProperties,
      Map<String, String> environment,
      Optional<ScenarioFile> scenario,
      Optional<Preset> preset,
      Map<String, String> cell) {
    this.commandLine = commandLine;
    this.systemProperties = Map.copyOf(systemProperties);
    this.environment = Map.copyOf(environment);
    this.scenario = scenario;
    this.preset = preset;
    this.cell = Map.copyOf(cell);
  }

  /**
   * The sources of a process, before any scenario or preset is read.
   *
   * @param args the command line, the command's name included
   * @param systemProperties the JVM's system properties
   * @param environment the environment variables
   * @return the sources
   */
  public static SettingSources of(
      List<String> args, Map<String, String> systemProperties, Map<String, String> environment) {
    return new SettingSources(
        EarlyOptions.parse(args),
        systemProperties,
        environment,
        Optional.empty(),
        Optional.empty(),
        Map.of());
  }

  /**
   * @param scenario the scenario file, if one was given
   * @param preset the preset, if one was given
   * @return these sources with the scenario's and the preset's values below the environment
   */
  public SettingSources withFiles(Optional<ScenarioFile> scenario, Optional<Preset> preset) {
    return new SettingSources(commandLine, systemProperties, environment, scenario, preset, cell);
  }

  /**
   * @param cell a matrix cell's values by camelCase name
   * @return these sources with the cell's values just below the command line
   */
  public SettingSources inCell(Map<String, String> cell) {
    return new SettingSources(commandLine, systemProperties, environment, scenario, preset, cell);
  }

  /**
   * @return the scenario file, if one was given
   */
  public Optional<ScenarioFile> scenario() {
    return scenario;
  }

  /**
   * @return the preset, if one was given
   */
  public Optional<Preset> preset() {
    return preset;
  }

  /**
   * @return whether {@code -v} or {@code --verbose} was given, or {@code -Dverbose} or {@code
   *     MQBENCH_VERBOSE} turn it on: known before parsing, for errors found before it
   */
  public boolean verbose() {
    return commandLine.verbose()
        || fromProcess("verbose").map(s -> isTrue(s.value())).orElse(false);
  }

  /**
   * An option that shapes the others ({@code --scenario}, {@code --preset}, {@code --heap}), read
   * before parsing: from the command line, then {@code -D}, then {@code MQBENCH_}.
   *
   * @param name the option's name ({@code heap})
   * @return its value and source, if any gives one
   */
  public Optional<Setting> early(String name) {
    return commandLine
        .value(name)
        .map(v -> new Setting(name, v, Source.COMMAND_LINE, "--" + kebabName(name)))
        .or(() -> fromProcess(name));
  }

  /**
   * The value an option has when it is not on the command line: from the matrix cell, {@code -D},
   * {@code MQBENCH_}, the scenario, then the preset.
   *
   * @param name the option's camelCase name ({@code receiverIdle})
   * @return its value and source; empty when the built-in default applies
   */
  public Optional<Setting> belowCommandLine(String name) {
    return Optional.ofNullable(cell.get(name))
        .map(v -> new Setting(name, v, Source.MATRIX_CELL, "matrix"))
        .or(() -> fromProcess(name))
        .or(
            () ->
                scenario
                    .map(s -> s.options().get(name))
                    .map(v -> new Setting(name, v, Source.SCENARIO, "scenario")))
        .or(
            () ->
                preset
                    .map(p -> p.options().get(name))
                    .map(v -> new Setting(name, v, Source.PRESET, "preset")));
  }

  /**
   * @param name the option's camelCase name ({@code receiverIdle})
   * @return its value from the process's own settings: {@code -D}, then {@code MQBENCH_}
   */
  public Optional<Setting> fromProcess(String name) {
    String property = systemProperties.get(name);
    if (property != null) {
      return Optional.of(new Setting(name, property, Source.SYSTEM_PROPERTY, "-D" + name));
    }
    String variable = envName(name);
    return Optional.ofNullable(environment.get(variable))
        .map(v -> new Setting(name, v, Source.ENVIRONMENT, variable));
  }

  /**
   * @param value a flag's value as given by -D or MQBENCH_
   * @return whether it turns the flag on: {@code -DdryRun} (empty, as Java sets it) or {@code
   *     -DdryRun=true}
   */
  public static boolean isTrue(String value) {
    return value != null && (value.isEmpty() || value.equalsIgnoreCase("true"));
  }

  /**
   * @param longName such as {@code --receiver-idle}
   * @return such as {@code receiverIdle}
   */
  public static String camelName(String longName) {
    String[] parts = longName.replaceFirst("^--", "").split("-");
    StringBuilder b = new StringBuilder(parts[0]);
    for (int i = 1; i < parts.length; i++) {
      b.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
    }
    return b.toString();
  }

  /**
   * @param name such as {@code receiverIdle} or {@code --receiver-idle}
   * @return such as {@code MQBENCH_RECEIVER_IDLE}
   */
  public static String envName(String name) {
    String kebab = name.startsWith("--") ? name.substring(2) : kebabName(name);
    return "MQBENCH_" + kebab.replace('-', '_').toUpperCase(Locale.ROOT);
  }

  /**
   * @param camelName such as {@code receiverIdle}
   * @return such as {@code receiver-idle}
   */
  public static String kebabName(String camelName) {
    return camelName.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
  }
}
