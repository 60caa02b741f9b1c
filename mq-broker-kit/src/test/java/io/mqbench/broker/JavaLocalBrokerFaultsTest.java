package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.BrokerFaults;
import org.junit.jupiter.api.Test;

/**
 * A Java local broker's faults act on its nodes; started, they kill, restart, pause and cut them
 * (see {@link JavaLocalBrokerTest} and the network-namespace IT).
 */
class JavaLocalBrokerFaultsTest {
  private final JavaLocalBroker broker =
      new JavaLocalBroker(TinyBroker.descriptor(LocalBrokerDescriptor.Readiness.PORTS), 3);

  @Test
  void theFaultsCountTheBrokersNodesAndNeedItStarted() {
    BrokerFaults faults = new JavaLocalBrokerFaults(broker);

    assertThat(faults.nodes()).isEqualTo(3);
    assertThatThrownBy(() -> faults.kill(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the local tiny broker is not started");
    assertThatThrownBy(() -> faults.partition(0)).isInstanceOf(IllegalStateException.class);
  }
}
