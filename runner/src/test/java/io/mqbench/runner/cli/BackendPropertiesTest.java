package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.Invocation;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a backend's keys come from, for backends whose names have a dash too. */
class BackendPropertiesTest {
  private static final MqProviders ALL = MqProviders.load();

  private static Map<String, String> gather(String queue, Map<String, String> env) {
    PrintStream none = new PrintStream(PrintStream.nullOutputStream());
    return BackendProperties.gather(
        ALL.find(queue),
        ALL.names(),
        Optional.empty(),
        Map.of(),
        new Invocation(none, none, env, Map.of(), false),
        Map.of());
  }

  @Test
  void aDashInTheBackendsNameIsAnUnderscoreInItsEnvironmentVariables() {
    Map<String, String> env =
        Map.of(
            "MQBENCH_KAFKA_SHARE_LEASETIMEOUT", "20s",
            "MQBENCH_KAFKA_SHARE_PRODUCER_LINGER_MS", "3",
            "MQBENCH_KAFKA_ACKS", "1");

    assertThat(gather("kafka-share", env))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "kafka-share.leaseTimeout", "20s",
                "kafka-share.producer.linger.ms", "3"));
  }

  @Test
  void aBackendDoesNotTakeTheVariablesOfABackendWhoseNameExtendsItsOwn() {
    Map<String, String> env =
        Map.of(
            "MQBENCH_KAFKA_SHARE_LEASETIMEOUT", "20s",
            "MQBENCH_KAFKA_PRODUCER_LINGER_MS", "3",
            "MQBENCH_KAFKA_ACKS", "1");

    assertThat(gather("kafka", env))
        .containsExactlyInAnyOrderEntriesOf(
            Map.of("kafka.acks", "1", "kafka.producer.linger.ms", "3"));
  }
}
