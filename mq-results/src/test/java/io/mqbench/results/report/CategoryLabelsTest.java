package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The by-axis charts' category labels stay readable: eight queues written level ran into each other
 * ("rabbitmqrabbitmq-stream"), so labels that would not fit the plot's width are turned.
 */
class CategoryLabelsTest {
  @Test
  void eightQueuesSideBySideAreTooManyToWriteLevel() {
    assertThat(
            ReportCharts.crowded(
                List.of(
                    "kafka",
                    "kafka-share",
                    "rabbitmq",
                    "rabbitmq-stream",
                    "artemis",
                    "redis",
                    "nats",
                    "postgres")))
        .isTrue();
  }

  @Test
  void aFewShortValuesStayLevel() {
    assertThat(ReportCharts.crowded(List.of("1", "2", "4", "8", "16"))).isFalse();
    assertThat(ReportCharts.crowded(List.of("kafka", "rabbitmq", "artemis", "mongo"))).isFalse();
  }
}
