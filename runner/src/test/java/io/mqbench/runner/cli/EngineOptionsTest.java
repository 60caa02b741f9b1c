package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.envelope.MessageSizes;
import io.mqbench.mq.MqProviders;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Issue 23, defect 1: an engine option is an option field and a settings component of the same
 * name, and reaches the settings with no edit in the planner.
 */
class EngineOptionsTest {
  @TempDir Path tmp;

  @Test
  void everyEngineSettingIsAnOptionOfTheSameName() throws Exception {
    for (String name : EngineOptions.names()) {
      assertThat(RunOptions.class.getDeclaredField(name).getAnnotation(Option.class))
          .as("RunOptions." + name + " is an @Option")
          .isNotNull();
    }
    assertThat(EngineOptions.names())
        .hasSize(RunSettings.class.getRecordComponents().length)
        .contains("messages", "batch", "size", "inFlight", "maxBacklog");
  }

  @Test
  void everyEngineOptionGivenOnTheCommandLineReachesTheRunsSettings() {
    RunSettings s =
        settings(
            "--mode",
            "rate",
            "--rate",
            "2500",
            "--duration",
            "7s",
            "--senders",
            "3",
            "--receivers",
            "5",
            "--batch",
            "4",
            "--size",
            "300",
            "--in-flight",
            "6",
            "--phases",
            "together",
            "--receiver-idle",
            "1500ms",
            "--receive-wait",
            "20ms",
            "--connect-timeout",
            "9s",
            "--max-backlog",
            "7000",
            "--messages",
            "900");

    assertThat(s.mode()).isEqualTo(Mode.RATE);
    assertThat(s.rate()).contains(2500.0);
    assertThat(s.duration()).contains(Duration.ofSeconds(7));
    assertThat(s.senders()).isEqualTo(3);
    assertThat(s.receivers()).isEqualTo(5);
    assertThat(s.maxBatch()).isEqualTo(4);
    assertThat(s.messageSizes()).isEqualTo(MessageSizes.of(300));
    assertThat(s.inFlight()).isEqualTo(6);
    assertThat(s.phases()).isEqualTo(Phases.TOGETHER);
    assertThat(s.receiverIdle()).isEqualTo(Duration.ofMillis(1500));
    assertThat(s.receiveWait()).isEqualTo(Duration.ofMillis(20));
    assertThat(s.connectTimeout()).isEqualTo(Duration.ofSeconds(9));
    assertThat(s.maxBacklog()).isEqualTo(BacklogLimit.of(7000));
    assertThat(s.messagesPerSender()).isEqualTo(900);
  }

  @Test
  void theDefaultsTheyDependOnStillApply() {
    RunSettings s = settings("--senders", "2");

    assertThat(s.mode()).isEqualTo(Mode.THROUGHPUT);
    assertThat(s.maxBatch()).isEqualTo(RunSettings.DEFAULT_THROUGHPUT_BATCH);
    assertThat(s.duration()).contains(RunOptions.DEFAULT_THROUGHPUT_DURATION);
    assertThat(s.messagesPerSender()).isEqualTo(Long.MAX_VALUE);
    assertThat(s.maxBacklog()).isEqualTo(BacklogLimit.AUTO);
    assertThat(settings("--mode", "rate", "--rate", "10").maxBatch())
        .isEqualTo(RunSettings.DEFAULT_RATE_BATCH);
  }

  @Test
  void anInvalidValueIsTheOptionsOneLineError() {
    assertThatThrownBy(() -> settings("--phases", "sideways"))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--phases must be together, send-then-drain or backlog-then-catch-up, was 'sideways'");
    assertThatThrownBy(() -> settings("--max-backlog", "lots"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--max-backlog");
  }

  @Test
  void aSweepStepIsPlannedAtItsRateWithoutChangingTheParsedOptions() {
    RunOptions options = options("--mode", "sweep", "--duration", "3s");

    RunSettings step = planner().planAtRate(options, 750).runs().get(0).config().run();

    assertThat(step.mode()).isEqualTo(Mode.RATE);
    assertThat(step.rate()).contains(750.0);
    assertThat(step.duration()).contains(Duration.ofSeconds(3));
    assertThat(options.mode).isEqualTo("sweep");
    assertThat(options.rate).isEmpty();
  }

  private RunSettings settings(String... args) {
    RunOptions options = options(args);
    return planner().plan(options).runs().get(0).config().run();
  }

  private List<String> runArgs(String... args) {
    List<String> runArgs = new ArrayList<>(List.of("--queue", "memory"));
    runArgs.addAll(List.of(args));
    runArgs.addAll(List.of("--out", tmp.toString()));
    return runArgs;
  }

  private RunOptions options(String... args) {
    RunOptions options = new RunOptions();
    new CommandLine(options).parseArgs(runArgs(args).toArray(String[]::new));
    return options;
  }

  private RunPlanner planner() {
    return new RunPlanner(
        new CliCapture().invocation(Map.of(), Map.of()),
        MqProviders.load(),
        Optional.empty(),
        Optional.empty(),
        List.of());
  }
}
