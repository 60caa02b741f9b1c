package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The mqbench command line. {@code main} is the only place that exits the JVM; everything else
 * returns exit codes through {@link #run}.
 */
@Command(
    name = "mqbench",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Measures how fast persistent, replicated message queues move messages.",
    subcommands = {CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  private final Invocation invocation;

  private Main(Invocation invocation) {
    this.invocation = invocation;
  }

  /**
   * Runs the CLI and exits with its code.
   *
   * @param args command-line arguments
   */
  public static void main(String[] args) {
    Map<String, String> props = new TreeMap<>();
    System.getProperties().forEach((k, v) -> props.put(String.valueOf(k), String.valueOf(v)));
    int code =
        run(
            args,
            new Invocation(
                System.out, System.err, System.getenv(), props, System.console() != null));
    System.out.flush();
    System.exit(code);
  }

  /**
   * Runs the CLI.
   *
   * @param args command-line arguments; with none, {@code run} is assumed
   * @param invocation streams, environment and system properties to use
   * @return the exit code (see {@link ExitCodes})
   */
  public static int run(String[] args, Invocation invocation) {
    boolean verbose =
        Arrays.asList(args).contains("-v") || Arrays.asList(args).contains("--verbose");
    try {
      MqProviders providers = MqProviders.load();
      RunCommand runCommand = new RunCommand(invocation, providers);
      CommandLine cli =
          new CommandLine(new Main(invocation))
              .addSubcommand(new CommandLine(runCommand))
              .addSubcommand(new CommandLine(new QueuesCommand(invocation, providers)));
      cli.addSubcommand(new CommandLine(new DrainCommand(invocation, providers)));
      cli.setOut(new java.io.PrintWriter(invocation.out(), true));
      cli.setErr(new java.io.PrintWriter(invocation.err(), true));
      CommandLine run = cli.getSubcommands().get("run");
      Optional<ScenarioFile> scenario = scenario(args, invocation, run);
      Optional<Preset> preset = preset(args, invocation, scenario);
      run.setDefaultValueProvider(new LayeredDefaults(invocation, scenario, preset, Map.of()));
      String[] runArgs =
          args.length > 0 && args[0].equals("run")
              ? Arrays.copyOfRange(args, 1, args.length)
              : new String[0];
      runCommand.scenario(
          scenario, cell -> parseCell(runArgs, cell, invocation, providers, scenario, preset));
      cli.setParameterExceptionHandler(
          (ex, a) -> {
            invocation
                .err()
                .println(
                    "mqbench: "
                        + ex.getMessage()
                        + " (see mqbench "
                        + ex.getCommandLine().getCommandName()
                        + " --help)");
            return ExitCodes.USAGE;
          });
      cli.setExecutionExceptionHandler(
          (ex, c, parseResult) -> {
            report(ex, verbose, invocation.err());
            return ex instanceof ConfigException ? ExitCodes.USAGE : ExitCodes.FAILED;
          });
      String[] effective = args.length == 0 ? new String[] {"run"} : args;
      return cli.execute(effective);
    } catch (ConfigException e) {
      report(e, verbose, invocation.err());
      return ExitCodes.USAGE;
    } catch (RuntimeException e) {
      report(e, verbose, invocation.err());
      return ExitCodes.FAILED;
    }
  }

  /** The run command parsed again for one matrix cell, whose values sit above every default. */
  private static RunCommand parseCell(
      String[] runArgs,
      Map<String, String> cell,
      Invocation invocation,
      MqProviders providers,
      Optional<ScenarioFile> scenario,
      Optional<Preset> preset) {
    RunCommand command = new RunCommand(invocation, providers);
    CommandLine cli = new CommandLine(command);
    cli.setDefaultValueProvider(new LayeredDefaults(invocation, scenario, preset, cell));
    CommandLine.ParseResult parsed = cli.parseArgs(runArgs);
    for (OptionSpec option : cli.getCommandSpec().options()) {
      if (cell.containsKey(LayeredDefaults.camelName(option.longestName()))
          && parsed.hasMatchedOption(option)) {
        throw new ConfigException(
            option.longestName()
                + " is varied by the scenario's matrix; do not also give it on the command line");
      }
    }
    command.scenario(scenario, null);
    command.cell(cell);
    return command;
  }

  private static void report(Throwable e, boolean verbose, PrintStream err) {
    boolean known =
        e instanceof MqException
            || e instanceof ConfigException
            || e instanceof UncheckedIOException;
    String message =
        known ? Errors.oneLine(e) : e.getClass().getSimpleName() + ": " + Errors.oneLine(e);
    err.println("mqbench: " + message);
    if (verbose) {
      e.printStackTrace(err);
    } else if (!known) {
      err.println("mqbench: (run with --verbose for the stack trace)");
    }
  }

  /**
   * An option that supplies other options' defaults, so it is read before parsing: from the command
   * line, then {@code -D<name>}, then {@code MQBENCH_<NAME>}.
   */
  private static Optional<String> earlyOption(String[] args, Invocation invocation, String name) {
    String value = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--" + name) && i + 1 < args.length) {
        value = args[i + 1];
      } else if (args[i].startsWith("--" + name + "=")) {
        value = args[i].substring(name.length() + 3);
      }
    }
    if (value == null) {
      value = invocation.systemProperties().get(name);
    }
    if (value == null) {
      value = invocation.env().get("MQBENCH_" + name.toUpperCase(java.util.Locale.ROOT));
    }
    return Optional.ofNullable(value);
  }

  private static Optional<Preset> preset(
      String[] args, Invocation invocation, Optional<ScenarioFile> scenario) {
    return earlyOption(args, invocation, "preset")
        .or(() -> scenario.map(s -> s.options().get("preset")))
        .map(Preset::parse);
  }

  private static Optional<ScenarioFile> scenario(
      String[] args, Invocation invocation, CommandLine run) {
    String path = earlyOption(args, invocation, "scenario").orElse(null);
    if (path == null) {
      return Optional.empty();
    }
    Set<String> known =
        run.getCommandSpec().options().stream()
            .filter(o -> !o.typeInfo().isMap() && !o.longestName().equals("--scenario"))
            .filter(o -> !o.usageHelp() && !o.versionHelp())
            .map(OptionSpec::longestName)
            .map(LayeredDefaults::camelName)
            .collect(Collectors.toSet());
    return Optional.of(ScenarioFile.read(Path.of(path), known));
  }

  @Override
  public void run() {
    new CommandLine(this).usage(invocation.out());
  }

  /** Reads the version from the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"mqbench " + (v == null ? "dev" : v)};
    }
  }
}
