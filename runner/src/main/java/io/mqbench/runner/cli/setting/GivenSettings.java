package io.mqbench.runner.cli.setting;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * A parsed command's options and where each value came from: the command line as picocli parsed it,
 * then the layers of {@link SettingSources}; an option none of them gives has its default.
 */
public final class GivenSettings {
  private final CommandSpec command;
  private final SettingSources sources;

  /**
   * @param command the command, parsed
   * @param sources the sources below its command line
   */
  public GivenSettings(CommandSpec command, SettingSources sources) {
    this.command = command;
    this.sources = sources;
  }

  /**
   * @param longName an option's long name ({@code --receiver-idle})
   * @return whether the option was given rather than left at its default: on the command line, or
   *     by -D, MQBENCH_, the scenario or the preset
   */
  public boolean given(String longName) {
    OptionSpec option = command.findOption(longName);
    return option != null && of(option, sources).isPresent();
  }

  /**
   * @param cell the matrix cell a run is of; empty outside a matrix
   * @return the options given in that run, in the command's order, with their source
   */
  public List<Setting> inCell(Map<String, String> cell) {
    SettingSources inCell = sources.inCell(cell);
    List<Setting> given = new ArrayList<>();
    for (OptionSpec option : command.options()) {
      of(option, inCell).ifPresent(given::add);
    }
    return given;
  }

  /**
   * @param settings as {@link #inCell} lists them
   * @return one line of {@code --dry-run}: each option and where it came from ({@code from: --queue
   *     (command line), --receiver-idle (-DreceiverIdle); others by default}); their values are in
   *     the plan's lines above it, where secrets are masked
   */
  public static String describe(List<Setting> settings) {
    if (settings.isEmpty()) {
      return "from: defaults";
    }
    return settings.stream()
            .map(s -> "--" + SettingSources.kebabName(s.name()) + " (" + s.origin() + ")")
            .collect(Collectors.joining(", ", "from: ", ""))
        + "; others by default";
  }

  private Optional<Setting> of(OptionSpec option, SettingSources layers) {
    ParseResult parsed = command.commandLine().getParseResult();
    String name = SettingSources.camelName(option.longestName());
    if (parsed != null && parsed.hasMatchedOption(option)) {
      return Optional.of(
          new Setting(
              name,
              String.join(",", parsed.matchedOption(option.longestName()).stringValues()),
              Source.COMMAND_LINE,
              "command line"));
    }
    return LayeredDefaults.layered(option) ? layers.belowCommandLine(name) : Optional.empty();
  }
}
