package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs whose receiving side is slower than the senders, on the memory queue made slow in the two
 * ways a broker can be: a receive round trip per receiver ({@code memory.receiveDelay}: more
 * receivers move more), or a delivery path shared by all receivers ({@code memory.deliveryRate}:
 * they do not). Issue 22, defects 1 and 2.
 */
class ReceivingSideVerdictTest {
  @TempDir Path tmp;

  /**
   * One receiver of 10 messages per 10 ms round trip takes at most 1,000 msgs/s; the sender could
   * send a hundred times as many. The queue's depth bounds the burst before the first poll.
   */
  private static final String[] SLOW_RECEIVERS = {
    "--duration",
    "4s",
    "--batch",
    "10",
    "-p",
    "memory.receiveDelay=10ms",
    "-p",
    "memory.maxDepth=2000"
  };

  /** The queue hands out 2,000 msgs/s whoever asks: more receivers cannot move more. */
  private static final String[] SLOW_DELIVERY = {
    "-p", "memory.deliveryRate=2000", "-p", "memory.maxDepth=3000"
  };

  private final CliCapture cli = new CliCapture();

  private static String[] with(String[] base, String... more) {
    return Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new);
  }

  private int run(String... args) {
    List<String> all = new ArrayList<>(List.of("run", "--queue", "memory", "--progress", "never"));
    all.addAll(List.of("--out", tmp.resolve("results").toString()));
    all.addAll(List.of(args));
    return cli.run(Map.of(), Map.of(), all.toArray(String[]::new));
  }

  /** The summary with its long lines, cut between words onto indented lines, joined again. */
  private static String unwrapped(String out) {
    return out.replaceAll("\n {11}", " ");
  }

  private JsonNode runJson() throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      Path folder = s.findFirst().orElseThrow();
      return JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
    }
  }

  @Test
  void receiversSlowerThanTheSendersHoldTheSendersBackAndTheRunEndsOk() throws IOException {
    // Before --max-backlog this ended "receivers behind".
    int code = run(SLOW_RECEIVERS);

    assertThat(code).as(cli.err()).isZero();
    JsonNode json = runJson();
    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // it); either way nothing was lost and the run exits 0.
    assertThat(json.at("/status").asText()).isIn("ok", "host-limited");
    assertThat(json.at("/totals/sendersHeldShare").asDouble()).isGreaterThan(0.1);
    double endToEnd = json.at("/totals/endToEndPerSecond").asDouble();
    assertThat(endToEnd).isBetween(300.0, 1_100.0);
    assertThat(json.at("/totals/sentPerSecond").asDouble()).isLessThan(3 * endToEnd);
    assertThat(json.at("/settings/maxBacklog").asText()).isEqualTo("auto");
    assertThat(cli.out()).contains("end to end").contains("senders held back");
  }

  @Test
  void whenMoreReceiversHelpTheProbeSaysSo() throws IOException {
    int code = run(with(SLOW_RECEIVERS, "--limit-probe", "3s"));

    assertThat(code).as(cli.err()).isZero();
    if (hostSetThePace()) {
      return;
    }
    JsonNode limit = runJson().at("/limit");
    assertThat(limit.at("/side").asText()).isEqualTo("receivers");
    assertThat(limit.at("/probeReceivers").asInt()).isEqualTo(2);
    assertThat(limit.at("/probeEndToEndPerSecond").asDouble())
        .isGreaterThan(1.25 * limit.at("/endToEndPerSecond").asDouble());
    assertThat(unwrapped(cli.out()))
        .contains("the receivers were the limit")
        .contains("add --receivers");
  }

  @Test
  void whenMoreReceiversDoNotHelpTheAdviceNamesTheDeliveryPathNotTheReceivers() throws IOException {
    // Before, this run ended "RECEIVERS BEHIND ... the receivers, not the queue, were the limit
    // (add --receivers ...)": wrong advice.
    int code = run(with(SLOW_DELIVERY, "--duration", "4s", "--limit-probe", "3s"));

    assertThat(code).as(cli.err()).isZero();
    JsonNode json = runJson();
    // On a host busy with other work the true verdict is host-limited (RunVerdictsTest decides
    // it); either way nothing was lost and the run exits 0.
    assertThat(json.at("/status").asText()).isIn("ok", "host-limited");
    if (hostSetThePace()) {
      return;
    }
    assertThat(json.at("/limit/side").asText()).isEqualTo("delivery path");
    assertThat(unwrapped(cli.out()) + cli.err())
        .contains("the queue's delivery path was the limit, not the receivers")
        .contains("more receivers do not help")
        .doesNotContain("add --receivers");
  }

  @Test
  void withoutABacklogLimitReceiversBehindNameTheDeliveryPathWhenMoreReceiversDoNotHelp()
      throws IOException {
    int code =
        run(with(SLOW_DELIVERY, "--duration", "3s", "--max-backlog", "off", "--limit-probe", "3s"));

    assertThat(code).as(cli.err()).isEqualTo(5);
    assertThat(runJson().at("/settings/maxBacklog").asText()).isEqualTo("off");
    assertThat(cli.err())
        .contains("RECEIVERS BEHIND")
        .contains("the queue's delivery path was the limit")
        .doesNotContain("add --receivers");
  }

  @Test
  void maxBacklogRejectsWhatIsNeitherAutoNorOffNorACount() {
    int code = run("--max-backlog", "lots");

    assertThat(code).isEqualTo(2);
    assertThat(cli.err().strip())
        .isEqualTo("mqbench: --max-backlog must be auto, off or a number of messages, was 'lots'");
  }

  /**
   * On a host busy with other work the run is host-limited and no probe runs (its figures would be
   * the host's): then no side is named and no advice about receivers is given.
   */
  private boolean hostSetThePace() throws IOException {
    JsonNode json = runJson();
    if (!json.at("/status").asText().equals("host-limited")) {
      return false;
    }
    assertThat(json.at("/limit/side").asText()).isEmpty();
    assertThat(unwrapped(cli.out()) + cli.err()).doesNotContain("add --receivers");
    return true;
  }
}
