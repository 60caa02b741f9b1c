package io.mqbench.runner.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.RequestCounts;
import io.mqbench.mq.RequestPrice;
import io.mqbench.results.FixedResults;
import io.mqbench.results.RequestCost;
import io.mqbench.results.RunCost;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A backend billed per request: its calls and the cost per million messages reach every output. */
class TerminalSummaryRequestsTest {
  private static RunResult billed() {
    RunResult r = FixedResults.fixedResult(0);
    RequestCounts counts =
        new RequestCounts(Map.of("send", 1_000L, "receive", 1_200L, "delete", 1_000L), 3_200);
    return r.withCost(
        new RunCost(
            RequestCost.of(
                counts,
                Optional.of(new RequestPrice(0.40, "USD", "sqs.pricePerMillionRequests=0.40")),
                10_000),
            null));
  }

  @Test
  void theTerminalShowsCallsByKindAndTheEstimatedCostPerMillionMessages() {
    String report = TerminalSummaryTest.print(billed());

    assertThat(TerminalSummaryTest.line(report, "requests"))
        .isEqualTo("requests   delete 1,000, receive 1,200, send 1,000; billed 3,200");
    // 3,200 billed requests x 0.40 USD per million / 10,000 messages = 0.128 USD per million.
    assertThat(TerminalSummaryTest.line(report, "cost"))
        .startsWith("cost       0.1280 USD per million messages")
        .contains("sqs.pricePerMillionRequests=0.40");
  }

  @Test
  void aBackendThatCountsNothingPrintsNoRequestLines() {
    String report = TerminalSummaryTest.print(FixedResults.fixedResult(0));
    assertThat(report).doesNotContain("requests   ").doesNotContain("cost       ");
    assertThat(RequestCost.of(RequestCounts.NONE, Optional.empty(), 10)).isNull();
  }

  @Test
  void theSummaryRowCarriesBilledRequestsAndCost() {
    String csv = ResultsWriter.csv(List.of(billed(), FixedResults.fixedResult(0)));
    List<String> lines = csv.lines().toList();

    assertThat(lines.get(0)).endsWith(",requests_billed,cost_per_million_msgs,cost_basis");
    assertThat(lines.get(1)).endsWith(",3200,0.128000,\"USD: billed requests x 0.4 per million\"");
    assertThat(lines.get(2)).endsWith(",,,");
  }
}
