package io.mqbench.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A scenario's {@code workloads:} list: cells are every matrix combination times every workload,
 * the workload varying fastest; a named workload labels its cells by its name; malformed items are
 * refused with the file and the key's path.
 */
class ScenarioFileWorkloadsTest {
  private static final Set<String> OPTIONS =
      Set.of("queue", "senders", "receivers", "batch", "mode", "rate", "duration", "faults", "out");
  private static final Path FILE = Path.of("w.yml");

  private static ScenarioFile read(String... lines) {
    return ScenarioFile.read(FILE, String.join("\n", lines) + "\n", OPTIONS);
  }

  private static void refused(String message, String... lines) {
    assertThatThrownBy(() -> read(lines))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("w.yml")
        .hasMessageContaining(message);
  }

  @Test
  void cellsAreEveryMatrixCombinationTimesEveryWorkloadTheWorkloadVaryingFastest() {
    ScenarioFile s =
        read(
            "duration: 5s",
            "matrix:",
            "  queue: [memory, kafka]",
            "workloads:",
            "  - name: one",
            "    senders: 1",
            "  - name: four",
            "    senders: 4",
            "    batch: 100",
            "    properties:",
            "      kafka:",
            "        acks: all");

    assertThat(s.cells())
        .containsExactly(
            Map.of("queue", "memory", "senders", "1"),
            Map.of(
                "queue", "memory", "senders", "4", "batch", "100", "properties.kafka.acks", "all"),
            Map.of("queue", "kafka", "senders", "1"),
            Map.of(
                "queue", "kafka", "senders", "4", "batch", "100", "properties.kafka.acks", "all"));
    assertThat(s.labels())
        .containsExactly(
            Map.of("queue", "memory", "workload", "one"),
            Map.of("queue", "memory", "workload", "four"),
            Map.of("queue", "kafka", "workload", "one"),
            Map.of("queue", "kafka", "workload", "four"));
    assertThat(s.options()).containsEntry("duration", "5s");
    assertThat(s.isMatrix()).isTrue();
  }

  @Test
  void anUnnamedWorkloadIsLabelledByItsValuesAndWorkloadsAloneMakeTheCells() {
    ScenarioFile s =
        read("workloads:", "  - senders: 2", "    batch: 10", "  - faults: [a@1s, b@2s]");

    assertThat(s.cells())
        .containsExactly(Map.of("senders", "2", "batch", "10"), Map.of("faults", "a@1s,b@2s"));
    assertThat(s.labels()).isEqualTo(s.cells());
  }

  @Test
  void aScenarioWithoutWorkloadsKeepsItsMatrixCells() {
    ScenarioFile s = read("matrix:", "  senders: [1, 2]", "  batch: [1, 10]");

    assertThat(s.cells()).hasSize(4).first().isEqualTo(Map.of("senders", "1", "batch", "1"));
    assertThat(s.labels()).isEqualTo(s.cells());
    assertThat(s.workloads()).isEmpty();
    assertThat(s.suite()).isEmpty();
  }

  @Test
  void malformedWorkloadsAreRefusedWithTheirKeyPath() {
    refused("'workloads' must be a non-empty list", "workloads: []");
    refused("'workloads' must be a non-empty list", "workloads:", "  senders: 1");
    refused("'workloads[1]' must be a mapping", "workloads:", "  - senders: 1", "  - 4");
    refused("unknown key 'workloads[0].sendrs'", "workloads:", "  - name: a", "    sendrs: 1");
    refused("'workloads[0].out'", "workloads:", "  - out: elsewhere");
    refused("'workloads[0].senders' must be a single value", "workloads:", "  - senders: [1, 2]");
    refused(
        "'workloads[1].name' a is given twice",
        "workloads:",
        "  - name: a",
        "    senders: 1",
        "  - name: a",
        "    senders: 2");
    refused("'workloads[0].name' must be letters", "workloads:", "  - name: a b", "    batch: 1");
    refused(
        "'workloads[0].senders' is also a matrix axis",
        "matrix:",
        "  senders: [1, 2]",
        "workloads:",
        "  - senders: 4");
  }

  @Test
  void theWorkloadsOfASuiteAreItsOwnKeysNotRunOptions() {
    ScenarioFile s = read("workloads:", "  - name: a", "    senders: 1");

    assertThat(s.workloads()).extracting(w -> w.name().orElseThrow()).isEqualTo(List.of("a"));
    assertThat(s.options()).isEmpty();
  }
}
