package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docker/kafka.yml cannot be started here (no Docker engine), so its addresses are checked as text
 * against the bootstrap address the README tells users to pass.
 */
class DockerComposeFileTest {
  private static final Path COMPOSE = Path.of("..", "docker", "kafka.yml");
  private static final Path README = Path.of("README.md");

  private static String read(Path p) throws IOException {
    assertThat(p).as("%s (tests run from the module directory)", p.toAbsolutePath()).exists();
    return Files.readString(p);
  }

  private static Set<String> all(Pattern pattern, String text, int group) {
    Set<String> out = new LinkedHashSet<>();
    Matcher m = pattern.matcher(text);
    while (m.find()) {
      out.add(m.group(group));
    }
    return out;
  }

  private static Set<String> documentedBootstrap() {
    return new LinkedHashSet<>(List.of(KafkaSettings.COMPOSE_BOOTSTRAP.split(",")));
  }

  @Test
  void composePublishesEachBrokerOnTheDocumentedLoopbackAddress() throws IOException {
    String yaml = read(COMPOSE);

    Set<String> published = new LinkedHashSet<>();
    Matcher m = Pattern.compile("\"127\\.0\\.0\\.1:(\\d+):(\\d+)\"").matcher(yaml);
    while (m.find()) {
      assertThat(m.group(1)).as("host port equals container port").isEqualTo(m.group(2));
      published.add("127.0.0.1:" + m.group(1));
    }

    assertThat(published).containsExactlyInAnyOrderElementsOf(documentedBootstrap());
  }

  @Test
  void composeBrokersAdvertiseThePublishedAddresses() throws IOException {
    String yaml = read(COMPOSE);

    Set<String> advertised = all(Pattern.compile("EXTERNAL://(127\\.0\\.0\\.1:\\d+)"), yaml, 1);

    assertThat(advertised).containsExactlyInAnyOrderElementsOf(documentedBootstrap());
  }

  @Test
  void composeIsAThreeBrokerKraftClusterWithReplicationFactorThree() throws IOException {
    String yaml = read(COMPOSE);

    assertThat(all(Pattern.compile("KAFKA_NODE_ID: (\\d+)"), yaml, 1))
        .containsExactlyInAnyOrder("1", "2", "3");
    assertThat(yaml)
        .contains("KAFKA_PROCESS_ROLES: broker,controller")
        .contains("KAFKA_DEFAULT_REPLICATION_FACTOR: 3")
        .contains("KAFKA_MIN_INSYNC_REPLICAS: 2");
  }

  @Test
  void readmeTellsUsersTheComposeBootstrapAddress() throws IOException {
    String readme = read(README);

    Set<String> told = all(Pattern.compile("kafka\\.bootstrapServers=([0-9.:,]+[0-9])"), readme, 1);

    assertThat(told).contains(KafkaSettings.COMPOSE_BOOTSTRAP);
    assertThat(told)
        .filteredOn(b -> b.contains(":9092"))
        .as("every compose address the README gives")
        .containsOnly(KafkaSettings.COMPOSE_BOOTSTRAP);
  }
}
