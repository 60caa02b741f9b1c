package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run.json keeps its flat layout while the result is grouped by concern: a file with every field
 * set, written before the grouping, reads into the groups and is written back to the byte.
 */
class RunFileTest {
  private static final String EVERY_FIELD = "/run-json/v11-every-field.json";

  @TempDir Path tmp;

  private byte[] everyField() throws IOException {
    try (InputStream in = getClass().getResourceAsStream(EVERY_FIELD)) {
      return in.readAllBytes();
    }
  }

  private RunResult readEveryField() throws IOException {
    Path file = tmp.resolve("old").resolve(ResultsWriter.RUN_JSON);
    Files.createDirectories(file.getParent());
    Files.write(file, everyField());
    return ResultsWriter.read(file);
  }

  @Test
  void aRunJsonWrittenBeforeTheGroupingReadsEachFieldIntoItsGroup() throws IOException {
    RunResult r = readEveryField();

    assertThat(r.setup().cell()).isEqualTo(Map.of("senders", "4"));
    assertThat(r.setup().repetition()).isEqualTo(2);
    assertThat(r.setup().warnings()).containsExactly("loss expected: acks=1");
    assertThat(r.rates().limit().advice()).isEqualTo("add partitions");
    assertThat(r.rates().rate().targetMsgsPerSecond()).isEqualTo(3000);
    assertThat(r.latency().of(LatencyKind.SCHEDULE_LAG)).isNotNull();
    assertThat(r.latency().endToEndClock()).isNotNull();
    assertThat(r.delivery().byQueue()).hasSize(2);
    assertThat(r.delivery().durabilityCheck().changed()).isTrue();
    assertThat(r.delivery().partial()).containsExactly("worker node-2: up to 12.5 s");
    assertThat(r.faults().injected())
        .singleElement()
        .extracting(f -> f.kind())
        .isEqualTo("kill-broker");
    assertThat(r.faults().clientErrors().reconnects()).isEqualTo(1);
    assertThat(r.faults().outages()).hasSize(1);
    assertThat(r.cost().machines().pricePerHour()).isEqualTo(0.384);
    assertThat(r.cost().requests().billed()).isEqualTo(12);
    assertThat(r.catchUp().caughtUp()).isTrue();
    assertThat(r.harness().hostLimited()).isTrue();
  }

  @Test
  void aRunJsonWrittenBeforeTheGroupingIsWrittenBackByteForByte() throws IOException {
    RunResult r = readEveryField();
    Path dir = tmp.resolve("new");

    ResultsWriter.writeRunJson(r, dir);

    assertThat(Files.readAllBytes(dir.resolve(ResultsWriter.RUN_JSON))).isEqualTo(everyField());
  }
}
