package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.sweep.RateSweep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep through the CLI on the memory queue: the search's candidate is really held, for {@code
 * --sweep-hold} instead of {@code --duration}, and the holds are in sweep.json, sweep.csv, the
 * terminal and run folders of their own. Which rates pass depends on the host (on a loaded one the
 * memory queue's runs are often harness-limited, which is not a pass): what holds whatever passes
 * is asserted always; the holds' part needs a search step that passed, and is skipped (not passed)
 * when none did.
 */
class SweepRunnerHoldsTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  @Test
  void theSearchsCandidateIsHeldForLongerAndTheHoldsAreWrittenBesideTheSteps() throws IOException {
    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--mode",
            "sweep",
            "--sweep-rates",
            "100,200",
            "--duration",
            "1s",
            "--warmup",
            "2s",
            "--sweep-hold",
            "2s",
            "--sweep-confirm",
            "2",
            "--sweep-steps",
            "3",
            "--progress",
            "never",
            "--out",
            tmp.resolve("results").toString());

    Path sweep;
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      sweep = s.toList().get(0);
    }
    JsonNode json = JsonTrees.read(sweep.resolve("sweep.json"));
    String shown = json.toPrettyString();
    JsonNode steps = json.at("/steps");
    List<String> csv = Files.readAllLines(sweep.resolve("sweep.csv"));
    assertThat(csv.get(0))
        .isEqualTo(
            "target_msgs_per_s,achieved_msgs_per_s,verdict,objective_ms,passed,why,phase,"
                + "non_monotonic");
    assertThat(csv).as(shown).hasSize(steps.size() + 1);
    assertThat(steps.get(0).path("rate").asDouble()).isEqualTo(100.0);
    assertThat(steps.get(1).path("rate").asDouble()).isEqualTo(200.0);
    for (JsonNode s : steps) {
      assertThat(s.path("phase").asText()).matches("search|hold [12]");
      if (s.path("verdict").asText().equals("harness-limited")) {
        assertThat(s.path("passed").asBoolean()).as(shown).isFalse();
        assertThat(s.path("why").asText()).isEqualTo(RateSweep.HARNESS_LIMITED);
      }
    }
    boolean verified = !json.at("/verifiedMsgsPerSecond").isNull();
    assertThat(code).as(cli.err()).isEqualTo(verified ? 0 : 4);
    assertThat(json.at("/hold").asText()).isEqualTo("2s");

    JsonNode candidate = json.at("/highestPassingMsgsPerSecond");
    assumeTrue(
        candidate.isNumber(),
        "no search step passed on this host (harness-limited?), so nothing was held: " + shown);
    List<JsonNode> holds = new ArrayList<>();
    steps.forEach(
        s -> {
          if (s.path("hold").asInt() > 0) {
            holds.add(s);
          }
        });
    assertThat(holds).as(shown).isNotEmpty();
    assertThat(holds.get(0).path("rate").asDouble()).isEqualTo(candidate.asDouble());
    assertThat(holds.get(0).path("phase").asText()).isEqualTo("hold 1");
    for (int i = 0; i < holds.size(); i++) {
      JsonNode h = holds.get(i);
      // the run folders are numbered in the order run: the search's two steps, then the holds
      Path folder =
          sweep.resolve(
              String.format(
                  Locale.ROOT,
                  "%03d-%.0f-hold%d",
                  i + 3,
                  h.path("rate").asDouble(),
                  h.path("hold").asInt()));
      // a hold runs for --sweep-hold, not --duration
      assertThat(Files.readString(folder.resolve(ResultsWriter.RUN_JSON))).contains("\"2s\"");
      assertThat(csv.get(i + 3))
          .endsWith("," + h.path("phase").asText() + "," + h.path("nonMonotonic").asBoolean());
    }
    assertThat(cli.err())
        .contains(
            String.format(
                Locale.ROOT,
                "mqbench: sweep hold 3: %,.0f msgs/s for 2s (hold 1 of 2)",
                candidate.asDouble()));
    assertThat(cli.out()).contains("phase").contains("hold 1");
    if (verified) {
      assertThat(json.at("/finding").asText())
          .startsWith("verified maximum rate with verdict ok: ");
      assertThat(json.at("/holdSpread").isNumber()).isTrue();
    } else {
      assertThat(json.at("/finding").asText()).startsWith("no rate verified: a hold failed at ");
    }
    assertThat(Files.readString(sweep.resolve("report.html")))
        .contains(json.at("/finding").asText().substring(0, 20));
  }
}
