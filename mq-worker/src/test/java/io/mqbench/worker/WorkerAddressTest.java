package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import org.junit.jupiter.api.Test;

class WorkerAddressTest {
  @Test
  void aListOfHostsAndPortsIsReadInOrder() {
    assertThat(WorkerAddress.parseList("10.0.0.1:7070, b:7071"))
        .containsExactly(new WorkerAddress("10.0.0.1", 7070), new WorkerAddress("b", 7071));
  }

  @Test
  void aRangeInAHostNamesOneWorkerPerIndexAsAnIndexedJobDoes() {
    assertThat(WorkerAddress.parseList("bench-{1..3}.bench:7070"))
        .extracting(WorkerAddress::hostAndPort)
        .containsExactly("bench-1.bench:7070", "bench-2.bench:7070", "bench-3.bench:7070");
  }

  @Test
  void somethingElseIsRefusedNamingTheOption() {
    assertThatThrownBy(() -> WorkerAddress.parseList("localhost"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--workers");
    assertThatThrownBy(() -> WorkerAddress.parseList("h:99999"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("99999");
    assertThatThrownBy(() -> WorkerAddress.parseList("h-{3..1}:1"))
        .isInstanceOf(ConfigException.class);
  }
}
