package io.mqbench.runner.cli;

import io.mqbench.config.MqConfig;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.results.ResultsWriter;
import io.mqbench.runner.results.RunResult;
import io.mqbench.runner.session.BenchmarkSession;
import io.mqbench.runner.session.RunLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code mqbench run}: one throughput run against one backend. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a throughput benchmark: sender threads send batches of random size 1..B and wait for"
          + " each to be acknowledged; receiver threads receive, account for every message and"
          + " acknowledge. Writes run.json, summary.csv, summary.xlsx and .hgrm files.",
      "",
      "Every option can also be given as -D<camelCaseName> (-DreceiverIdle=5s), as the"
          + " environment variable MQBENCH_<NAME> (MQBENCH_RECEIVER_IDLE=5s) or in a --scenario"
          + " file; the command line wins, then -D, then the environment, then the file."
          + " Backend keys: -p kafka.acks=all, -Dkafka.acks=all or MQBENCH_KAFKA_ACKS=all;"
          + " `mqbench queues` lists them.",
      ""
    })
final class RunCommand implements Callable<Integer> {
  private final Invocation invocation;
  private final MqProviders providers;

  @Option(
      names = {"-q", "--queue"},
      paramLabel = "NAME",
      defaultValue = "memory",
      description = "Backend to measure (see `mqbench queues`). Default: ${DEFAULT-VALUE}.")
  String queue;

  @Option(
      names = {"--mode"},
      paramLabel = "MODE",
      defaultValue = "throughput",
      description =
          "throughput: closed loop, each sender sends as fast as acknowledgements come back."
              + " rate: open loop, messages issued on a fixed schedule (--rate) and latency measured"
              + " from the scheduled time (coordinated omission corrected). Default: ${DEFAULT-VALUE}.")
  String mode;

  @Option(
      names = {"--rate"},
      paramLabel = "MSGS_PER_S",
      description = "Rate mode: messages per second across all senders.")
  Optional<Double> rate;

  @Option(
      names = {"--preset"},
      paramLabel = "NAME",
      description =
          "A classic rate-mode configuration: 256b-3k, 1kb-3k, 5kb-2k, 1kb-20k-25c (25 senders),"
              + " 1mb-100; each 30s. Other options override it.")
  String preset;

  @Option(
      names = {"-s", "--senders"},
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Sender threads; 0 for a receive-only run that drains what the queue holds."
              + " Default: ${DEFAULT-VALUE}.")
  int senders;

  @Option(
      names = {"-r", "--receivers"},
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Receiver threads; 0 for a send-only run that leaves a backlog."
              + " Default: ${DEFAULT-VALUE}.")
  int receivers;

  @Option(
      names = {"-m", "--messages"},
      paramLabel = "N",
      description =
          "Messages each sender sends at most. Default: "
              + RunSettings.DEFAULT_MESSAGES
              + " in throughput mode without --duration; otherwise no limit.")
  Optional<Long> messages;

