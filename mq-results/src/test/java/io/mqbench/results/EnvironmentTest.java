package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentTest {

  /**
   * Tests run from target/classes, as {@code mvn -pl runner exec:java} does: no jar manifest there,
   * and every run.json recorded "dev".
   */
  @Test
  void aRunRecordsTheBuildsVersionAlsoOutsideAJar() {
    assertThat(Environment.class.getPackage().getImplementationVersion())
        .as("no manifest")
        .isNull();
    assertThat(Environment.current(Map.of()).mqbenchVersion())
        .matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void recordedJvmArgumentsHideSecretsGivenAsSystemProperties() {
    String shown =
        Environment.jvmArguments(
            List.of(
                "-Xmx256m",
                "-Drabbitmq.password=hunter2",
                "-Drabbitmq.uri=amqp://guest:hunter2@127.0.0.1:5672",
                "-Dkafka.producer.sasl.jaas.config=hunter2",
                "-Dqueue=rabbitmq"));

    assertThat(shown)
        .doesNotContain("hunter2")
        .contains("-Xmx256m")
        .contains("-Drabbitmq.uri=amqp://guest:****@127.0.0.1:5672")
        .contains("-Dqueue=rabbitmq");
  }
}
