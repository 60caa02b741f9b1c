package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, defect 3: a report over runs made at different durability says so at the top, and names
 * a run whose acknowledged messages were not stored; each run's durability is in its row.
 */
class DurabilityInReportTest {
  private static final Durability QUORUM =
      new Durability(
          Durability.Level.FSYNC,
          "on a majority of the queue's replicas",
          "rabbitmq.queueType=quorum, rabbitmq.persistent=true, publisher confirms");
  private static final Durability PAGE_CACHE =
      new Durability(
          Durability.Level.MEMORY, "on every in-sync replica", "kafka.acks=all, broker flush");
  private static final Durability NOT_STORED =
      new Durability(Durability.Level.NONE, "(the producer does not wait)", "kafka.acks=0");

  private static String report(Durability... durabilities) {
    List<RunFigures> runs =
        java.util.Arrays.stream(durabilities)
            .map(d -> FixedResults.withDurability(FixedResults.fixedResult(0), d))
            .map(r -> RunFigures.of(r, "results"))
            .toList();
    return HtmlReport.render(runs, List.of(), "2026-11-25T00:00:00Z");
  }

  @Test
  void runsAtDifferentDurabilitySayItAtTheTop() {
    String html = report(QUORUM, PAGE_CACHE);

    assertThat(html).contains("id=\"durability-differs\"");
    assertThat(html.indexOf("durability-differs")).isLessThan(html.indexOf("id=\"cells\""));
    assertThat(html).contains("fsynced to disk: ").contains("in memory: ");
    assertThat(html)
        .contains(
            "fsynced to disk on a majority of the queue's replicas (rabbitmq.queueType=quorum");
  }

  @Test
  void runsAtTheSameDurabilityCompareWithoutANotice() {
    assertThat(report(QUORUM, QUORUM)).doesNotContain("durability-differs");
  }

  @Test
  void aRunWhoseMessagesWereNotStoredIsNamedAsSuch() {
    String html = report(NOT_STORED);

    assertThat(html).contains("its figures are not those of a durable queue");
  }

  @Test
  void aStandInIsNeverGroupedWithTheFsyncedQueuesNorTheirBest() {
    Durability standIn =
        Durability.standIn("MongoDB", "a wire-compatible server without gitVersion in buildInfo");
    String html = report(QUORUM, standIn);

    assertThat(html).contains("id=\"durability-differs\"");
    assertThat(html).contains("fsynced to disk: ").contains("stand-in: ");
    assertThat(html)
        .contains(
            ": measured on a stand-in (in memory), not MongoDB (a wire-compatible server without"
                + " gitVersion in buildInfo); its figures say nothing about the real system's.");
  }

  @Test
  void aResultWrittenBeforeDurabilityWasRecordedSaysSo() {
    RunResult old = FixedResults.withDurability(FixedResults.fixedResult(0), null);
    String html = HtmlReport.render(List.of(RunFigures.of(old, "old")), List.of(), "now");

    assertThat(html).contains("not recorded");
  }
}
