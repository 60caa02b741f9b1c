package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Settings;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mqbench compare}'s exit codes and refusals, on folders of runs with known figures: a
 * comparison that could not have seen a change of the threshold's size is no pass, and input it
 * cannot compare is refused in one line before anything is printed or written.
 */
class CompareCommandVerdictsTest {
  @TempDir Path tmp;

  /** Writes a folder of one cell's repetitions, one per sent msgs/s given. */
  private Path folder(String name, UnaryOperator<RunResult> edit, double... sentPerSecond) {
    Path dir = tmp.resolve(name);
    for (int rep = 1; rep <= sentPerSecond.length; rep++) {
      RunResult fixed = FixedResults.fixedResult(0);
      double sent = sentPerSecond[rep - 1];
      RunResult run =
          fixed
              .with(b -> b.totals(fixed.totals().withSentPerSecond(sent)))
              .inCell(Map.of("senders", "4"), rep);
      ResultsFolder.write(edit.apply(run), dir.resolve("00" + rep));
    }
    return dir;
  }

  private Path folder(String name, double... sentPerSecond) {
    return folder(name, r -> r, sentPerSecond);
  }

  private static String lastLine(String text) {
    List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
    return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
  }

  @Test
  void compareOfRunsThatCannotDetectTheThresholdSaysInconclusiveAndExitsEight() throws IOException {
    // +3 % ± 90.7 %: the runs hold a 50 % regression as well as no change.
    Path base = folder("base", 100_000, 60_000, 140_000);
    Path cand = folder("cand", 103_000, 63_000, 143_000);
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), cand.toString(), "--out", "" + tmp.resolve("p"));

    assertThat(code).as(cli.out() + cli.err()).isEqualTo(ExitCodes.INCONCLUSIVE).isEqualTo(8);
    assertThat(cli.out())
        .containsPattern("sent msgs/s .* inconclusive \\(smallest detectable ±91 %\\)")
        .doesNotContain("no regression");
    assertThat(lastLine(cli.out().replaceAll("(?m)^report .*$", "")))
        .startsWith(
            "INCONCLUSIVE: 1 of 1 cell could not detect a 5 % change (smallest detectable:"
                + " 91 %, the half-width of the 95 % interval)");
    String html = Files.readString(tmp.resolve("p").resolve("report.html"));
    assertThat(html).contains("class=\"outcome unsure\"").doesNotContain("class=\"outcome ok\"");
  }

  @Test
  void runsThatRuleOutTheThresholdAreNoChangeAndExitZero() {
    // +0.5 % ± 2.3 %: within 5 % either way.
    Path base = folder("base", 100_000, 101_000, 99_000);
    Path cand = folder("cand", 100_500, 101_500, 99_500);
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), cand.toString());

    assertThat(code).as(cli.out() + cli.err()).isEqualTo(ExitCodes.OK);
    assertThat(lastLine(cli.out()))
        .startsWith("no regression beyond 5 %: 1 cell compared: 0 better, 0 worse,")
        .contains(" 0 inconclusive, 0 cannot judge");
  }

  @Test
  void aSideMeasuredOnAHostBusyWithOtherWorkIsNamedAndNeverPasses() {
    // Figures that would be "no change", but the candidate's host set the pace.
    Path base = folder("base", 100_000, 101_000, 99_000);
    Path cand = folder("cand", r -> r.withStatus(RunStatus.HOST_LIMITED), 100_500, 101_500, 99_500);
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), cand.toString());

    assertThat(code).as(cli.out() + cli.err()).isEqualTo(ExitCodes.INCONCLUSIVE);
    assertThat(cli.out())
        .contains("HOST-LIMITED: the candidate ran on a host busy with other work")
        .doesNotContain("no regression beyond");
    assertThat(lastLine(cli.out())).startsWith("HOST-LIMITED: in 1 of 1 cell a side ran on a host");
  }

  @Test
  void theSameFolderTwiceIsRefusedInOneLineBeforeAnythingIsWritten() {
    Path base = folder("base", 100_000, 101_000);
    Path out = tmp.resolve("page");
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), base + "/.", "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines()).hasSize(1);
    assertThat(cli.err()).contains("BASELINE and CANDIDATE are the same folder");
    assertThat(cli.out()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void aRunJsonOfALaterFormatIsRefusedInOneLineBeforeAnythingIsWritten() throws IOException {
    Path base = folder("base", 100_000, 101_000);
    Path later = folder("later", 100_000, 101_000);
    Path file = later.resolve("001/run.json");
    String version = "\"formatVersion\" : " + RunResult.FORMAT_VERSION + ",";
    assertThat(Files.readString(file)).contains(version);
    Files.writeString(file, Files.readString(file).replace(version, "\"formatVersion\" : 99,"));
    Path out = tmp.resolve("page");
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), later.toString(), "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines()).hasSize(1);
    assertThat(cli.err())
        .contains(
            "is in run.json format 99; this mqbench reads formats 1 to "
                + RunResult.FORMAT_VERSION);
    assertThat(cli.out()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void foldersWithNoCellInCommonAreRefusedInOneLineBeforeAnythingIsWritten() {
    Path base = folder("base", 100_000, 101_000);
    Path other =
        folder(
            "other",
            r ->
                FixedResults.withSettings(
                    r,
                    Settings.of(
                        r.setup().settings().run().withSenders(8),
                        r.setup().settings().warmup(),
                        r.setup().settings().seed())),
            100_000,
            101_000);
    Path out = tmp.resolve("page");
    CliCapture cli = new CliCapture();

    int code = cli.run("compare", base.toString(), other.toString(), "--out", out.toString());

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().lines()).hasSize(1);
    assertThat(cli.err())
        .contains("nothing to compare")
        .contains("for a side-by-side view: mqbench report " + base + " " + other);
    assertThat(cli.out()).as("no table, no 'no regression'").isEmpty();
    assertThat(out).doesNotExist();
  }
}
