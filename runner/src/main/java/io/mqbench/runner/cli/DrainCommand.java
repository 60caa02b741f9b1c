package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.config.Secrets;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.results.Accounting;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.RunVerdicts;
import io.mqbench.results.Totals;
import io.mqbench.results.files.DeliveryFile;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.session.Settlement;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mqbench drain}: settles a finished run's unsettled messages later, once the broker is
 * back: drains the queue for the run's messages, counts what it finds as received and, if the queue
 * goes idle, the rest as lost. Updates the results folder: {@code run.json}'s {@code status} and
 * {@code totals} are rewritten, {@code delivery.bin} is replaced, and {@code drain.json} records
 * the attempt (what run.json said before, what was found). {@code summary.csv} and {@code
 * summary.xlsx} are left as the run wrote them.
 */
@Command(
    name = "drain",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Drains the queue of a finished run (a results folder with run.json and delivery.bin) for its"
          + " messages: what is found counts as received; once the queue is idle, what is still"
          + " missing counts as lost. Rewrites run.json's status and totals, writes drain.json, and"
          + " exits with the new status's code (0 ok, 1 failed, 3 lost, 6 still unsettled).",
      "",
      "Secrets are redacted in run.json: give such backend keys again with -p, -D or MQBENCH_…"
          + " as for `run`.",
      ""
    })
final class DrainCommand implements Callable<Integer> {
  /** What {@code drain} writes beside run.json. */
  static final String DRAIN_JSON = "drain.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Invocation invocation;
  private final MqProviders providers;

  @Parameters(index = "0", paramLabel = "RESULTS_FOLDER", description = "A run's results folder.")
  Path folder;

