package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhCommandTest {
  private static final Path KAFKA = Path.of("src/test/resources/jmh/backend-kafka.json");

  @Test
  void jmhWritesSummaryCsvAndXlsxIntoTheFolderGiven(@TempDir Path dir) throws Exception {
    CliCapture cli = new CliCapture();

    int code = cli.run("jmh", KAFKA.toString(), "--out", dir.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.OK);
    assertThat(cli.out()).contains("4 JMH results written to " + dir);
    assertThat(Files.readAllLines(dir.resolve("summary.csv"))).hasSize(5);
    assertThat(dir.resolve("summary.xlsx")).isNotEmptyFile();
  }

  @Test
  void jmhOfAFileThatIsNotThereSaysSoInOneLineAndExitsWithUsage(@TempDir Path dir) {
    CliCapture cli = new CliCapture();

    int code = cli.run("jmh", dir.resolve("jmh.json").toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).isEqualTo("mqbench: no such file: " + dir.resolve("jmh.json"));
  }
}
