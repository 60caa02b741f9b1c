package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.mqbench.config.ConfigException;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.setting.Setting;
import io.mqbench.runner.cli.setting.SettingSources;
import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.config.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mqbench suite [NAME]}: runs a shipped suite, the same workloads on every queue chosen, as
 * one matrix whose folder and results carry the suite's name.
 *
 * <p>The suite runs through {@code mqbench run --scenario}: it is written, with the queues chosen
 * as its queue axis, to a temporary file that {@code run} reads as it reads any scenario. A file
 * rather than a scenario held in memory, because {@code run} may start the load in a JVM of its own
 * ({@link RunHeap}), which gets the scenario from its command line; and so every check, plan and
 * output of {@code run} is the suite's too.
 */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a standard benchmark suite: fixed, named workloads (throughput 1x1 and 4x4, latency"
          + " at a fixed rate, fan-out to 2 subscriptions, catch-up after a backlog), each"
          + " repeated in rounds, on every queue chosen. Results land in one folder named after"
          + " the suite (<stamp>-standard-1) with one report.html, and are comparable with any"
          + " other run of the same suite: a suite's workloads never change under its name.",
      "",
      "Queues without publish/subscribe skip the fan-out workload, and say so. Broker addresses"
          + " and other backend keys come from -p, -D or MQBENCH_ as for `mqbench run`; run"
          + " options from -D or MQBENCH_ that would change a workload are refused.",
      ""
    })
