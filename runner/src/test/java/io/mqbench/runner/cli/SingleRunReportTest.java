package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A single run writes report.html into its results folder, and its last line names the file. */
class SingleRunReportTest {
  @TempDir Path tmp;

  @Test
  void aSingleRunWritesItsReportAndEndsWithTheLineThatNamesIt() throws Exception {
    CliCapture cli = new CliCapture();

    int code = cli.runMemoryForASecond(tmp);

    assertThat(code).as(cli.err()).isZero();
    Path run;
    try (Stream<Path> runs = Files.list(tmp).filter(Files::isDirectory)) {
      run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    Path report = run.resolve("report.html");
    assertThat(report).isNotEmptyFile();
    assertThat(Files.readString(report, StandardCharsets.UTF_8)).contains("memory");
    List<String> lines = cli.out().lines().toList();
    assertThat(lines.get(lines.size() - 1))
        .as("the last line")
        .matches(
            "report     \\Q"
                + report
                + "\\E \\(writing took [0-9]+\\.[0-9]{2} CPU-s in [0-9]+\\.[0-9]{2} s\\)");
  }
}
