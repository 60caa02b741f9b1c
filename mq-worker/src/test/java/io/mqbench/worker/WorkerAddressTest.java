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
  void aDnsNameStandsForEveryAddressItResolvesToAsAScaledComposeServiceDoes() {
    assertThat(WorkerAddress.parseList("dns:localhost:7070, b:7071"))
        .extracting(WorkerAddress::hostAndPort)
        .contains("127.0.0.1:7070")
        .endsWith("b:7071");
    assertThatThrownBy(() -> WorkerAddress.parseList("dns:no-such-worker.invalid:7070"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--workers: dns:no-such-worker.invalid:7070: the name does not resolve");
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
