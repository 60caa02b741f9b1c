package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --dry-run} says, for each option given, where its value came from. */
class DryRunSourcesTest {
  @TempDir Path tmp;

  @Test
  void eachGivenOptionIsNamedWithItsSource() throws IOException {
    Path scenario = tmp.resolve("s.yml");
    Files.writeString(scenario, "batch: 7\n");
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            Map.of("MQBENCH_RECEIVERS", "2"),
            Map.of("senders", "3"),
            "run",
            "--dry-run",
            "--scenario",
            scenario.toString(),
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("3 senders")
        .contains("2 receivers")
        .contains(
            "  from: --senders (-Dsenders), --receivers (MQBENCH_RECEIVERS), --batch (scenario),")
        .contains(
            "--out (command line), --scenario (command line), --dry-run (command line);"
                + " others by default");
  }

  @Test
  void aMatrixCellsAxesComeFromTheMatrix() throws IOException {
    Path scenario = tmp.resolve("m.yml");
    Files.writeString(scenario, "queue: memory\nmatrix:\n  senders: [1, 2]\n");
    CliCapture cli = new CliCapture();

    int code =
        cli.run("run", "--dry-run", "--scenario", scenario.toString(), "--out", tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("--queue (scenario), --senders (matrix)");
  }
}
