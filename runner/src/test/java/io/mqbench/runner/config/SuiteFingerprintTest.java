package io.mqbench.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A suite records the fingerprint of its workloads, and a file whose content no longer gives it is
 * refused with the new name to give and the value to write; the queues are not part of it.
 */
class SuiteFingerprintTest {
  private static final Set<String> OPTIONS =
      Set.of("queue", "senders", "batch", "duration", "rate", "mode");
  private static final Path FILE = Path.of("s.yml");

  private static List<String> suite(String queues, String rate, String fingerprint) {
    List<String> lines =
        new ArrayList<>(
            List.of(
                "suite: mine-1",
                "duration: 10s",
                "matrix:",
                "  queue: [" + queues + "]",
                "workloads:",
                "  - name: one",
                "    senders: 1",
                "  - name: latency",
                "    mode: rate",
                "    rate: " + rate,
                "repeat: 3"));
    if (fingerprint != null) {
      lines.add("fingerprint: \"" + fingerprint + "\"");
    }
    return lines;
  }

  private static ScenarioFile read(List<String> lines) {
    return ScenarioFile.read(FILE, String.join("\n", lines) + "\n", OPTIONS);
  }

  /** The fingerprint the file's content gives, read from the refusal of a wrong one. */
  private static String fingerprintOf(String queues, String rate) {
    try {
      read(suite(queues, rate, "0000000000000000"));
    } catch (ConfigException e) {
      String m = e.getMessage();
      return m.substring(m.lastIndexOf("fingerprint: \"") + 14, m.length() - 1);
    }
    throw new AssertionError("a wrong fingerprint was accepted");
  }

  @Test
  void aSuiteWhoseRecordedFingerprintIsItsContentsIsReadWithItsName() {
    String fingerprint = fingerprintOf("kafka, redis", "1000");

    ScenarioFile s = read(suite("kafka, redis", "1000", fingerprint));

    assertThat(s.suite()).contains("mine-1");
    assertThat(s.fingerprint()).isEqualTo(fingerprint).hasSize(SuiteFingerprint.LENGTH);
  }

  @Test
  void theQueuesAreNotPartOfTheFingerprint() {
    assertThat(fingerprintOf("memory", "1000")).isEqualTo(fingerprintOf("kafka, redis", "1000"));
  }

  @Test
  void aChangedWorkloadIsRefusedWithTheNewNameToGiveAndTheValueToWrite() {
    String before = fingerprintOf("kafka", "1000");
    String after = fingerprintOf("kafka", "1500");

    assertThat(after).isNotEqualTo(before);
    assertThatThrownBy(() -> read(suite("kafka", "1500", before)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("s.yml: a workload of suite mine-1 changed")
        .hasMessageContaining("(suite: mine-2)")
        .hasMessageContaining("fingerprint: \"" + after + "\"")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aSuiteWithoutAFingerprintIsToldTheOneToAdd() {
    String fingerprint = fingerprintOf("kafka", "1000");

    assertThatThrownBy(() -> read(suite("kafka", "1000", null)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("add fingerprint: \"" + fingerprint + "\"");
  }

  @Test
  void aFingerprintWithoutASuiteAndAnUnquotedOneAreRefused() {
    assertThatThrownBy(() -> read(List.of("senders: 1", "fingerprint: \"abc\"")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("add 'suite: NAME' or remove it");
    assertThatThrownBy(() -> read(List.of("suite: a", "senders: 1", "fingerprint: 0123")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("'fingerprint' must be quoted");
  }

  @Test
  void valuesCountAsTextAndBackendKeysFlatOrNestedAlike() {
    String a = read(List.of("batch: 1", "properties:", "  kafka:", "    acks: all")).fingerprint();
    String b = read(List.of("batch: \"1\"", "properties:", "  kafka.acks: all")).fingerprint();

    assertThat(a).isEqualTo(b);
  }

  @Test
  void aChangedSuiteTakesTheNextNumber() {
    assertThat(SuiteFingerprint.nextName("standard-1")).isEqualTo("standard-2");
    assertThat(SuiteFingerprint.nextName("standard-9")).isEqualTo("standard-10");
    assertThat(SuiteFingerprint.nextName("nightly")).isEqualTo("nightly-2");
  }
}
