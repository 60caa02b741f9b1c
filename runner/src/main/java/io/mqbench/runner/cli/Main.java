package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ChildJvm;
import io.mqbench.runner.cli.process.ClientLog;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.cli.setting.LayeredDefaults;
import io.mqbench.runner.cli.setting.Setting;
import io.mqbench.runner.cli.setting.SettingSources;
import io.mqbench.runner.cli.setting.StrictInputs;
import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The mqbench command line. {@code main} is the only place that exits the JVM; everything else
 * returns exit codes through {@link #run}.
 */
@Command(
    name = "mqbench",
    mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Measures how fast persistent, replicated message queues move messages.",
    footer = {
      "",
      "Start with `mqbench run --queue memory`; `mqbench run --help` lists every option,"
          + " `mqbench queues` every backend and its keys."
    },
    subcommands = {CommandLine.HelpCommand.class})
public final class Main implements Runnable {
  private static final String RUN = "run";
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
    if (args.length == 0 || !args[0].equals("worker")) {
      // Before anything logs. A worker keeps its clients' lines on its own stderr, its log.
      ClientLog.install(props);
      System.getProperties().forEach((k, v) -> props.put(String.valueOf(k), String.valueOf(v)));
    }
    Invocation invocation =
        new Invocation(System.out, System.err, System.getenv(), props, System.console() != null);
    StopSignals stop = StopSignals.install(System.err);
    ChildJvm.watchParent(props, stop, System.err);
    int code =
        run(
            args,
            invocation,
            MqProviders.load(),
            stop,
            Optional.of(ChildJvm.ofThisJvm(Main.class, args, invocation, stop)));
    System.out.flush();
    System.exit(code);
  }

  /**
   * Runs the CLI with the backends on the class path; signals are not handled.
   *
   * @param args command-line arguments; with none, the usage is printed
   * @param invocation streams, environment and system properties to use
   * @return the exit code (see {@link ExitCodes})
   */
  public static int run(String[] args, Invocation invocation) {
    return run(args, invocation, MqProviders.load(), StopSignals.manual(invocation.err()));
  }

  /**
   * Runs the CLI: options are read (flags, {@code -D}, environment, scenario, preset) and checked
   * strictly, the chosen command plans its work, and only then does anything connect.
   */
  static int run(String[] args, Invocation invocation, MqProviders providers, StopSignals stop) {
    return run(args, invocation, providers, stop, Optional.empty());
  }

  /**
   * As {@link #run(String[], Invocation, MqProviders, StopSignals)}, and a command that runs load
   * may run it in a JVM of its own, its heap chosen from the run (see {@link RunHeap}).
   *
   * @param child how this program starts again in another JVM; empty to keep everything in this one
   */
  static int run(
      String[] args,
      Invocation invocation,
      MqProviders providers,
      StopSignals stop,
      Optional<ChildJvm> child) {
    SettingSources sources =
        SettingSources.of(Arrays.asList(args), invocation.systemProperties(), invocation.env());
    boolean verbose = sources.verbose();
    try {
      String command = args.length > 0 ? args[0] : "";
      if (command.equals(RUN)) {
        sources = withFiles(sources, invocation, providers);
      }
      RunHeap heap =
          RunHeap.choose(
              command.equals(RUN) || command.equals("worker")
                  ? sources.early(RunHeap.OPTION).map(Setting::value)
                  : Optional.empty(),
              child,
              invocation.err());
      CommandLine cli = commandLine(args, invocation, providers, stop, sources, heap, verbose);
      if (args.length == 0) {
        cli.usage(invocation.out()); // a bare `java -jar mqbench.jar` starts nothing
        return ExitCodes.OK;
      }
      return cli.execute(args);
    } catch (ConfigException e) {
      report(e, verbose, invocation.err());
      return ExitCodes.USAGE;
    } catch (RuntimeException e) {
      report(e, verbose, invocation.err());
      return ExitCodes.FAILED;
    } catch (OutOfMemoryError e) {
      // The heap is bounded, by the runner (RunHeap) or by -Xmx: say how to raise it.
      invocation
          .err()
          .printf(
              Locale.ROOT,
              "mqbench: out of heap (%,d MiB): give more with --heap SIZE, or with java -Xmx%n",
              Runtime.getRuntime().maxMemory() >> 20);
      return ExitCodes.FAILED;
    }
  }

  /**
   * The sources of {@code run}'s settings once they are checked strictly and the scenario and the
   * preset named early are read.
   */
  private static SettingSources withFiles(
      SettingSources sources, Invocation invocation, MqProviders providers) {
    Set<String> runOptions = RunOptionNames.all();
    StrictInputs.check(
        invocation.env(), invocation.systemProperties(), runOptions, providers.names());
    Optional<ScenarioFile> scenario = scenario(sources, runOptions);
    Optional<Preset> preset =
        sources
            .early("preset")
            .map(Setting::value)
            .or(() -> scenario.map(s -> s.options().get("preset")))
            .map(Preset::parse);
    return sources.withFiles(scenario, preset);
  }

  /** The command line with the command it names, its streams and its error handlers. */
  private static CommandLine commandLine(
      String[] args,
      Invocation invocation,
      MqProviders providers,
      StopSignals stop,
      SettingSources sources,
      RunHeap heap,
      boolean verbose) {
    List<String> runArgs =
        args.length > 0 && args[0].equals(RUN)
            ? Arrays.asList(args).subList(1, args.length)
            : List.of();
    RunPlanner planner =
        new RunPlanner(invocation, providers, sources.scenario(), sources.preset(), runArgs, heap);
    CommandLine cli =
        withCommands(
            invocation, chosenCommands(args, commands(invocation, providers, stop, planner, heap)));
    cli.setOut(new PrintWriter(invocation.out(), true));
    cli.setErr(new PrintWriter(invocation.err(), true));
    CommandLine run = cli.getSubcommands().get(RUN);
    if (run != null) {
      run.setDefaultValueProvider(new LayeredDefaults(sources));
      RunHelpSections.install(run);
    }
    cli.setParameterExceptionHandler((ex, a) -> usageError(ex, invocation.err()));
    cli.setExecutionExceptionHandler(
        (ex, c, parseResult) -> {
          report(ex, verbose, invocation.err());
          return ex instanceof ConfigException ? ExitCodes.USAGE : ExitCodes.FAILED;
        });
    return cli;
  }

  /** Every command, built only when chosen. */
  private static Map<String, Supplier<Object>> commands(
      Invocation invocation,
      MqProviders providers,
      StopSignals stop,
      RunPlanner planner,
      RunHeap heap) {
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put(RUN, () -> new RunCommand(invocation, planner, stop));
    commands.put("queues", () -> new QueuesCommand(invocation, providers));
    commands.put("drain", () -> new DrainCommand(invocation, providers));
    commands.put("worker", () -> new WorkerCommand(invocation, providers, stop, heap));
    commands.put("jmh", () -> new JmhCommand(invocation));
    commands.put("report", () -> new ReportCommand(invocation));
    commands.put("compare", () -> new CompareCommand(invocation));
    commands.put("history", () -> HistoryCommand.withSubcommands(invocation));
    commands.put(
        "suite",
        () ->
            new SuiteCommand(
                invocation,
                providers,
                args ->
                    run(
                        args,
                        invocation,
                        providers,
                        stop,
                        heap.child()
                            .map(c -> ChildJvm.ofThisJvm(Main.class, args, invocation, stop)))));
    commands.put(
        OptionReference.NAME, () -> new OptionReference(invocation, () -> declared(providers)));
    return commands;
  }

  private static CommandLine withCommands(
      Invocation invocation, Map<String, Supplier<Object>> commands) {
    CommandLine cli = new CommandLine(new Main(invocation));
    commands.forEach(
        (name, command) -> {
          Object c = command.get();
          cli.addSubcommand(name, c instanceof CommandLine built ? built : new CommandLine(c));
        });
    return cli;
  }

  /**
   * Every command as the code declares it: no value given by -D, the environment or a scenario,
   * nothing printed. What {@link OptionReference} writes the reference from.
   */
  static CommandLine declared(MqProviders providers) {
    PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
    Invocation quiet = new Invocation(nowhere, nowhere, Map.of(), Map.of(), false);
    RunHeap heap = RunHeap.thisJvm();
    RunPlanner planner =
        new RunPlanner(quiet, providers, Optional.empty(), Optional.empty(), List.of(), heap);
    return withCommands(
        quiet, commands(quiet, providers, StopSignals.manual(nowhere), planner, heap));
  }

  /** Bad input found by the parser: one line, with what was probably meant. */
  private static int usageError(CommandLine.ParameterException ex, PrintStream err) {
    err.println(
        "mqbench: "
            + ex.getMessage()
            + suggestions(ex)
            + " (see mqbench "
            + (ex.getCommandLine().getParent() == null
                ? ""
                : ex.getCommandLine().getCommandName() + " ")
            + "--help)");
    return ExitCodes.USAGE;
  }

  /**
   * The subcommands to build: only the one named first on the command line, or every one when none
   * is named (usage, {@code --help}, {@code help}, a mistyped name, which picocli answers with the
   * names it knows). Each command's model is built by reflection over its options, and some load
   * libraries as they start (a JSON mapper): a run should not pay for the others.
   */
  static <T> Map<String, T> chosenCommands(String[] args, Map<String, T> commands) {
    if (args.length > 0 && commands.containsKey(args[0])) {
      return Map.of(args[0], commands.get(args[0]));
    }
    return commands;
  }

  /** A mistyped command or option: the names picocli finds closest, as it would print them. */
  private static String suggestions(CommandLine.ParameterException ex) {
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
      return "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
    }
    return "";
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

  private static Optional<ScenarioFile> scenario(SettingSources sources, Set<String> runOptions) {
    String path = sources.early("scenario").map(Setting::value).orElse(null);
    if (path == null) {
      return Optional.empty();
    }
    Set<String> known = new TreeSet<>(runOptions);
    // The heap is the JVM's, chosen before the scenario is read, and one for all its cells.
    known.removeAll(Set.of("scenario", "help", "version", RunHeap.OPTION));
    return Optional.of(ScenarioFile.read(Path.of(path), known));
  }

  @Override
  public void run() {
    new CommandLine(this).usage(invocation.out());
  }
}