final class SuiteCommand implements Callable<Integer> {
  /** Process settings that change where results go or how a run looks, not what it measures. */
  private static final Set<String> HARMLESS =
      Set.of(
          "out",
          "progress",
          "verbose",
          "dryRun",
          "failFast",
          "keepQueue",
          "localBroker",
          "connectTimeout",
          "metricsPort",
          "metricsHost",
          "metricsLinger",
          RunHeap.OPTION);

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "NAME",
      description = "The suite to run (see --list). Default: the newest shipped suite.")
  String name;

  @Option(
      names = {"--list"},
      description = "Print the shipped suites, each with its fingerprint and workloads, and exit.")
  boolean list;

  @Option(
      names = {"--queues"},
      paramLabel = "QUEUE",
      split = ",",
      description =
          "The queues to run the suite on, in this order (memory, kafka, ...; see `mqbench"
              + " queues`). Default: every self-hosted queue the suite names.")
  List<String> queues = new ArrayList<>();

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      defaultValue = "results",
      description = "Where the suite's results folder is made. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = {"-p", "--property"},
      paramLabel = "KEY=VALUE",
      description =
          "A backend key for the queue it names (-p kafka.bootstrapServers=10.0.0.5:9092),"
              + " passed to `mqbench run`; repeatable.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = {"--store"},
      paramLabel = "FILE|URL",
      description =
          "The results store the suite's runs are recorded in, as `mqbench run --store`. Default:"
              + " mqbench.db in the --out folder.")
  String store;

  @Option(
      names = {"--no-store"},
      description = "Record nothing in the results store.")
  boolean noStore;

  @Option(
      names = {"--dry-run"},
      description = "Print every run the suite would make, validated, without connecting.")
  boolean dryRun;

  private final Invocation invocation;
  private final MqProviders providers;
  private final ToIntFunction<String[]> mqbench;

  /**
   * @param invocation streams, environment and system properties
   * @param providers the backends
   * @param mqbench runs an mqbench command line and returns its exit code, its load in a JVM of its
   *     own when this invocation would start one ({@link RunHeap})
   */
  SuiteCommand(Invocation invocation, MqProviders providers, ToIntFunction<String[]> mqbench) {
    this.invocation = invocation;
    this.providers = providers;
    this.mqbench = mqbench;
  }

  @Override
  public Integer call() {
    if (list) {
      ShippedSuites.NAMES.forEach(n -> describe(n, invocation.out()));
      return ExitCodes.OK;
    }
    String suiteName = name == null ? ShippedSuites.newest() : name;
    ScenarioFile suite = ShippedSuites.read(suiteName);
    List<String> chosen = queues(suite);
    refuseWorkloadSettings(suiteName);
    Path file = materialise(suiteName, chosen);
    try {
      List<String> args = runArgs(file);
      invocation
          .err()
          .printf(
              Locale.ROOT,
              "mqbench: suite %s (fingerprint %s): %d workloads on %s, %d rounds; about %d min"
                  + " per queue%n",
              suiteName,
              suite.fingerprint(),
              suite.workloads().size(),
              String.join(", ", chosen),
              suite.repeat(),
              Math.max(1, Math.round(ShippedSuites.perQueue(suite).toSeconds() / 60.0)));
      return mqbench.applyAsInt(args.toArray(String[]::new));
    } finally {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        invocation.err().println("mqbench: warning: could not delete " + file);
      }
    }
  }

  /** The queues chosen, each known and once; the suite's own without {@code --queues}. */
  private List<String> queues(ScenarioFile suite) {
    if (queues.isEmpty()) {
      return suite.axisValues("queue");
    }
    Set<String> chosen = new LinkedHashSet<>();
    for (String q : queues) {
      String queue = q.strip();
      if (!providers.names().contains(queue)) {
        throw new ConfigException(
            "--queues: unknown queue '"
                + queue
                + "' (queues: "
                + String.join(", ", providers.names())
                + ")");
      }
      chosen.add(queue);
    }
    return List.copyOf(chosen);
  }

  /**
   * Refuses a run option set by -D or MQBENCH_ that would change what the suite measures: its
   * results would be filed under a name whose workloads they are not.
   */
  private void refuseWorkloadSettings(String suiteName) {
    SettingSources process =
        SettingSources.of(List.of(), invocation.systemProperties(), invocation.env());
    for (String option : RunOptionNames.all()) {
      Optional<Setting> set = process.fromProcess(option);
      if (set.isPresent() && !HARMLESS.contains(option)) {
        throw new ConfigException(
            set.get().origin()
                + "="
                + set.get().value()
                + " would change the workloads of suite "
                + suiteName
                + ", which run as shipped; unset it, or vary a copy with `mqbench run"
                + " --scenario`");
      }
    }
  }

  /** The suite's file with the chosen queues as its queue axis, in a temporary file. */
  private static Path materialise(String suiteName, List<String> chosen) {
    YAMLMapper yaml = new YAMLMapper();
    try {
      ObjectNode root = (ObjectNode) yaml.readTree(ShippedSuites.text(suiteName));
      ArrayNode axis = ((ObjectNode) root.get("matrix")).putArray("queue");
      chosen.forEach(axis::add);
      Path file = Files.createTempFile("mqbench-suite-" + suiteName + "-", ".yml");
      Files.writeString(file, yaml.writeValueAsString(root));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the suite's scenario: " + e.getMessage(), e);
    }
  }

  private List<String> runArgs(Path file) {
    List<String> args = new ArrayList<>(List.of("run", "--scenario", file.toString()));
    args.addAll(List.of("--out", out.toString()));
    properties.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + v)));
    if (store != null) {
      args.addAll(List.of("--store", store));
    }
    if (noStore) {
      args.add("--no-store");
    }
    if (dryRun) {
      args.add("--dry-run");
    }
    return args;
  }

  /** A suite in a few lines: name, fingerprint, queues, how long, and each workload. */
  private static void describe(String suiteName, PrintStream out) {
    ScenarioFile suite = ShippedSuites.read(suiteName);
    out.printf(
        Locale.ROOT,
        "%s%s  fingerprint %s%n",
        suiteName,
        suiteName.equals(ShippedSuites.newest()) ? " (newest, the default)" : "",
        suite.fingerprint());
    out.printf(
        Locale.ROOT,
        "  queues: %s (others, memory too, with --queues)%n",
        String.join(", ", suite.axisValues("queue")));
    out.printf(
        Locale.ROOT,
        "  %d workloads x %d rounds, about %d min per queue; every workload: %s%n",
        suite.workloads().size(),
        suite.repeat(),
        Math.max(1, Math.round(ShippedSuites.perQueue(suite).toSeconds() / 60.0)),
        new Workload(Optional.empty(), new TreeMap<>(suite.options())).describe());
    for (Workload w : suite.workloads()) {
      out.printf(Locale.ROOT, "  %-16s %s%n", w.name().orElse("-"), w.describe());
    }
  }
}
