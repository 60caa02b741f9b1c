package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LoopbackTest {
  @Test
  void freePortsAreBelowTheRangeTheKernelGivesOutgoingConnections() {
    int[] ports = Loopback.freePorts(50);

    assertThat(Arrays.stream(ports).boxed().toList())
        .allSatisfy(p -> assertThat(p).isLessThan(EphemeralPorts.lowest()));
  }

  @Test
  void freePortsAreDistinctAndEachCanBeBound() throws IOException {
    int[] ports = Loopback.freePorts(20);

    assertThat(Arrays.stream(ports).distinct().count()).isEqualTo(20);
    for (int port : ports) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        assertThat(s.getLocalPort()).isEqualTo(port);
      }
    }
  }

  @Test
  void theKernelsEphemeralRangeIsReadInFull() {
    // a read of the file's first byte alone gave 3
    assertThat(EphemeralPorts.lowest()).isGreaterThanOrEqualTo(1024);
  }

  @Test
  void theEphemeralRangeIsReadFromTheKernelsOwnWords() {
    assertThat(EphemeralPorts.parseLowest("32768\t60999\n")).isEqualTo(32_768);
    assertThat(EphemeralPorts.parseLowest(" 1024 65535")).isEqualTo(1024);
  }
}
