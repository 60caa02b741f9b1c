package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.RunsAlone;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mqbench compare} on folders written by real runs of the memory queue: three repetitions
 * each of a queue whose receive call takes at least 5 ms, and of the same queue at 20 ms (a receive
 * path four times slower), each sleep-bound so that the machine's load hardly moves them. Received
 * msgs/s is the figure the slowdown shows in.
 */
@RunsAlone
class CompareCommandTest {
  @TempDir static Path tmp;

  static Path fast;
  static Path slow;

  @BeforeAll
  static void runBothSides() throws IOException {
    Path scenario = tmp.resolve("repeat3.yml");
    Files.writeString(
        scenario, "queue: memory\nmessages: 300\nbatch: 10\nreceiverIdle: 300ms\nrepeat: 3\n");
    fast = run(scenario, "5ms", "fast");
    slow = run(scenario, "20ms", "slow");
  }

  private static Path run(Path scenario, String receiveDelay, String out) throws IOException {
    CliCapture cli = new CliCapture();
    int code =
        cli.run(
            "run",
            "--scenario",
            scenario.toString(),
            "-p",
            "memory.receiveDelay=" + receiveDelay,
            "--out",
            tmp.resolve(out).toString());
    // The receiver takes the 300 messages within a second of the last send (0.6 s at 20 ms a
    // call): never "receivers behind", so that no status differs between the sides.
    assertThat(code).as(cli.err()).isZero();
    try (Stream<Path> folders = Files.list(tmp.resolve(out)).filter(Files::isDirectory)) {
      return folders.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  @Test
  void aFourTimesSlowerReceivePathIsARegressionWithExitCodeSeven() throws IOException {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "compare", fast.toString(), slow.toString(), "--out", tmp.resolve("page").toString());

    assertThat(code).as(cli.out() + cli.err()).isEqualTo(ExitCodes.REGRESSION);
    assertThat(cli.out())
        .containsPattern("end-to-end p50 ms .* worse  REGRESSION")
        .contains("SETTINGS DIFFER")
        .contains("backend memory.receiveDelay  baseline 5ms | candidate 20ms")
        .contains("REGRESSION: 1 cell compared");
    String html = Files.readString(tmp.resolve("page").resolve("report.html"));
    assertThat(html.indexOf("id=\"settings-differ\""))
        .as("the comparison, its different settings first, before the runs' report")
        .isLessThan(html.indexOf("<table id=\"cells\">"));
    assertThat(html).contains("worse: regression");
  }

  @Test
  void theSameSlowdownIsBetterTheOtherWayAndAThresholdOnChosenFiguresLetsItPass() {
    CliCapture cli = new CliCapture();
    // Rates and CPU over runs this short move by chance, either way: the latency tells.
    assertThat(
            cli.run(
                "compare", slow.toString(), fast.toString(), "--figures", "e2e_p50_ms,e2e_p99_ms"))
        .as(cli.out())
        .isZero();
    assertThat(cli.out()).containsPattern("end-to-end p50 ms .* better");

    cli.reset();
    assertThat(
            cli.run(
                "compare",
                fast.toString(),
                slow.toString(),
                "--figures",
                "e2e_p50_ms",
                "--threshold",
                "1000"))
        .as("end-to-end p50 is worse, not by more than 1,000 %%: %s", cli.out())
        .isZero();
    assertThat(cli.out())
        .containsPattern("(?m)end-to-end p50 ms .* worse$")
        .doesNotContain("received msgs/s")
        .doesNotContain("end-to-end p99");
  }

  @Test
  void badInputIsOneLineAndExitCodeTwo() throws IOException {
    CliCapture cli = new CliCapture();
    assertThat(cli.run("compare", tmp.resolve("nowhere").toString(), fast.toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).startsWith("mqbench: ").contains("nowhere does not exist");
    assertThat(cli.err().lines()).hasSize(1);

    cli.reset();
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertThat(cli.run("compare", fast.toString(), empty.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("holds no run.json").doesNotContain("Exception");

    cli.reset();
    assertThat(cli.run("compare", fast.toString(), slow.toString(), "--figures", "speed"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("--figures: no figure is named 'speed'");

    cli.reset();
    assertThat(cli.run("compare", fast.toString(), fast.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("the same folder");

    cli.reset();
    assertThat(cli.run("compare", fast.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("CANDIDATE");
  }
}
