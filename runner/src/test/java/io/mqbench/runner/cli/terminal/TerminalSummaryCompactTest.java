package io.mqbench.runner.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import io.mqbench.results.FixedResults;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Limit;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The default summary holds the figures a reader acts on, each line within 100 characters, and
 * every verdict; the harness's whole breakdown is for {@code --verbose} (and run.json).
 */
class TerminalSummaryCompactTest {
  /** A host-limited run whose senders were held back: every optional line of a plain run shows. */
  static RunResult hostLimited() {
    RunResult r = FixedResults.fixedResult(0);
    return r.withHarness(harness(0.42))
        .withStatus(RunStatus.HOST_LIMITED)
        .withRates(r.rates().withLimit(DELIVERY_PATH))
        .withTotals(r.totals().withEndToEndPerSecond(48_000).withSendersHeldShare(0.9));
  }

  /** The limit a probe with twice the receivers found, as the runner words it. */
  static final Limit DELIVERY_PATH =
      new Limit(
          Limit.Side.DELIVERY,
          1,
          4_908,
          2,
          5_010,
          0.95,
          1.1,
          "the queue's delivery path was the limit, not the receivers: with 2 receivers instead of"
              + " 1 it moved 5,010 msgs/s end to end instead of 4,908 (1.02x; 0.95x to 1.10x second"
              + " by second); more receivers do not help");

  /** The figures of a default memory run on a busy host, its busiest sender's share as given. */
  static HarnessUse harness(double busiestSenderShare) {
    return new HarnessUse(
        19.72,
        18.09,
        1.63,
        8.33,
        8.14,
        3.25,
        0.19,
        0.1,
        0.1,
        busiestSenderShare,
        0.41,
        6.97,
        7.19,
        3.24,
        352,
        243.0,
        1,
        0.52,
        0.44,
        true);
  }

  @Test
  void theDefaultSummaryKeepsEveryLineWithinOneHundredCharactersAndEveryVerdict() {
    String report = print(hostLimited(), false);

    assertThat(report.lines())
        .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    assertThat(report)
        .contains(
            "harness    0.19 µs CPU/msg; waited for a CPU 52 % of the time; other work used 44 %"
                + " of the host\n")
        .contains("host       HOST-LIMITED: the host, not the queue, set the pace")
        .contains("           senders held back 90 % of the time")
        .contains("status     host-limited\n")
        .contains("limit      the queue's delivery path was the limit, not the receivers: with 2")
        .contains("\n           second); more receivers do not help\n");
  }

  @Test
  void theHarnessBreakdownIsPrintedOnlyWhenVerbose() {
    RunResult r = hostLimited();

    assertThat(print(r, false))
        .doesNotContain("busiest sender thread")
        .doesNotContain("GC ")
        .doesNotContain("peak RSS")
        .doesNotContain("user 18.09");
    assertThat(print(r, true)).contains("           " + r.harness().describe() + "\n");
  }

  @Test
  void aBusyThreadIsShownWithoutVerbose() {
    RunResult busy = hostLimited().withHarness(harness(0.95));

    assertThat(print(busy, false))
        .contains("busiest sender thread 95 % of a core, busiest receiver thread 41 %");
  }

  @Test
  void aLongDurabilityIsCutBetweenWordsUnderItsLabel() {
    Durability redis =
        new Durability(
            Durability.Level.FSYNC,
            "on the primary",
            "redis.fsync=always (appendonly yes, appendfsync always), redis.replicas=0; read back:"
                + " redis 7.0.15 runs appendonly yes, appendfsync always (CONFIG GET)");

    String report = print(FixedResults.withDurability(FixedResults.fixedResult(0), redis), false);

    assertThat(report.lines())
        .allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(100));
    assertThat(report.replaceAll("\n {11}", " ")).contains("durability " + redis.describe() + "\n");
  }

  @Test
  void aSingleRunEndsWithItsStatus() {
    String report = print(FixedResults.fixedResult(0), false);

    assertThat(report).contains("status     ok\n");
    assertThat(print(FixedResults.fixedResult(5), false)).contains("status     lost messages\n");
  }

  static String print(RunResult result, boolean verbose) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TerminalSummary.print(
        result,
        "4 senders for 25,000 msgs each, 2 receivers, batch 1..10, 100 B, in flight 8",
        Path.of("results/20261128-011627-memory"),
        0.38,
        false,
        verbose,
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
