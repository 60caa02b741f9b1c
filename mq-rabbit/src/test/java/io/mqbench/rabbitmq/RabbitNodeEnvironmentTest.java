package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A private node's environment keeps nothing of the user's RabbitMQ set-up: RabbitMQ's scripts read
 * {@code LOGS} as {@code RABBITMQ_LOGS} when the latter is unset, and a shell that had {@code
 * LOGS=DIR} (as the figures script takes it) made every node fail to start, logging to a directory.
 */
class RabbitNodeEnvironmentTest {
  @Test
  void aUsersLogsOrNodenameVariableDoesNotReachAPrivateNode() {
    Path bin = RabbitNode.installed().orElse(null);
    assumeTrue(bin != null, "rabbitmq-server is not installed");
    RabbitNode node = new RabbitNode(bin);
    try {
      Map<String, String> env = new HashMap<>();
      env.put("LOGS", "/tmp");
      env.put("NODENAME", "rabbit@elsewhere");
      env.put("RABBITMQ_LOGS", "/var/log/rabbitmq/x.log");
      env.put("PATH", "/usr/bin");

      node.environment(env);

      assertThat(env).doesNotContainKeys("LOGS", "NODENAME", "RABBITMQ_LOGS");
      assertThat(env).containsEntry("PATH", "/usr/bin").containsKey("RABBITMQ_NODENAME");
    } finally {
      node.close();
    }
  }
}