  @Option(
      names = {"-d", "--duration"},
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Send for this long (30s, 5m, PT1M). Default: none in throughput mode (a message count"
              + " instead); 30s in rate mode.")
  Optional<Duration> duration;

  @Option(
      names = {"-b", "--batch"},
      paramLabel = "B",
      description =
          "Throughput mode: each send carries a random 1..B messages (default "
              + RunSettings.DEFAULT_THROUGHPUT_BATCH
              + "). Rate mode: each send carries exactly B (default "
              + RunSettings.DEFAULT_RATE_BATCH
              + "), due at its first message's time. Receives ask for up to B.")
  Optional<Integer> batch;

  @Option(
      names = {"--in-flight"},
      paramLabel = "W",
      defaultValue = "" + DEFAULT_IN_FLIGHT,
      description =
          "Batches each sender keeps sent but not yet acknowledged, as real producers do (Kafka"
              + " callbacks, RabbitMQ confirms); a batch counts as sent when it is acknowledged."
              + " 1 = one synchronous send at a time. At most 32 MiB of messages are in flight per"
              + " sender. Default: ${DEFAULT-VALUE}.")
  int inFlight;

  @Option(
      names = {"--phases"},
      paramLabel = "PHASES",
      defaultValue = "together",
      description =
          "together: receivers run beside senders. send-then-drain: senders build a backlog"
              + " (--messages or --duration), then receivers drain it; send and drain rates are"
              + " measured apart. Default: ${DEFAULT-VALUE}.")
  String phases;

  @Option(
      names = {"--size"},
      paramLabel = "BYTES",
      defaultValue = "100",
      description =
          "Message size in bytes, the 28-byte envelope included; padding is random."
              + " Default: ${DEFAULT-VALUE}.")
  int size;

  @Option(
      names = {"--receiver-idle"},
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description =
          "After senders finish, receivers stop once nothing arrived for this long (missing"
              + " messages are then reported lost). Default: ${DEFAULT-VALUE}.")
  Duration receiverIdle;

  @Option(
      names = {"--receive-wait"},
      paramLabel = "DURATION",
      defaultValue = "200ms",
      converter = DurationConverter.class,
      description = "How long one receive call waits for a message. Default: ${DEFAULT-VALUE}.")
  Duration receiveWait;

  @Option(
      names = {"--connect-timeout"},
      paramLabel = "DURATION",
      defaultValue = "15s",
      converter = DurationConverter.class,
      description =
          "How long opening the backend and creating senders and receivers may take."
              + " Default: ${DEFAULT-VALUE}.")
  Duration connectTimeout;

  @Option(
      names = {"--warmup"},
      paramLabel = "DURATION",
      defaultValue = "0s",
      converter = DurationConverter.class,
      description =
          "Run this long first with the same settings, unmeasured (JIT, connections, caches)."
              + " Default: ${DEFAULT-VALUE}.")
  Duration warmup;

  @Option(
      names = {"--seed"},
      paramLabel = "N",
      description = "Seed of batch sizes and padding, to repeat a run. Default: random.")
  Optional<Long> seed;

  @Option(
      names = {"-o", "--out"},
      paramLabel = "DIR",
      defaultValue = "results",
      description =
          "Folder under which each run's results folder is made. Default: ${DEFAULT-VALUE}.")
  Path out;

  @Option(
      names = {"-p", "--property"},
      paramLabel = "KEY=VALUE",
      description = "A backend key, such as -p kafka.acks=all. Repeatable.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = {"--scenario"},
      paramLabel = "FILE",
      description = "YAML file of options and backend `properties`; flags and -D override it.")
  Path scenario;

  @Option(
      names = {"--progress"},
      paramLabel = "WHEN",
      defaultValue = "auto",
      description =
          "Live progress: auto (on a terminal), always, never. Default: ${DEFAULT-VALUE}.")
  String progress;

  @Option(
      names = {"--dry-run"},
      description = "Check every option, backend key and matrix cell, print the plan, run nothing.")
  boolean dryRun;

  @Option(
      names = {"-v", "--verbose"},
      description = "Print stack traces of errors.")
  boolean verbose;

  /** Batches in flight per sender unless given; README "In flight" says how it was chosen. */
  static final int DEFAULT_IN_FLIGHT = 128;

  private Optional<ScenarioFile> scenarioFile = Optional.empty();
  private Map<String, String> cell = Map.of();
  private CellParser cellParser;

  /** Parses the same command line again with one matrix cell's values on top of its defaults. */
  @FunctionalInterface
  interface CellParser {
    RunCommand parse(Map<String, String> cell);
  }

  RunCommand(Invocation invocation, MqProviders providers) {
    this.invocation = invocation;
    this.providers = providers;
  }

  void scenario(Optional<ScenarioFile> scenario, CellParser cellParser) {
    this.scenarioFile = scenario;
    this.cellParser = cellParser;
  }

  void cell(Map<String, String> cell) {
    this.cell = cell;
  }

  @Override
  public Integer call() throws Exception {
    if (scenarioFile.isPresent() && scenarioFile.get().isMatrix()) {
      return new MatrixRun(invocation, scenarioFile.get(), cellParser, out, queue).run(dryRun);
    }
    Prepared run = prepare();
    if (dryRun) {
      printPlan(run);
      return ExitCodes.OK;
    }
    Path folder = resultsFolder(out, queue);
    return exitCode(runAndReport(run, folder, 0), folder);
  }

  /** A run with its backend and settings resolved. */
  record Prepared(MqProvider provider, MqConfig backend, RunConfig config, boolean showProgress) {}

  Prepared prepare() {
    MqProvider provider = providers.find(queue);
    Map<String, String> cellProperties = new java.util.TreeMap<>();
    cell.forEach(
        (k, v) -> {
          if (k.startsWith(ScenarioFile.PROPERTY_AXIS)) {
            cellProperties.put(k.substring(ScenarioFile.PROPERTY_AXIS.length()), v);
          }
        });
    MqConfig backend =
        provider.configure(
            BackendProperties.gather(
                provider, providers.names(), scenarioFile, cellProperties, invocation, properties));
    Mode runMode = Mode.parse(mode);
    boolean rateMode = runMode == Mode.RATE;
    Optional<Duration> runDuration =
        rateMode ? Optional.of(duration.orElse(RunSettings.DEFAULT_RATE_DURATION)) : duration;
    long perSender =
        messages.orElse(
            rateMode || runDuration.isPresent() ? Long.MAX_VALUE : RunSettings.DEFAULT_MESSAGES);
    RunSettings settings =
        new RunSettings(
            runMode,
            senders,
            receivers,
            perSender,
            runDuration,
            rate,
            batch.orElse(
                rateMode ? RunSettings.DEFAULT_RATE_BATCH : RunSettings.DEFAULT_THROUGHPUT_BATCH),
            size,
            inFlight,
            Phases.parse(phases),
            receiverIdle,
            receiveWait,
            connectTimeout);
    RunConfig config = new RunConfig(queue, settings, warmup, seed, out, backend.effective());
    RunLimits.check(provider, backend, config);
    boolean showProgress =
        switch (progress) {
          case "always" -> true;
          case "never" -> false;
          case "auto" -> invocation.terminal();
          default ->
              throw new io.mqbench.config.ConfigException(
                  "--progress must be auto, always or never, was '" + progress + "'");
        };
    return new Prepared(provider, backend, config, showProgress);
  }

  /**
   * Runs, writes the results folder and prints the report. Ctrl-C stops the run early and its
   * partial results are still written.
   */
  RunResult runAndReport(Prepared run, Path folder, int repetition) throws InterruptedException {
    invocation.err().println("mqbench: " + queue + ", " + run.config().describe());
    BenchmarkSession session =
        new BenchmarkSession(run.provider(), run.backend(), run.config(), invocation.err());
    CountDownLatch written = new CountDownLatch(1);
    Thread onInterrupt =
        new Thread(
            () -> {
              session.requestStop();
              try {
                written.await(30, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "mqbench-interrupted");
    Runtime.getRuntime().addShutdownHook(onInterrupt);
    try {
      RunResult result =
          session
              .run(
                  c ->
                      run.showProgress()
                          ? ProgressDisplay.terminal(
                              invocation.err(),
                              c.run().duration().isPresent() || c.run().senders() == 0
                                  ? 0
                                  : c.run().senders() * (double) c.run().messagesPerSender(),
                              c.run().duration())
                          : ProgressDisplay.none())
              .inCell(cell, repetition);
      ResultsWriter.write(result, folder)
          .forEach(w -> invocation.err().println("mqbench: warning: " + w));
      ConsoleReport.print(
          result, run.config().describe(), folder, invocation.terminal(), invocation.out());
      if (result.totals().sendSeconds() > 0 && result.totals().sendSeconds() < 2) {
        invocation
            .err()
            .printf(
                Locale.ROOT,
                "mqbench: note: senders ran %.2f s; rates from runs this short are mostly warm-up."
                    + " Raise --messages, use --duration, or add --warmup.%n",
                result.totals().sendSeconds());
      }
      return result;
    } finally {
      written.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(onInterrupt);
      } catch (IllegalStateException e) {
        // Already shutting down: the hook is running and waits for `written`.
      }
    }
  }

  /** Prints what a run would do: its settings and the backend's effective configuration. */
  void printPlan(Prepared run) {
    invocation.out().println(queue + ": " + run.config().describe());
    run.backend().effective().forEach((k, v) -> invocation.out().println("  " + k + " = " + v));
  }

  /** The exit code of one run's result, with its one-line explanation on stderr. */
  int exitCode(RunResult result, Path folder) {
    switch (result.status()) {
      case INTERRUPTED ->
          invocation.err().println("mqbench: run interrupted; partial results in " + folder);
      case FAILED -> invocation.err().println("mqbench: run " + result.statusLine());
      case LOST_MESSAGES ->
          invocation
              .err()
              .println(
                  "mqbench: "
                      + result.totals().lost()
                      + " acknowledged messages were never received");
      case HARNESS_LIMITED, TARGET_NOT_MET ->
          invocation.err().println("mqbench: " + result.rate().assessment());
      case RECEIVERS_BEHIND ->
          invocation
              .err()
              .printf(
                  Locale.ROOT,
                  "mqbench: RECEIVERS BEHIND: received %,.0f msgs/s of %,.0f sent: the receivers,"
                      + " not the queue, were the limit (add --receivers or raise the backend's"
                      + " prefetch)%n",
                  result.totals().receivedPerSecond(),
                  result.totals().sentPerSecond());
      case OK -> {}
    }
    return result.status().exitCode();
  }

  static Path resultsFolder(Path out, String name) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path folder = out.resolve(stamp + "-" + name);
    for (int i = 2; Files.exists(folder); i++) {
      folder = out.resolve(stamp + "-" + name + "-" + i);
    }
    return folder;
  }
}
