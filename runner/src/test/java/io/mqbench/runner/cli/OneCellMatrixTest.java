package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario's matrix of one cell is a run of that cell: its axes' values are the run's, as a
 * matrix of two cells would have them, and never dropped for the defaults.
 */
class OneCellMatrixTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  private Path scenario(String yaml) throws IOException {
    Path file = tmp.resolve("one-cell.yml");
    Files.writeString(file, yaml);
    return file;
  }

  @Test
  void aMatrixOfOneSenderCountRunsThatManySenders() throws IOException {
    Path file = scenario("queue: memory\nmessages: 10\nmatrix:\n  senders: [3]\n");

    int code = cli.run("run", "--scenario", file.toString(), "--dry-run", "--out", tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).startsWith("memory: 3 senders x 10 msgs");
  }

  @Test
  void aMatrixOfOneBackendValueRunsWithThatValue() throws IOException {
    Path file =
        scenario("queue: memory\nmessages: 10\nmatrix:\n  properties:\n    memory.maxDepth: [7]\n");

    int code = cli.run("run", "--scenario", file.toString(), "--dry-run", "--out", tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("memory.maxDepth = 7\n").doesNotContain("memory.maxDepth = 1");
  }

  @Test
  void theRunOfAOneCellMatrixRecordsTheCellsSettings() throws IOException {
    Path file = scenario("queue: memory\nmessages: 50\nmatrix:\n  senders: [2]\n");
    Path out = tmp.resolve("results");

    int code = cli.run("run", "--scenario", file.toString(), "--out", out.toString());

    assertThat(code).as(cli.err()).isZero();
    JsonNode run = JsonTrees.read(onlyFolder(out).resolve(ResultsWriter.RUN_JSON));
    assertThat(run.at("/totals/sent").asLong()).isEqualTo(2 * 50);
  }

  @Test
  void theCommandLineStillCannotGiveAnAxisOfAOneCellMatrix() throws IOException {
    Path file = scenario("queue: memory\nmessages: 10\nmatrix:\n  senders: [3]\n");

    int code =
        cli.run(
            "run",
            "--scenario",
            file.toString(),
            "--senders",
            "4",
            "--dry-run",
            "--out",
            tmp.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).contains("--senders is varied by the scenario's matrix");
  }

  @Test
  void aMatrixTakesTheHeapOptionOfTheRunCommand() throws IOException {
    for (String senders : List.of("[3]", "[1, 2]")) {
      Path file = scenario("queue: memory\nmessages: 10\nmatrix:\n  senders: " + senders + "\n");

      int code =
          cli.run(
              "run",
              "--scenario",
              file.toString(),
              "--heap",
              "512m",
              "--dry-run",
              "--out",
              tmp.toString());

      assertThat(code).as(senders + ": " + cli.err()).isZero();
      cli.reset();
    }
  }

  private static Path onlyFolder(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir).filter(Files::isDirectory)) {
      List<Path> folders = s.toList();
      assertThat(folders).hasSize(1);
      return folders.get(0);
    }
  }
}
