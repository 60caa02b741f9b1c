package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An option that does nothing in the mode given is refused in one line naming the mode it needs,
 * wherever it was given (flag, -D, MQBENCH_, scenario, matrix), and accepted where it acts.
 */
class InertOptionsTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  private int dryRun(Map<String, String> env, Map<String, String> props, String... args) {
    cli.reset();
    List<String> all = new ArrayList<>(List.of("run"));
    all.addAll(List.of(args));
    all.addAll(List.of("--dry-run", "--out", tmp.toString()));
    return cli.run(env, props, all.toArray(String[]::new));
  }

  private void assertRefused(String message, String... args) {
    int code = dryRun(Map.of(), Map.of(), args);
    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).contains(message).doesNotContain("\n");
  }

  private void assertAccepted(String... args) {
    int code = dryRun(Map.of(), Map.of(), args);
    assertThat(code).as(cli.err()).isZero();
  }

  @Test
  void sweepOptionsOutsideASweepAreRefusedNamingTheModeTheyNeed() {
    assertRefused(
        "--slo applies only to --mode sweep, and this run has --mode throughput",
        "--slo",
        "p99=5ms");
    assertRefused(
        "--sweep-hold applies only to --mode sweep, and this run has --mode rate",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--sweep-hold",
        "5s");
    assertRefused("--sweep-rates applies only to --mode sweep", "--sweep-rates", "100,200");
    assertRefused("--sweep-steps applies only to --mode sweep", "--sweep-steps", "16");
    assertRefused("--sweep-confirm applies only to --mode sweep", "--sweep-confirm", "1");
    assertRefused("--sweep-precision applies only to --mode sweep", "--sweep-precision", "0.1");
  }

  @Test
  void sweepOptionsInASweepAreAccepted() {
    assertAccepted("--mode", "sweep", "--slo", "p99=5ms", "--sweep-hold", "5s", "--duration", "2s");
  }

  @Test
  void maxBacklogIsRefusedInRateModeAndInSendThenDrain() {
    assertRefused(
        "--max-backlog applies only to --mode throughput with --phases together",
        "--mode",
        "rate",
        "--rate",
        "100",
        "--max-backlog",
        "10");
    assertRefused(
        "this run has --phases send-then-drain",
        "--phases",
        "send-then-drain",
        "--max-backlog",
        "off");
    assertAccepted("--max-backlog", "10");
  }

  @Test
  void scheduleTickIsRefusedInThroughputMode() {
    assertRefused("--schedule-tick applies only to --mode rate or sweep", "--schedule-tick", "2ms");
    assertAccepted("--mode", "rate", "--rate", "100", "--schedule-tick", "2ms");
  }

  @Test
  void metricsSettingsWithoutAMetricsPortAreRefused() {
    assertRefused("--metrics-linger applies only to --metrics-port", "--metrics-linger", "5s");
    assertRefused("--metrics-host applies only to --metrics-port", "--metrics-host", "0.0.0.0");
  }

  @Test
  void anInertOptionFromPropertiesEnvironmentOrScenarioIsRefusedToo() throws IOException {
    assertThat(dryRun(Map.of(), Map.of("slo", "p99=5ms"))).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("--slo applies only to --mode sweep");

    assertThat(dryRun(Map.of("MQBENCH_SWEEP_HOLD", "5s"), Map.of())).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("--sweep-hold applies only to --mode sweep");

    Path scenario = tmp.resolve("rate.yml");
    Files.writeString(scenario, "mode: rate\nrate: 100\nmaxBacklog: 10\n");
    assertRefused("--max-backlog applies only to", "--scenario", scenario.toString());
  }

  @Test
  void overAMatrixAnOptionIsRefusedOnlyWhenNoCellCanUseIt() throws IOException {
    Path rates = tmp.resolve("rates.yml");
    Files.writeString(rates, "mode: rate\nrate: 100\nmatrix:\n  senders: [1, 2]\n");
    assertRefused(
        "--max-backlog applies only to", "--scenario", rates.toString(), "--max-backlog", "10");

    Path axis = tmp.resolve("axis.yml");
    Files.writeString(
        axis, "mode: rate\nrate: 100\nmatrix:\n  senders: [1, 2]\n  maxBacklog: [10, 20]\n");
    assertRefused("--max-backlog applies only to", "--scenario", axis.toString());

    Path phases = tmp.resolve("phases.yml");
    Files.writeString(phases, "messages: 100\nmatrix:\n  phases: [together, send-then-drain]\n");
    assertAccepted("--scenario", phases.toString(), "--max-backlog", "10");
  }
}
