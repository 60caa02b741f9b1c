package io.mqbench.runner.cli.setting;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options read before the command line is parsed for its command, parsed as options (not found
 * by scanning the words): {@code --scenario}, {@code --preset} and {@code --heap} supply other
 * options' defaults, and {@code -v} says how to report an error found before parsing. Every other
 * word is left to the command's own parse, which also reports what is wrong with these.
 */
final class EarlyOptions {
  /** The early options that take a value, by name. */
  static final List<String> VALUED = List.of("scenario", "preset", "heap");

  private final Map<String, String> values;
  private final boolean verbose;

  private EarlyOptions(Map<String, String> values, boolean verbose) {
    this.values = values;
    this.verbose = verbose;
  }

  static EarlyOptions parse(List<String> args) {
    CommandSpec spec = CommandSpec.create();
    for (String name : VALUED) {
      spec.addOption(OptionSpec.builder("--" + name).arity("1").type(String.class).build());
    }
    spec.addOption(OptionSpec.builder("-v", "--verbose").arity("0").type(boolean.class).build());
    spec.parser().unmatchedArgumentsAllowed(true).overwrittenOptionsAllowed(true);
    spec.parser().collectErrors(true).expandAtFiles(false);
    ParseResult parsed = new CommandLine(spec).parseArgs(args.toArray(String[]::new));
    Map<String, String> values = new TreeMap<>();
    for (String name : VALUED) {
      OptionSpec option = parsed.matchedOption("--" + name);
      if (option != null && !option.stringValues().isEmpty()) {
        // The last one given wins, as in the command's own parse.
        values.put(name, option.stringValues().get(option.stringValues().size() - 1));
      }
    }
    return new EarlyOptions(values, parsed.hasMatchedOption("-v"));
  }

  Optional<String> value(String name) {
    return Optional.ofNullable(values.get(name));
  }

  boolean verbose() {
    return verbose;
  }
}
