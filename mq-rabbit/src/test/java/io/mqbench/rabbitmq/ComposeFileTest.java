package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docker/rabbitmq.yml cannot be started here (no Docker engine), so its text is checked: the
 * address users are told to pass must be the one the cluster publishes.
 */
class ComposeFileTest {
  private static final Path COMPOSE = Path.of("..", "docker", "rabbitmq.yml");
  private static final Pattern AMQP_PORT_MAPPING =
      Pattern.compile("^\\s*-\\s*\"?(?:([0-9.]+):)?(\\d+):5672\"?\\s*$", Pattern.MULTILINE);

  @Test
  void composeFilePublishesNode1OnTheAddressTheErrorMessageAndReadmeGive() throws IOException {
    String yaml = Files.readString(COMPOSE);
    URI suggested = URI.create(RabbitMqSettings.SUGGESTED_URI);

    List<String> mappings = new ArrayList<>();
    Matcher m = AMQP_PORT_MAPPING.matcher(yaml);
    while (m.find()) {
      mappings.add((m.group(1) == null ? "" : m.group(1)) + ":" + m.group(2));
    }

    assertThat(mappings)
        .as("AMQP port mappings of the three nodes, node 1 first")
        .hasSize(3)
        .first()
        .isEqualTo(suggested.getHost() + ":" + suggested.getPort());
    assertThat(mappings).doesNotHaveDuplicates();
    assertThat(RabbitMqSettings.noAddressMessage()).contains("-f docker/rabbitmq.yml");
    assertThat(Files.readString(Path.of("README.md")))
        .contains(RabbitMqSettings.SUGGESTED_URI)
        .contains("docker compose -f docker/rabbitmq.yml up -d");
  }

  @Test
  void composeFileRunsThreeClusteredNodes() throws IOException {
    String yaml = Files.readString(COMPOSE);

    assertThat(Pattern.compile("^  rabbitmq[123]:\\s*$", Pattern.MULTILINE).matcher(yaml).results())
        .hasSize(3);
    assertThat(yaml)
        .contains("./rabbitmq/20-mqbench.conf:/etc/rabbitmq/conf.d/20-mqbench.conf:ro")
        .containsPattern("image: rabbitmq:\\d");
    // The nodes' shared configuration sits beside the compose file (mounted, not inline: inline
    // configs need Compose 2.23+).
    assertThat(Files.readString(COMPOSE.resolveSibling("rabbitmq").resolve("20-mqbench.conf")))
        .contains("cluster_formation.peer_discovery_backend = classic_config")
        .contains("rabbit@rabbitmq1")
        .contains("rabbit@rabbitmq2")
        .contains("rabbit@rabbitmq3");
  }
}
