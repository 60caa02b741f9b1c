package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeLayoutTest {
  private static final List<WorkerAddress> THREE = WorkerAddress.parseList("a:1,b:1,c:1");

  @Test
  void everyNodeSendsAndReceivesByDefaultWithConsecutiveSenderIds() {
    NodeLayout layout = new NodeLayout(THREE, 3, 3, 2, 1);

    assertThat(layout.senders()).isEqualTo(6);
    assertThat(layout.receivers()).isEqualTo(3);
    assertThat(layout.parts())
        .extracting(
            NodeLayout.Part::firstSenderId, NodeLayout.Part::senders, NodeLayout.Part::roles)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 2, "sender+receiver"),
            org.assertj.core.groups.Tuple.tuple(2, 2, "sender+receiver"),
            org.assertj.core.groups.Tuple.tuple(4, 2, "sender+receiver"));
  }

  @Test
  void sendersTakeTheFirstNodesAndReceiversTheLast() {
    NodeLayout layout = new NodeLayout(THREE, 1, 2, 4, 3);

    assertThat(layout.parts())
        .extracting(NodeLayout.Part::roles)
        .containsExactly("sender", "receiver", "receiver");
    assertThat(layout.senders()).isEqualTo(4);
    assertThat(layout.receivers()).isEqualTo(6);
  }

  @Test
  void aNodeWithoutARoleIsRefused() {
    assertThatThrownBy(() -> new NodeLayout(THREE, 1, 1, 1, 1))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("without a role");
    assertThatThrownBy(() -> new NodeLayout(THREE, 4, 1, 1, 1))
        .hasMessageStartingWith("--sender-nodes");
  }
}
