package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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
    boolean verbose =
        Arrays.asList(args).contains("-v")
            || Arrays.asList(args).contains("--verbose")
            || isTrue(invocation.systemProperties().get("verbose"));
    try {
      boolean isRun = args.length > 0 && args[0].equals(RUN);
      String[] runArgs = isRun ? Arrays.copyOfRange(args, 1, args.length) : new String[0];
      Set<String> runOptions = runOptionNames();
      if (isRun) {
        StrictInputs.check(invocation, runOptions, providers.names());
      }
      Optional<ScenarioFile> scenario =
          isRun ? scenario(runArgs, invocation, runOptions) : Optional.empty();
      Optional<Preset> preset = isRun ? preset(runArgs, invocation, scenario) : Optional.empty();
      boolean isWorker = args.length > 0 && args[0].equals("worker");
      RunHeap heap =
          RunHeap.choose(
              isRun || isWorker
                  ? earlyOption(
                      Arrays.copyOfRange(args, 1, args.length), invocation, RunHeap.OPTION)
                  : Optional.empty(),
              child,
              invocation.err());
      RunPlanner planner =
          new RunPlanner(invocation, providers, scenario, preset, Arrays.asList(runArgs), heap);
      Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
      commands.put(RUN, () -> new RunCommand(invocation, planner, stop));
      commands.put("queues", () -> new QueuesCommand(invocation, providers));
      commands.put("drain", () -> new DrainCommand(invocation, providers));
      commands.put("worker", () -> new WorkerCommand(invocation, providers, stop, heap));
      commands.put("jmh", () -> new JmhCommand(invocation));
      commands.put("report", () -> new ReportCommand(invocation));
      commands.put("compare", () -> new CompareCommand(invocation));
      CommandLine cli = new CommandLine(new Main(invocation));
      for (Map.Entry<String, Supplier<Object>> c : chosenCommands(args, commands).entrySet()) {
        cli.addSubcommand(c.getKey(), new CommandLine(c.getValue().get()));
      }
      cli.setOut(new PrintWriter(invocation.out(), true));
      cli.setErr(new PrintWriter(invocation.err(), true));
      CommandLine run = cli.getSubcommands().get(RUN);
      if (run != null) {
        run.setDefaultValueProvider(new LayeredDefaults(invocation, scenario, preset, Map.of()));
        RunOptions.showGivenValues(run);
      }
      cli.setParameterExceptionHandler(
          (ex, a) -> {
            invocation
                .err()
                .println(
                    "mqbench: "
                        + ex.getMessage()
                        + suggestions(ex)
                        + " (see mqbench "
                        + (ex.getCommandLine().getParent() == null
                            ? ""
                            : ex.getCommandLine().getCommandName() + " ")
                        + "--help)");
            return ExitCodes.USAGE;
          });
      cli.setExecutionExceptionHandler(
          (ex, c, parseResult) -> {
            report(ex, verbose, invocation.err());
            return ex instanceof ConfigException ? ExitCodes.USAGE : ExitCodes.FAILED;
          });
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

  /**
   * The camelCase names of {@code run}'s options that a scenario, -D or MQBENCH_ may set, and
   * {@code heap}, which -D and MQBENCH_ may set. Read from the option fields' annotations, not from
   * a second picocli model of {@code run} built at every start only for these names (picocli builds
   * {@code run}'s own model for parsing).
   */
  static Set<String> runOptionNames() {
    Set<String> names = new TreeSet<>();
    for (Field f : RunOptions.class.getDeclaredFields()) {
      Option option = f.getAnnotation(Option.class);
      if (option != null && !Map.class.isAssignableFrom(f.getType())) {
        names.add(LayeredDefaults.camelName(longest(option.names())));
      }
    }
    names.add(RunHeap.OPTION);
    return names;
  }

  private static String longest(String[] names) {
    String longest = names[0];
    for (String n : names) {
      if (n.length() > longest.length()) {
        longest = n;
      }
    }
    return longest;
  }

  /** A -D given as a flag: {@code -DdryRun} (empty, as Java sets it) or {@code -DdryRun=true}. */
  static boolean isTrue(String value) {
    return value != null && (value.isEmpty() || value.equalsIgnoreCase("true"));
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
      value = invocation.env().get("MQBENCH_" + name.toUpperCase(Locale.ROOT));
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
      String[] args, Invocation invocation, Set<String> runOptions) {
    String path = earlyOption(args, invocation, "scenario").orElse(null);
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
