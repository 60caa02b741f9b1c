package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ChildJvm;
import io.mqbench.runner.cli.setting.LayeredDefaults;
import io.mqbench.runner.cli.setting.SettingSources;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The heap the runner gives a run it starts in a JVM of its own (issue 22, point 7). */
class RunHeapTest {
  private static final long MIB = 1 << 20;

  @TempDir Path tmp;

  /** The plan of {@code mqbench run <args>}, validated as for a run. */
  private RunPlans plans(String... args) {
    List<String> runArgs = new java.util.ArrayList<>(List.of(args));
    runArgs.addAll(List.of("--out", tmp.toString()));
    RunOptions options = new RunOptions();
    new CommandLine(options).parseArgs(runArgs.toArray(String[]::new));
    return new RunPlanner(
            new CliCapture().invocation(Map.of(), Map.of()),
            MqProviders.load(),
            Optional.empty(),
            Optional.empty(),
            runArgs)
        .plan(options);
  }

  private RunSettings settings(String... args) {
    return plans(args).runs().get(0).config().run();
  }

  @Test
  void twentyFiveSendersAndReceiversOfSmallMessagesForTwentySecondsGetAFewHundredMib() {
    // With the JVM's own 100 MB beside the heap, this stays within 512 MB resident.
    long heap = RunHeap.needed(settings("--senders", "25", "--receivers", "25"));

    assertThat(heap).isBetween(256 * MIB, 400 * MIB);
  }

  @Test
  void aFewMessagesFromOneSenderToOneReceiverNeedLittleMoreThanTheBase() {
    long heap = RunHeap.needed(settings("--messages", "1000"));

    assertThat(heap).isBetween(RunHeap.BASE_BYTES, RunHeap.BASE_BYTES + 8 * MIB);
  }

  @Test
  void theAccountingOfEveryMessageARunMaySendHasItsRoom() {
    long twentySeconds = RunHeap.needed(settings("--duration", "20s"));
    long oneMinute = RunHeap.needed(settings("--duration", "60s"));
    long counted = RunHeap.needed(settings("--messages", "250000000"));
    long slowRate =
        RunHeap.needed(settings("--mode", "rate", "--rate", "1000", "--duration", "60s"));

    long fortySecondsOfMessages =
        (long) (40 * RunHeap.ASSUMED_MESSAGES_PER_SECOND * RunHeap.ACCOUNTING_BYTES_PER_MESSAGE);
    assertThat(oneMinute - twentySeconds)
        .isBetween(fortySecondsOfMessages - MIB, fortySecondsOfMessages + MIB);
    assertThat(counted).isGreaterThan(RunHeap.BASE_BYTES + 250_000_000L);
    assertThat(slowRate).isLessThan(RunHeap.BASE_BYTES + 8 * MIB);
  }

  @Test
  void everySendersMessagesInFlightFitBesideTheHarness() {
    // 1 MB messages in batches of up to 10: each sender keeps 3 batches in flight (the 32 MiB cap)
    // and builds a fourth.
    RunSettings s = settings("--senders", "25", "--receivers", "25", "--size", "1000000");

    long heap = RunHeap.needed(s);

    assertThat(s.effectiveInFlight()).isEqualTo(3);
    assertThat(heap).isGreaterThan(RunHeap.BASE_BYTES + 2L * 25 * 4 * 10 * 1_000_000);
  }

  @Test
  void theHeapChosenAlwaysPassesTheCheckThatBatchesFitInHalfTheHeap() {
    for (String[] args :
        List.of(
            new String[] {},
            new String[] {"--size", "100000", "--batch", "100"},
            new String[] {"--senders", "0", "--receivers", "40", "--batch", "1000"},
            new String[] {"--mode", "rate", "--rate", "100", "--size", "1000000"})) {
      RunSettings s = settings(args);
      long batches = (long) (s.senders() + s.receivers()) * s.maxBatch() * s.maxMessageBytes();

      assertThat(RunHeap.needed(s) / 2).as(String.join(" ", args)).isGreaterThan(batches);
    }
  }

  @Test
  void aMatrixGetsTheHeapOfItsMostDemandingRun() throws Exception {
    Path scenario = tmp.resolve("m.yml");
    java.nio.file.Files.writeString(
        scenario, "queue: memory\nmessages: 10\nmatrix:\n  senders: [1, 40]\n");
    var file = io.mqbench.runner.config.ScenarioFile.read(scenario, RunOptionNames.all());
    var invocation = new CliCapture().invocation(Map.of(), Map.of());
    RunOptions options = new RunOptions();
    CommandLine cl = new CommandLine(options);
    cl.setDefaultValueProvider(
        new LayeredDefaults(
            SettingSources.of(List.of(), invocation.systemProperties(), invocation.env())
                .withFiles(Optional.of(file), Optional.empty())));
    cl.parseArgs("--scenario", scenario.toString(), "--out", tmp.toString());
    RunPlans plans =
        new RunPlanner(
                invocation,
                MqProviders.load(),
                Optional.of(file),
                Optional.empty(),
                List.of("--scenario", scenario.toString(), "--out", tmp.toString()))
            .plan(options);

    assertThat(RunHeap.needed(plans)).isEqualTo(RunHeap.needed(plans.runs().get(1).config().run()));
    assertThat(RunHeap.needed(plans))
        .isGreaterThan(RunHeap.needed(plans.runs().get(0).config().run()));
  }

  @Test
  void heapFlagsGivenToJavaAreTheUsersChoice() {
    for (String flag :
        List.of(
            "-Xmx2g",
            "-Xms512m",
            "-XX:MaxHeapSize=1073741824",
            "-XX:MaxRAMPercentage=10",
            "-XX:MaxRAM=4g",
            "-XX:InitialRAMPercentage=5",
            "-XX:+AggressiveHeap")) {
      assertThat(ChildJvm.sizeTheHeap(List.of("-XX:+UseG1GC", flag))).as(flag).isTrue();
    }
  }

  @Test
  void otherFlagsLeaveTheHeapToTheRunner() {
    assertThat(
            ChildJvm.sizeTheHeap(
                List.of("-XX:+UseG1GC", "-Dheap=2g", "-Xss1m", "-XX:MaxMetaspaceSize=128m")))
        .isFalse();
    assertThat(ChildJvm.sizeTheHeap(List.of())).isFalse();
  }

  @Test
  void heapSizesReadAsJavasXmxReadsThem() {
    assertThat(RunHeap.parse("512m")).isEqualTo(512 * MIB);
    assertThat(RunHeap.parse("2G")).isEqualTo(2048 * MIB);
    assertThat(RunHeap.parse("65536k")).isEqualTo(64 * MIB);
    assertThat(RunHeap.parse("134217728")).isEqualTo(128 * MIB);
  }

  @Test
  void malformedOrTooSmallHeapsAreRefusedNamingTheOption() {
    for (String bad : List.of("2gb", "-1g", "lots", "", "1.5g")) {
      assertThatThrownBy(() -> RunHeap.parse(bad))
          .as(bad)
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith("--heap " + bad + ":")
          .hasMessageContaining("512m");
    }
    assertThatThrownBy(() -> RunHeap.parse("16m"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--heap 16m: at least 64m, the harness's own need");
    assertThatThrownBy(() -> RunHeap.parse("99999999999t"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("more than");
  }

  @Test
  void belowMainTheRunStaysInTheTestsJvm() {
    RunHeap heap = RunHeap.thisJvm();

    assertThat(heap.runInChild(512 * MIB)).isEmpty();
    assertThat(heap.available(settings())).isEqualTo(Runtime.getRuntime().maxMemory());
  }
}
