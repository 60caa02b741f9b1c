package io.mqbench.results.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.results.FixedResults;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Settings;
import io.mqbench.results.files.SummaryColumns;
import io.mqbench.results.report.ResultsFolder;
import io.mqbench.results.report.RunFigures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mqbench compare}'s verdicts, from runs with known figures. */
class CompareTest {
  @TempDir Path tmp;

  /** A run of the fixed result with these sent msgs/s and end-to-end p99. */
  static RunFigures run(String source, double sent, double e2eP99) {
    return run(source, sent, e2eP99, r -> r);
  }

  static RunFigures run(String source, double sent, double e2eP99, UnaryOperator<RunResult> edit) {
    RunResult fixed = FixedResults.fixedResult(0);
    Map<LatencyKind, Latency> latencies = new LinkedHashMap<>(fixed.latency().byKind());
    latencies.put(LatencyKind.END_TO_END, latencies.get(LatencyKind.END_TO_END).withP99Ms(e2eP99));
    return RunFigures.of(
        edit.apply(
            fixed.with(
                b ->
                    b.totals(fixed.totals().withSentPerSecond(sent))
                        .latency(fixed.latency().withByKind(latencies)))),
        source);
  }

  private static Settings settings(RunResult r, RunSettings run) {
    return Settings.of(run, r.setup().settings().warmup(), r.setup().settings().seed());
  }

  private static List<RunFigures> runs(String source, double... sent) {
    List<RunFigures> runs = new ArrayList<>();
    for (double s : sent) {
      runs.add(run(source, s, 5.0));
    }
    return runs;
  }

  private static Comparison compare(List<RunFigures> baseline, List<RunFigures> candidate) {
    return Comparison.of("base", baseline, "cand", candidate, 5, Figure.ALL);
  }