  @Option(
      names = {"-p", "--property"},
      paramLabel = "KEY=VALUE",
      description = "A backend key, overriding run.json's (needed for redacted secrets).")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = {"--idle"},
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description =
          "The queue counts as drained once nothing of the run arrived for this long; longer than"
              + " the backend takes to deliver again (a consumer group's rebalance)."
              + " Default: ${DEFAULT-VALUE}.")
  Duration idle;

  @Option(
      names = {"--timeout"},
      paramLabel = "DURATION",
      defaultValue = "60s",
      converter = DurationConverter.class,
      description = "The most the drain may take, connecting included. Default: ${DEFAULT-VALUE}.")
  Duration timeout;

  @Option(
      names = {"-v", "--verbose"},
      description = "Print stack traces of errors.")
  boolean verbose;

  DrainCommand(Invocation invocation, MqProviders providers) {
    this.invocation = invocation;
    this.providers = providers;
  }

  @Override
  public Integer call() throws Exception {
    RunResult run = ResultsWriter.read(folder.resolve(ResultsWriter.RUN_JSON));
    checkOneQueueAndSubscription(run);
    MqProvider provider = providers.find(run.queue());
    MqConfig config = provider.configure(backendKeys(provider, run.setup().backendConfig()));
    DeliveryFile delivery = DeliveryFile.read(folder);
    String runId = String.format("%08x", delivery.runId());
    if (!runId.equals(run.runId())) {
      throw new ConfigException(
          folder.resolve(DeliveryFile.NAME) + " is of run " + runId + ", run.json of another");
    }
    Totals totals = run.totals();
    RunStatus before = run.status();
    Accounting recorded =
        new Accounting(delivery.bitmaps(), totals.received(), false, totals.settled());
    announce(provider, config, runId, recorded);
    Settlement.Result drained =
        Settlement.drain(
            provider, config, delivery.runId(), delivery.senders(), recorded, idle, timeout);
    Accounting drainedAccounting = drained.accounting();
    // A worker that died took with it what it received after its last checkpoint: a message
    // missing from the queue may be one it received and acknowledged, so not finding it proves
    // nothing.
    boolean unprovable = !run.delivery().partial().isEmpty() && drainedAccounting.lost() > 0;
    Accounting after =
        unprovable
            ? new Accounting(
                drainedAccounting.bitmaps(),
                drainedAccounting.received(),
                false,
                drainedAccounting.settled())
            : drainedAccounting;
    Optional<String> problem =
        unprovable
            ? Optional.of(
                String.format(
                    Locale.ROOT,
                    "%,d not in the queue cannot be proven lost: the run is partial (%s), and that"
                        + " worker may have received them after its last checkpoint",
                    drainedAccounting.lost(),
                    String.join("; ", run.delivery().partial())))
            : drained.problem();
    boolean failed = run.failure() != null;
    RunStatus status = statusAfter(before, failed, after);
    RunResult settled = settled(run, status, after);
    ObjectNode record = drainRecord(before, status, drained, problem, after);
    write(delivery, after, settled, record);
    invocation
        .out()
        .printf(
            Locale.ROOT,
            "settled %,d, lost %,d, unsettled %,d: %s%s%n",
            drained.found(),
            after.lost(),
            after.unsettled(),
            status.label(),
            problem.map(p -> " (" + p + ")").orElse(""));
    return status.exitCode();
  }

  /** Says what is drained, for which run, and for how long at most. */
  private void announce(MqProvider provider, MqConfig config, String runId, Accounting recorded) {
    invocation
        .err()
        .printf(
            Locale.ROOT,
            "mqbench: draining %s (%s) for run %s's %,d unsettled messages, for up to %s%n",
            provider.name(),
            provider.target(config),
            runId,
            recorded.unsettled(),
            Durations.format(timeout));
  }

  /** The run's result once drained: its status and delivery figures as the drain left them. */
  private static RunResult settled(RunResult run, RunStatus status, Accounting after) {
    return run.withStatus(status)
        .withTotals(
            run.totals()
                .with(
                    t ->
                        t.received(after.received())
                            .distinct(after.ledger().distinct())
                            .lost(after.lost())
                            .unsettled(after.unsettled())
                            .settled(after.settled())
                            .duplicates(after.ledger().duplicates())));
  }

  /** Updates the run's folder: the delivery bitmaps, run.json and drain.json. */
  private void write(
      DeliveryFile delivery, Accounting after, RunResult settled, ObjectNode record) {
    try {
      new DeliveryFile(delivery.runId(), delivery.senders(), after.bitmaps()).writeTo(folder);
      ResultsWriter.writeRunJson(settled, folder);
      JSON.writeValue(folder.resolve(DRAIN_JSON).toFile(), record);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot update " + folder + ": " + e.getMessage(), e);
    }
  }

  /** Refuses a run drain cannot settle: it reads one queue and one subscription. */
  private static void checkOneQueueAndSubscription(RunResult run) {
    if (run.setup().settings() != null
        && (run.setup().settings().run().queues() > 1
            || run.setup().settings().run().subscriptions() > 1)) {
      throw new ConfigException(
          "run "
              + run.runId()
              + " had "
              + run.setup().settings().run().queues()
              + " queues and "
              + run.setup().settings().run().subscriptions()
              + " subscriptions; mqbench drain reads one queue and one subscription");
    }
  }

  /** What drain.json records of this drain. */
  private ObjectNode drainRecord(
      RunStatus before,
      RunStatus status,
      Settlement.Result drained,
      Optional<String> problem,
      Accounting after) {
    ObjectNode record = JSON.createObjectNode();
    record.put("drainedAt", Instant.now().truncatedTo(ChronoUnit.MILLIS).toString());
    record.put("statusBefore", before.label());
    record.put("status", status.label());
    record.put("found", drained.found());
    record.put("completed", drained.completed());
    problem.ifPresent(p -> record.put("problem", p));
    record.put("lost", after.lost());
    record.put("unsettled", after.unsettled());
    record.put("idle", Durations.format(idle));
    record.put("timeout", Durations.format(timeout));
    return record;
  }

  /**
   * The run's status once its delivery is settled, by the run's own rule ({@link
   * RunVerdicts#status}); the verdict on its numbers is what run.json had, unless that was about
   * delivery or the failure, which the rule decides again.
   */
  static RunStatus statusAfter(RunStatus before, boolean failed, Accounting after) {
    boolean aboutDelivery =
        before == RunStatus.LOST_MESSAGES
            || before == RunStatus.UNSETTLED
            || before == RunStatus.FAILED;
    return RunVerdicts.status(
        before == RunStatus.INTERRUPTED,
        failed,
        after.lost(),
        after.unsettled(),
        aboutDelivery ? RunStatus.OK : before);
  }

  /**
   * run.json's backend keys, without the redacted ones, under what the command line, {@code -D} and
   * the environment give; a redacted key given nowhere is an error naming it.
   */
  private static final Pattern URI_WITH_PASSWORD =
      Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*://[^/@:]+:[^/@]+@");

  private Map<String, String> backendKeys(MqProvider provider, Map<String, String> recorded) {
    Map<String, String> keys = new TreeMap<>();
    List<String> redacted = new ArrayList<>();
    Map<String, String> defaults = new TreeMap<>();
    for (ConfigKey<?> key : provider.configKeys()) {
      defaultText(key).ifPresent(d -> defaults.put(key.name(), d));
    }
    for (Map.Entry<String, String> e : recorded.entrySet()) {
      String value = e.getValue();
      if (value.equals(defaults.get(e.getKey()))) {
        // run.json lists every key with its effective value; a default given back would count as
        // given, and a given rabbitmq.port overrides the port of rabbitmq.uri.
        continue;
      }
      if (value.contains(Secrets.MASK)) {
        redacted.add(e.getKey());
      } else {
        keys.put(e.getKey(), value);
      }
    }
    Map<String, String> given =
        BackendProperties.gather(
            provider, providers.names(), Optional.empty(), Map.of(), invocation, properties);
    keys.putAll(given);
    // A URI given with its own user:password@ carries the secret the redacted keys held.
    boolean credentialsGiven =
        given.values().stream().anyMatch(v -> URI_WITH_PASSWORD.matcher(v.trim()).find());
    List<String> missing =
        credentialsGiven
            ? List.of()
            : redacted.stream().filter(key -> !given.containsKey(key)).toList();
    if (missing.size() == 1) {
      String key = missing.get(0);
      throw new ConfigException(
          key
              + " is redacted in run.json; give it again: -p "
              + key
              + "=VALUE, -D"
              + key
              + "=VALUE or MQBENCH_"
              + key.toUpperCase(Locale.ROOT).replace('.', '_')
              + "=VALUE");
    }
    if (!missing.isEmpty()) {
      // Every one in one line: asked one at a time, a user finds the next only on the next try.
      throw new ConfigException(
          String.join(", ", missing)
              + " are redacted in run.json; give them again (-p KEY=VALUE, -DKEY=VALUE or"
              + " MQBENCH_KEY=VALUE), or a URI with its user:password@ in place of all of them");
    }
    return keys;
  }

  private static <T> Optional<String> defaultText(ConfigKey<T> key) {
    return key.defaultValue().map(key::format);
  }
}
