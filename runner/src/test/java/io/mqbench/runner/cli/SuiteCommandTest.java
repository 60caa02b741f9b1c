package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.config.ScenarioFile;
import io.mqbench.runner.config.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mqbench suite}: the shipped suites keep the fingerprint of their content, so a workload
 * edited without a new name fails the build; a suite plans every workload on every queue chosen
 * without connecting, skips what a queue cannot run, and refuses bad names in one line.
 */
class SuiteCommandTest {
  private static final Path SUITES = Path.of("src", "main", "resources", "io", "mqbench", "runner");

  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  /** The suite command exactly as a user runs it: no -D added, which a suite would refuse. */
  private int suite(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "suite";
    System.arraycopy(args, 0, all, 1, args.length);
    return cli.runExactly(Map.of(), Map.of(), all);
  }

  @Test
  void everyShippedSuiteRecordsTheFingerprintOfItsContent() throws IOException {
    List<String> files;
    try (Stream<Path> s = Files.list(SUITES.resolve("suites"))) {
      files = s.map(p -> p.getFileName().toString()).sorted().toList();
    }

    assertThat(files)
        .as("every suite file is listed in ShippedSuites.NAMES")
        .containsExactlyInAnyOrderElementsOf(
            ShippedSuites.NAMES.stream().map(n -> n + ".yml").toList());
    for (String name : ShippedSuites.NAMES) {
      ScenarioFile suite = ShippedSuites.read(name);
      assertThat(suite.suite()).contains(name);
      assertThat(suite.workloads()).isNotEmpty().allMatch(w -> w.name().isPresent());
    }
  }

  @Test
  void aWorkloadOfAShippedSuiteEditedWithoutANewNameIsRefused() {
    String text = ShippedSuites.text("standard-1");
    String edited = text.replaceFirst("rate: 1000", "rate: 1500");

    assertThat(edited).isNotEqualTo(text);
    assertThatThrownBy(
            () ->
                ScenarioFile.read(
                    Path.of("standard-1.yml"), edited, ShippedSuites.scenarioOptions()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("a workload of suite standard-1 changed")
        .hasMessageContaining("(suite: standard-2)");
  }

  @Test
  void standardOneHasTheFiveWorkloadsRepeatedThreeTimesAndNamesTheSelfHostedQueues() {
    ScenarioFile suite = ShippedSuites.read("standard-1");

    assertThat(suite.workloads())
        .extracting(w -> w.name().orElseThrow())
        .containsExactly(
            "throughput-1x1", "throughput-4x4", "latency-1000", "fan-out-2", "catch-up");
    assertThat(suite.repeat()).isEqualTo(3);
    assertThat(suite.axisValues("queue"))
        .containsExactly(
            "kafka",
            "kafka-share",
            "rabbitmq",
            "rabbitmq-stream",
            "artemis",
            "redis",
            "nats",
            "postgres");
    assertThat(ShippedSuites.perQueue(suite).toMinutes()).isBetween(3L, 5L);
  }

  @Test
  void aDryRunOverMemoryListsEveryWorkloadOnceWithItsRepetitions() {
    int code = suite("--queues", "memory", "--dry-run", "--out", tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    for (Workload w : ShippedSuites.read("standard-1").workloads()) {
      assertThat(cli.out()).contains("3 times: queue=memory workload=" + w.name().orElseThrow());
    }
    assertThat(cli.out()).contains("cell 5 of 5").doesNotContain("cell 6 of");
    assertThat(cli.err()).contains("suite standard-1 (fingerprint ");
    assertThat(tmp).isEmptyDirectory();
  }

  @Test
  void aQueueWithoutPublishSubscribeSkipsTheFanOutInOneLine() {
    int code = suite("--queues", "memory,postgres", "--dry-run");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.err())
        .contains("postgres has no publish/subscribe, so its fan-out-2 workload is skipped");
    assertThat(cli.out())
        .contains("queue=memory workload=fan-out-2")
        .doesNotContain("queue=postgres workload=fan-out-2")
        .contains("queue=postgres workload=catch-up")
        .contains("cell 9 of 9");
  }

  @Test
  void aBackendKeyGivenWithPGoesToItsOwnQueuesRunsOnly() {
    int code =
        suite(
            "--queues", "memory,kafka", "-p", "kafka.bootstrapServers=10.0.0.5:9092", "--dry-run");

    assertThat(code).as(cli.err()).isZero();
    String out = cli.out();
    String memory = out.substring(0, out.indexOf("queue=kafka"));
    assertThat(memory).doesNotContain("kafka.bootstrapServers");
    assertThat(out.substring(out.indexOf("queue=kafka")))
        .contains("kafka.bootstrapServers = 10.0.0.5:9092");
  }

  @Test
  void aSuitesPlansCarryItsNameWhichNamesTheirFolder() {
    ScenarioFile suite = ShippedSuites.read("standard-1");
    RunPlanner planner =
        new RunPlanner(
            cli.invocation(Map.of(), Map.of()),
            MqProviders.load(),
            java.util.Optional.of(suite),
            java.util.Optional.empty(),
            List.of());
    RunOptions options = new RunOptions();
    new picocli.CommandLine(options).parseArgs();

    RunPlans plans = planner.plan(options);

    assertThat(plans.suite()).contains("standard-1");
    assertThat(plans.folderName()).isEqualTo("standard-1");
    assertThat(plans.runs().get(0).cell())
        .isEqualTo(Map.of("queue", "kafka", "workload", "throughput-1x1"));
  }

  @Test
  void anUnknownSuiteIsOneLineNamingTheShippedOnesAndExitCodeTwo() {
    int code = suite("standard-0");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines().toList()).hasSize(1);
    assertThat(cli.err()).startsWith("mqbench: unknown suite 'standard-0'").contains("standard-1");
  }

  @Test
  void anUnknownQueueIsOneLineAndExitCodeTwo() {
    int code = suite("--queues", "memory,kafak", "--dry-run");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines().toList()).hasSize(1);
    assertThat(cli.err()).startsWith("mqbench: --queues: unknown queue 'kafak'").contains("kafka");
  }

  @Test
  void aRunOptionFromTheEnvironmentThatWouldChangeAWorkloadIsRefused() {
    int code =
        cli.runExactly(
            Map.of("MQBENCH_SENDERS", "3"), Map.of(), "suite", "--queues", "memory", "--dry-run");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err())
        .contains("MQBENCH_SENDERS=3 would change the workloads of suite standard-1");
  }

  @Test
  void listPrintsEachSuiteWithItsFingerprintAndWorkloads() {
    int code = suite("--list");

    assertThat(code).isZero();
    ScenarioFile suite = ShippedSuites.read("standard-1");
    assertThat(cli.out())
        .contains("standard-1 (newest, the default)  fingerprint " + suite.fingerprint());
    for (Workload w : suite.workloads()) {
      assertThat(cli.out()).contains(w.name().orElseThrow()).contains(w.describe());
    }
  }
}
