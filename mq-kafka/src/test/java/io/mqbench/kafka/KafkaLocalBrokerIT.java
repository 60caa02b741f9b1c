package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The broker the runner starts when no address is given, used the way the runner uses it. */
class KafkaLocalBrokerIT {
  private final KafkaMqProvider provider = new KafkaMqProvider();

  @Test
  void withoutBootstrapALocalBrokerStartsServesAndLeavesNothingBehind() throws Exception {
    MqConfig config = provider.configure(Map.of("kafka.topic", "local-broker"));
    LocalBroker broker = provider.localBroker(config).orElseThrow();
    Path data;
    try {
      MqConfig started = broker.start(config);
      String bootstrap = started.get(KafkaSettings.BOOTSTRAP_SERVERS);
      assertThat(bootstrap).matches("127\\.0\\.0\\.1:\\d+");
      assertThat(broker.description()).isEqualTo("single-node Kafka 4.3.1 (KRaft) on " + bootstrap);
      data = ((JavaLocalBroker) broker).directory();
      assertThat(data).isDirectory();

      try (Mq mq = provider.open(started)) {
        assertThat(mq.versions()).containsKeys("kafka-clients", "topic");
        try (MqSender sender = mq.createSender();
            MqReceiver receiver = mq.createReceiver()) {
          sender.send(List.of(new byte[] {1, 2, 3}));
          List<Received> got = List.of();
          long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
          while (got.isEmpty() && System.nanoTime() < deadline) {
            got = receiver.receive(10, Duration.ofMillis(500));
          }
          assertThat(got).hasSize(1);
          assertThat(got.get(0).body()).containsExactly(1, 2, 3);
          receiver.ack(got);
        }
      }

      assertThatThrownBy(
              () ->
                  provider.open(
                      started
                          .with("kafka.topic", "too-replicated")
                          .with("kafka.replicationFactor", "3")))
          .isInstanceOf(MqException.class)
          .hasMessageContaining("kafka.replicationFactor=3")
          .hasMessageContaining("1 broker");
    } finally {
      broker.close();
      broker.close();
    }
    assertThat(Files.exists(data)).as("data directory removed").isFalse();
  }

  /**
   * The runner loads the broker distribution from a jar (mq-kafka-broker's, or the shaded
   * runner's): the broker's jars come out of it, its main class among them, and that main class is
   * on no client's classpath.
   */
  @Test
  void brokerJarsAreExtractedFromThePackagedDistribution() throws Exception {
    Path jar;
    try (var files = Files.list(Path.of("..", "mq-kafka-broker", "target"))) {
      jar =
          files
              .filter(
                  f ->
                      f.getFileName().toString().matches("mq-kafka-broker-.*\\d(-SNAPSHOT)?\\.jar"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("mq-kafka-broker's jar is not built"));
    }
    try (ScratchDirectory root = ScratchDirectory.create("mqbench-kafka-jar-test-");
        URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      JavaBroker distribution = JavaBroker.find("kafka-broker", loader);

      String classpath = distribution.classpath(root.path());

      Path lib = root.path().resolve("lib");
      assertThat(classpath).startsWith(lib.toString());
      assertThat(distribution.version())
          .isEqualTo(new JavaLocalBroker(KafkaMqProvider.LOCAL_BROKER).version());
      try (var jars = Files.list(lib)) {
        assertThat(jars.map(f -> f.getFileName().toString()))
            .contains("kafka_2.13-4.3.1.jar", "kafka-clients-4.3.1.jar", "slf4j-simple-2.0.17.jar")
            .anyMatch(f -> f.matches("mq-kafka-broker-.*-main\\.jar"))
            .hasSizeGreaterThan(40);
      }
      assertThat(root.path().resolve("launcher/io/mqbench/broker/StdinWatchdog.class")).exists();
      assertThatThrownBy(() -> Class.forName(KafkaMqProvider.LOCAL_BROKER.mainClass()))
          .as("the broker's main class is not on the client's classpath")
          .isInstanceOf(ClassNotFoundException.class);
    }
  }
}
