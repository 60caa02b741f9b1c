package io.mqbench.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemoryQueueFlowControlTest {

  @Test
  void aSenderBlockedByAFullQueueWithNobodyReceivingFailsNamingTheDepthInsteadOfHanging()
      throws Exception {
    MemoryMqProvider provider = new MemoryMqProvider();
    try (Mq mq =
            provider.open(
                provider.configure(
                    Map.of("memory.maxDepth", "10", "memory.fullTimeout", "300ms")));
        MqSender sender = mq.createSender()) {
      List<byte[]> five = Collections.nCopies(5, new byte[] {1});
      sender.send(five);
      sender.send(five);
      long start = System.nanoTime();

      assertThatThrownBy(() -> sender.send(five))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("memory.maxDepth=10")
          .hasMessageContaining("add receivers");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
  }
}
