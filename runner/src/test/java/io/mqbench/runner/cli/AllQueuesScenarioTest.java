package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * {@code scenarios/all-queues.yml} compares every self-hosted queue: a backend added later is added
 * there too. (Every example scenario passing the runner's checks is MainTest's.)
 */
class AllQueuesScenarioTest {
  private static final Path SCENARIOS = Path.of("..", "scenarios");

  /**
   * Queues left out of the all-queues comparison: the in-process reference (it measures the
   * harness), and the two whose local default is a stand-in that says nothing about the real
   * service (ElasticMQ for SQS, mongo-java-server for MongoDB).
   */
  private static final Set<String> NOT_IN_ALL_QUEUES = Set.of("memory", "sqs", "mongo");

  @Test
  @SuppressWarnings("unchecked")
  void theAllQueuesScenarioComparesEverySelfHostedQueue() throws IOException {
    Map<String, Object> scenario;
    try (Reader in = Files.newBufferedReader(SCENARIOS.resolve("all-queues.yml"))) {
      scenario = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
    }
    List<String> queues =
        (List<String>) ((Map<String, Object>) scenario.get("matrix")).get("queue");

    List<String> expected =
        MqProviders.load().all().stream()
            .map(MqProvider::name)
            .filter(name -> !NOT_IN_ALL_QUEUES.contains(name))
            .toList();
    assertThat(queues).containsExactlyInAnyOrderElementsOf(expected);
  }
}
