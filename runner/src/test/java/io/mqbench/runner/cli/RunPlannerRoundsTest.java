package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.setting.LayeredDefaults;
import io.mqbench.runner.cli.setting.SettingSources;
import io.mqbench.runner.config.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A matrix's repetitions run in rounds: every cell once, then every cell again, so that drift on
 * the host (a warming disk, a neighbour's load) falls on every cell alike rather than on the last
 * cells; runs stay numbered in the order they run, and workloads vary fastest within a round.
 */
class RunPlannerRoundsTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  private RunPlans plansOf(String... lines) throws IOException {
    Path scenario = tmp.resolve("s.yml");
    Files.writeString(scenario, String.join("\n", lines) + "\n");
    var invocation = cli.invocation(Map.of(), Map.of());
    ScenarioFile file = ScenarioFile.read(scenario, RunOptionNames.all());
    RunPlanner planner =
        new RunPlanner(
            invocation,
            MqProviders.load(),
            Optional.of(file),
            Optional.empty(),
            List.of("--scenario", scenario.toString()));
    RunOptions options = new RunOptions();
    CommandLine cl = new CommandLine(options);
    cl.setDefaultValueProvider(
        new LayeredDefaults(
            SettingSources.of(List.of(), Map.of(), Map.of())
                .withFiles(Optional.of(file), Optional.empty())));
    cl.parseArgs("--scenario", scenario.toString());
    return planner.plan(options);
  }

  @Test
  void matrixRepetitionsRunInRoundsSoDriftHitsEveryCell() throws IOException {
    RunPlans plans =
        plansOf("queue: memory", "messages: 100", "matrix:", "  senders: [1, 2]", "repeat: 3");

    assertThat(plans.runs()).extracting(RunPlan::number).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(plans.runs())
        .extracting(p -> p.cell().get("senders"))
        .containsExactly("1", "2", "1", "2", "1", "2");
    assertThat(plans.runs()).extracting(RunPlan::repetition).containsExactly(1, 1, 2, 2, 3, 3);
    assertThat(plans.runs())
        .extracting(p -> p.config().run().senders())
        .containsExactly(1, 2, 1, 2, 1, 2);
    assertThat(plans.cells()).isEqualTo(2);
    assertThat(plans.suite()).isEmpty();
  }

  @Test
  void workloadsVaryFastestWithinEachRoundAndSetTheirOptions() throws IOException {
    RunPlans plans =
        plansOf(
            "messages: 100",
            "matrix:",
            "  queue: [memory]",
            "  batch: [1, 10]",
            "workloads:",
            "  - name: one",
            "    senders: 1",
            "  - name: three",
            "    senders: 3",
            "    receivers: 3",
            "repeat: 2");

    assertThat(plans.runs())
        .extracting(p -> p.cell().get("batch") + "/" + p.cell().get("workload"))
        .containsExactly(
            "1/one", "1/three", "10/one", "10/three", "1/one", "1/three", "10/one", "10/three");
    assertThat(plans.runs())
        .extracting(p -> p.config().run().receivers())
        .containsExactly(1, 3, 1, 3, 1, 3, 1, 3);
    assertThat(plans.runs().get(1).cell()).containsOnlyKeys("queue", "batch", "workload");
    assertThat(plans.runs().get(1).cellValues()).containsEntry("senders", "3");
    assertThat(plans.folderName()).isEqualTo("memory-by-batch-workload-matrix");
  }

  @Test
  void aDryRunNumbersCellsByTheirPlaceInARound() throws IOException {
    Path scenario = tmp.resolve("m.yml");
    Files.writeString(
        scenario, "queue: memory\nmessages: 100\nmatrix:\n  senders: [1, 2, 4]\nrepeat: 2\n");

    int code = cli.run("run", "--scenario", scenario.toString(), "--dry-run");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("cell 1 of 3, 2 times: senders=1")
        .contains("cell 2 of 3, 2 times: senders=2")
        .contains("cell 3 of 3, 2 times: senders=4");
  }
}