  private static FigureComparison figure(Comparison c, String name) {
    return c.cells().get(0).figures().stream()
        .filter(f -> f.figure().name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aClearSlowdownIsWorseAndARegressionBeyondTheThreshold() {
    Comparison c =
        compare(runs("base", 100_000, 101_000, 99_000), runs("cand", 80_000, 81_000, 79_000));

    FigureComparison sent = figure(c, SummaryColumns.SENT_MSGS_PER_S);
    assertThat(sent.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(sent.regression()).isTrue();
    assertThat(sent.percent()).isCloseTo(-20.0, within(1e-9));
    // s = 1,000 a side, se = 816.50, df = 4, t = 2.7764: -20,000 ± 2,267
    assertThat(sent.welch().low()).isCloseTo(-22_266.9, within(0.5));
    assertThat(sent.welch().high()).isCloseTo(-17_733.1, within(0.5));
    assertThat(sent.percentHigh()).isCloseTo(-17.733, within(1e-3));
    assertThat(c.regressed()).isTrue();
    assertThat(c.regressions()).isEqualTo(1);
  }

  @Test
  void aWorseFigureWhoseIntervalReachesInsideTheThresholdIsNoRegression() {
    // -3 % ± 2.3 %: surely worse, not surely by more than 5 %
    Comparison c =
        compare(runs("base", 100_000, 101_000, 99_000), runs("cand", 97_000, 98_000, 96_000));

    FigureComparison sent = figure(c, SummaryColumns.SENT_MSGS_PER_S);
    assertThat(sent.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(sent.regression()).isFalse();
    assertThat(c.regressed()).isFalse();
    assertThat(
            Comparison.of("b", runsOf(c, true), "c", runsOf(c, false), 0, Figure.ALL).regressed())
        .as("with a threshold of 0 every worse figure is a regression")
        .isTrue();
  }

  private static List<RunFigures> runsOf(Comparison c, boolean baseline) {
    return baseline ? c.cells().get(0).baselineRuns() : c.cells().get(0).candidateRuns();
  }

  @Test
  void theSameDistributionIsNoChange() {
    Comparison c =
        compare(runs("base", 100_000, 103_000, 98_000), runs("cand", 101_000, 99_000, 102_000));

    assertThat(c.cells()).hasSize(1);
    assertThat(c.cells().get(0).figures())
        .allSatisfy(f -> assertThat(f.verdict()).isEqualTo(Verdict.NO_CHANGE));
    assertThat(c.regressed()).isFalse();
  }

  /**
   * Three runs a side spread from 60,000 to 140,000 msgs/s: the difference, +3 %, has a 95 %
   * interval of ±90.7 % (s = 40,000 a side, se = 32,660, df = 4, t = 2.7764), which holds 0 and a
   * 50 % regression alike. Saying "no change" there would pass a comparison that could not have
   * seen one.
   */
  @Test
  void aComparisonThatCannotDetectTheThresholdSaysInconclusive() {
    Comparison c =
        compare(runs("base", 100_000, 60_000, 140_000), runs("cand", 103_000, 63_000, 143_000));

    FigureComparison sent = figure(c, SummaryColumns.SENT_MSGS_PER_S);
    assertThat(sent.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    assertThat(sent.regression()).isFalse();
    assertThat(sent.welch().halfWidth()).isCloseTo(90_678, within(2.0));
    assertThat(sent.smallestDetectablePercent()).isCloseTo(90.678, within(2e-3));
    assertThat(sent.worseEndPercent()).isCloseTo(87.678, within(2e-3));
    assertThat(c.regressed()).isFalse();
    assertThat(c.couldNotTell()).isTrue();
    assertThat(c.inconclusiveCells()).hasSize(1);
    assertThat(ComparisonTable.outcome(c))
        .startsWith(
            "INCONCLUSIVE: 1 of 1 cell could not detect a 5 % change (smallest detectable: 91 %,"
                + " the half-width of the 95 % interval); 1 cell compared:")
        .contains(" 1 inconclusive, 0 cannot judge")
        .doesNotContain("no regression");
    assertThat(print(c))
        .containsPattern("sent msgs/s .* inconclusive \\(smallest detectable ±91 %\\)");
    String html = ComparisonHtml.section(c);
    assertThat(html)
        .contains("class=\"outcome unsure\"")
        .doesNotContain("class=\"outcome ok\"")
        .contains("<td class=\"l inconclusive\">inconclusive (smallest detectable ±91 %)");
  }

  /**
   * An interval that holds 0 is still "no change" when its worse end stays within the threshold,
   * however far it reaches on the better side: the runs rule out a regression beyond it.
   */
  @Test
  void anIntervalHoldingZeroWithinTheThresholdOnTheWorseSideIsNoChange() {
    // +3 % ± 5 %: [-2 %, +8 %] for a rate, of which the worse side reaches 2 %
    Comparison c =
        compare(runs("base", 100_000, 97_800, 102_200), runs("cand", 103_000, 100_800, 105_200));

    FigureComparison sent = figure(c, SummaryColumns.SENT_MSGS_PER_S);
    assertThat(sent.percentLow()).isBetween(-2.2, -1.8);
    assertThat(sent.percentHigh()).isGreaterThan(5);
    assertThat(sent.verdict()).isEqualTo(Verdict.NO_CHANGE);
    assertThat(c.couldNotTell()).isFalse();
    assertThat(ComparisonTable.outcome(c)).startsWith("no regression beyond 5 %: 1 cell compared");
    assertThat(
            figure(
                    Comparison.of(
                        "b",
                        runs("base", 100_000, 97_800, 102_200),
                        "c",
                        runs("cand", 103_000, 100_800, 105_200),
                        1,
                        Figure.ALL),
                    SummaryColumns.SENT_MSGS_PER_S)
                .verdict())
        .as("with a threshold of 1 %% the same interval cannot tell")
        .isEqualTo(Verdict.INCONCLUSIVE);
  }

  @Test
  void higherLatencyIsWorseAndHigherRatesAreBetter() {
    List<RunFigures> base = List.of(run("b", 100, 10.0), run("b", 101, 10.5), run("b", 99, 9.5));
    List<RunFigures> cand = List.of(run("c", 200, 20.0), run("c", 201, 21.0), run("c", 199, 19.0));

    Comparison c = compare(base, cand);

    assertThat(figure(c, SummaryColumns.SENT_MSGS_PER_S).verdict()).isEqualTo(Verdict.BETTER);
    FigureComparison p99 = figure(c, SummaryColumns.latency(LatencyKind.END_TO_END, Latency.P99));
    assertThat(p99.verdict()).isEqualTo(Verdict.WORSE);
    assertThat(p99.regression()).isTrue();
    assertThat(p99.figure().label()).isEqualTo("end-to-end p99 ms");
  }

  @Test
  void aSingleRunOnEitherSideCannotBeJudgedAndIsNoRegression() {
    Comparison c = compare(runs("base", 100_000), runs("cand", 50_000, 51_000, 49_000));

    FigureComparison sent = figure(c, SummaryColumns.SENT_MSGS_PER_S);
    assertThat(sent.verdict()).isEqualTo(Verdict.CANNOT_JUDGE);
    assertThat(sent.welch()).isNull();
    assertThat(sent.percent()).as("the means still compare").isCloseTo(-50.0, within(1e-9));
    assertThat(c.cells().get(0).single()).isTrue();
    assertThat(c.regressed()).isFalse();
    String table = print(c);
    assertThat(table).contains("cannot judge").contains("repeat: 3");
    assertThat(ComparisonTable.outcome(compare(runs("b", 1), runs("c", 2))))
        .as("a comparison of single runs says it judged nothing")
        .startsWith("NOTHING JUDGED: 1 cell compared: 0 better, 0 worse, 0 no change");
  }

  /** A run of 100 msgs/s sent and a 5 ms end-to-end p99, its engine settings changed. */
  private static RunFigures runWith(String source, UnaryOperator<RunSettings> change) {
    return run(
        source,
        100,
        5.0,
        r -> FixedResults.withSettings(r, settings(r, change.apply(r.setup().settings().run()))));
  }

  @Test
  void cellsAreMatchedOnTheirSettingsAndTheOthersAreListed() {
    List<RunFigures> base = new ArrayList<>(runs("b", 100, 101));
    base.add(runWith("b", s -> s.withSenders(8)));
    List<RunFigures> cand = new ArrayList<>(runs("c", 100, 101));
    cand.add(runWith("c", s -> s.withMaxBatch(1000)));

    Comparison c = compare(base, cand);

    assertThat(c.cells()).hasSize(1);
    assertThat(c.cells().get(0).baselineRuns()).hasSize(2);
    assertThat(c.onlyInBaseline()).containsExactly("senders=8 batch=10");
    assertThat(c.onlyInCandidate()).containsExactly("senders=4 batch=1000");
    assertThat(print(c))
        .contains("only in the baseline, not compared:  senders=8 batch=10")
        .contains("only in the candidate, not compared: senders=4 batch=1000");
  }

  @Test
  void runsWithAFixedBatchSizeMeetOnlyRunsWithOne() {
    List<RunFigures> base = new ArrayList<>(runs("b", 100, 101));
    List<RunFigures> cand = new ArrayList<>(runs("c", 100, 101));
    cand.add(runWith("c", s -> s.withFixedBatch(true)));

    Comparison c = compare(base, cand);

    assertThat(c.cells()).hasSize(1);
    assertThat(c.cells().get(0).candidateRuns()).hasSize(2);
    assertThat(c.onlyInCandidate()).containsExactly("fixedBatch=true");
  }

  @Test
  void aSingleRunMeetsTheMatrixCellWithItsSettings() {
    List<RunFigures> matrix = new ArrayList<>();
    for (int rep = 1; rep <= 2; rep++) {
      int r = rep;
      matrix.add(run("m", 100, 5.0, x -> x.inCell(Map.of("senders", "4"), r)));
      matrix.add(
          run(
              "m",
              100,
              5.0,
              x ->
                  FixedResults.withSettings(
                          x, settings(x, x.setup().settings().run().withSenders(8)))
                      .inCell(Map.of("senders", "8"), r)));
    }

    Comparison c = compare(matrix, runs("single", 100, 101));

    assertThat(c.cells()).extracting(CellComparison::label).containsExactly("senders=4");
    assertThat(c.cells().get(0).baselineRuns()).hasSize(2);
    assertThat(c.onlyInBaseline()).containsExactly("senders=8");
    assertThat(c.onlyInCandidate()).isEmpty();
  }

  @Test
  void differencesInSettingsVersionsAndMachineAreListedAndDifferentSettingsSaidFirst() {
    List<RunFigures> base = runs("b", 100, 101);
    List<RunFigures> cand = new ArrayList<>();
    for (double s : new double[] {100, 101}) {
      cand.add(
          run(
              "c",
              s,
              5.0,
              r -> {
                Map<String, String> backend = new LinkedHashMap<>(r.setup().backendConfig());
                backend.put("memory.receiveDelay", "PT0.001S");
                return r.withSetup(
                    r.setup()
                        .withBackendConfig(backend)
                        .withEnvironment(
                            r.setup()
                                .environment()
                                .withMqbenchVersion("9.9")
                                .withCores(64)
                                .withOs("Plan 9")));
              }));
    }

    Comparison c = compare(base, cand);

    Provenance p = c.provenance();
    assertThat(p.settingsDiffer()).isTrue();
    assertThat(p.of(Provenance.Kind.SETTINGS))
        .extracting(Provenance.Difference::name)
        .containsExactly("backend memory.receiveDelay");
    assertThat(p.of(Provenance.Kind.VERSIONS))
        .extracting(Provenance.Difference::name)
        .containsExactly("mqbenchVersion");
    assertThat(p.of(Provenance.Kind.MACHINE))
        .extracting(Provenance.Difference::name)
        .contains("cores", "os");
    String table = print(c);
    assertThat(table.indexOf("SETTINGS DIFFER"))
        .as("said before any figure")
        .isLessThan(table.indexOf("sent msgs/s"));
    assertThat(table).contains("backend memory.receiveDelay  baseline - | candidate PT0.001S");
    assertThat(compare(runs("b", 1, 2), runs("c", 1, 2)).provenance().differences()).isEmpty();
  }

  @Test
  void aCandidateThatFailsAVerdictTheBaselinePassedIsARegression() {
    List<RunFigures> cand = new ArrayList<>(runs("c", 100, 101));
    cand.add(run("c", 100, 5.0, r -> r.withStatus(RunStatus.LOST_MESSAGES)));

    Comparison c = compare(runs("b", 100, 101, 100), cand);

    assertThat(c.cells().get(0).statusRegressed()).isTrue();
    assertThat(c.regressed()).isTrue();
    assertThat(print(c)).contains("STATUS REGRESSED").contains("REGRESSION:");
  }

  @Test
  void foldersAreReadAsReportReadsThemAndBadOnesAreOneLine() throws IOException {
    Path base = tmp.resolve("base");
    Path cand = tmp.resolve("cand");
    for (int rep = 1; rep <= 2; rep++) {
      ResultsFolder.write(
          FixedResults.fixedResult(0).inCell(Map.of("senders", "4"), rep),
          base.resolve("00" + rep));
      ResultsFolder.write(
          FixedResults.fixedResult(0).inCell(Map.of("senders", "4"), rep),
          cand.resolve("00" + rep));
    }

    Comparison c = Comparisons.read(base, cand, 5, Figure.ALL);
    Path page = Comparisons.write(c, base, cand, tmp.resolve("out/report.html"));

    assertThat(c.cells()).hasSize(1);
    assertThat(c.cells().get(0).figures())
        .allSatisfy(f -> assertThat(f.verdict()).isEqualTo(Verdict.NO_CHANGE));
    String html = Files.readString(page);
    assertThat(html.indexOf("<h1>mqbench compare</h1>"))
        .as("the comparison comes first")
        .isLessThan(html.indexOf("<table id=\"cells\">"));
    assertThat(html).contains("id=\"outcome\"").contains("no change");
    assertThatThrownBy(() -> Comparisons.read(tmp.resolve("nowhere"), cand, 5, Figure.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nowhere does not exist");
    Files.createDirectories(tmp.resolve("empty"));
    assertThatThrownBy(() -> Comparisons.read(base, tmp.resolve("empty"), 5, Figure.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("holds no run.json");
  }

  private void writeRuns(Path folder, UnaryOperator<RunResult> edit) {
    for (int rep = 1; rep <= 2; rep++) {
      ResultsFolder.write(
          edit.apply(FixedResults.fixedResult(0).inCell(Map.of("senders", "4"), rep)),
          folder.resolve("00" + rep));
    }
  }

  @Test
  void theSameFolderTwiceIsRefused() {
    Path base = tmp.resolve("base");
    writeRuns(base, r -> r);

    assertThatThrownBy(() -> Comparisons.read(base, base, 5, Figure.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("BASELINE and CANDIDATE are the same folder");
    assertThatThrownBy(() -> Comparisons.read(base, tmp.resolve("x/../base/."), 5, Figure.ALL))
        .as("however it is spelled")
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("same folder");
  }

  @Test
  void aRunJsonOfAFormatThisVersionDoesNotReadIsRefused() throws IOException {
    Path base = tmp.resolve("base");
    Path later = tmp.resolve("later");
    writeRuns(base, r -> r);
    writeRuns(later, r -> r);
    Path file = later.resolve("002/run.json");
    String version = "\"formatVersion\" : " + RunResult.FORMAT_VERSION + ",";
    Files.writeString(file, Files.readString(file).replace(version, "\"formatVersion\" : 99,"));

    assertThatThrownBy(() -> Comparisons.read(base, later, 5, Figure.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("is in run.json format 99; this mqbench reads formats 1 to ")
        .hasMessageContaining(String.valueOf(later));
    assertThat(Comparisons.read(base, base.resolve("001"), 5, Figure.ALL).cells())
        .as("this version's own format reads")
        .hasSize(1);
  }

  @Test
  void foldersWithNoCellInCommonAreRefusedPointingToTheReport() {
    Path base = tmp.resolve("base");
    Path other = tmp.resolve("other");
    writeRuns(base, r -> r);
    writeRuns(
        other,
        r -> FixedResults.withSettings(r, settings(r, r.setup().settings().run().withSenders(8))));

    assertThatThrownBy(() -> Comparisons.read(base, other, 5, Figure.ALL))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nothing to compare")
        .hasMessageContaining("baseline senders=4")
        .hasMessageContaining("candidate senders=8")
        .hasMessageEndingWith("for a side-by-side view: mqbench report " + base + " " + other);
  }

  @Test
  void figuresAreChosenByTheirSummaryColumnNames() {
    assertThat(Figure.named(List.of("e2e_p99_ms", "sent_msgs_per_s")))
        .extracting(Figure::label)
        .containsExactly("sent msgs/s", "end-to-end p99 ms");
    assertThatThrownBy(() -> Figure.named(List.of("sent")))
        .hasMessageStartingWith("no figure is named 'sent'; figures: sent_msgs_per_s,");
  }

  static String print(Comparison c) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ComparisonTable.print(c, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
