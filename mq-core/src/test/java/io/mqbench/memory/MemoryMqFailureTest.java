package io.mqbench.memory;

import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.Map;
import java.util.Optional;

/**
 * The failure kit on the in-process backend: only the declared message limit applies (it has no
 * address, no credentials and no broker process).
 */
class MemoryMqFailureTest extends MqFailureKit {
  @Override
  protected MqProvider provider() {
    return new MemoryMqProvider();
  }

  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    return Map.of("memory.maxMessageBytes", "4096");
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.empty();
  }
}
