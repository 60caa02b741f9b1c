package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The compose files cannot be started here (no Docker engine), so they are checked as files against
 * what the runner does without an address: for every backend that declares a compose cluster, its
 * file exists, pins its images, publishes the runner's default port on 127.0.0.1 (and nothing
 * anywhere else), keeps its data in named volumes, has a health check per service, and runs the
 * replicated set-up the numbers are about. Where Debian's {@code docker-compose} is installed
 * ({@code .ci/run} installs it), it must accept every file as well.
 */
class ComposeFilesTest {
  private static final Path ROOT = Path.of("..");

  /**
   * A release tag: three numbers, or PostgreSQL's two (its releases are numbered major.minor since
   * 10: postgres:15.10 is a release, postgres:15 a floating tag).
   */
  private static final Pattern PINNED =
      Pattern.compile("[^:@]+:\\d+\\.\\d+\\.\\d+[^:]*|postgres:\\d+\\.\\d+(-[a-z0-9.]+)?");

  private static final Pattern PUBLISHED = Pattern.compile("127\\.0\\.0\\.1:(\\d+):(\\d+)");

  static Stream<MqProvider> backendsWithACluster() {
    return MqProviders.load().all().stream().filter(p -> p.brokerAddressing().isPresent());
  }

  private static BrokerAddressing addressing(MqProvider backend) {
    return backend.brokerAddressing().orElseThrow();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> compose(MqProvider backend) throws IOException {
    Path file = ROOT.resolve(addressing(backend).composeFile());
    assertThat(file).as("the compose file %s names", backend.name()).exists();
    try (Reader in = Files.newBufferedReader(file)) {
      // SafeConstructor resolves the YAML merge keys (<<) the files use for shared settings.
      return new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
    }
  }

  /** The brokers: every service but the brokers-healthy barrier (DeploymentFilesTest's). */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> services(Map<String, Object> compose) {
    assertThat(compose).containsKey("services");
    Map<String, Map<String, Object>> brokers =
        new LinkedHashMap<>((Map<String, Map<String, Object>>) compose.get("services"));
    brokers.remove("brokers-healthy");
    return brokers;
  }

  @SuppressWarnings("unchecked")
  private static List<String> list(Map<String, Object> service, String key) {
    Object value = service.get(key);
    return value == null
        ? List.of()
        : new ArrayList<>((List<Object>) value).stream().map(String::valueOf).toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void everyImageIsPinnedToAReleaseAndEveryServiceHasAHealthCheck(MqProvider backend)
      throws IOException {
    services(compose(backend))
        .forEach(
            (name, service) -> {
              assertThat(String.valueOf(service.get("image")))
                  .as("%s: image pinned to a release (never latest or a floating tag)", name)
                  .matches(PINNED);
              assertThat(service).as("%s: health check", name).containsKey("healthcheck");
            });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void theRunnersDefaultPortIsPublishedOnLoopbackAndNothingElseIsPublished(MqProvider backend)
      throws IOException {
    List<String> published = new ArrayList<>();
    services(compose(backend))
        .forEach(
            (name, service) -> {
              for (String port : list(service, "ports")) {
                Matcher m = PUBLISHED.matcher(port);
                assertThat(m.matches())
                    .as("%s: port %s is published on 127.0.0.1 only", name, port)
                    .isTrue();
                published.add("127.0.0.1:" + m.group(1));
              }
            });
    String probe = addressing(backend).composeProbe();
    assertThat(published).as("what the runner probes without an address").contains(probe);
    assertThat(addressing(backend).composeValue())
        .as("the address the runner then uses")
        .contains(probe);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  @SuppressWarnings("unchecked")
  void dataLivesInNamedVolumes(MqProvider backend) throws IOException {
    // ElasticMQ, SQS's stand-in, keeps messages in memory only: there is nothing to put on a
    // volume.
    Assumptions.assumeFalse(backend.name().equals("sqs"), "sqs: ElasticMQ keeps no data on disk");
    Map<String, Object> compose = compose(backend);
    Map<String, Object> declared =
        (Map<String, Object>) compose.getOrDefault("volumes", new LinkedHashMap<>());
    services(compose)
        .forEach(
            (name, service) -> {
              List<String> named =
                  list(service, "volumes").stream()
                      .filter(v -> !v.startsWith("./") && !v.startsWith("/"))
                      .map(v -> v.substring(0, v.indexOf(':')))
                      .toList();
              assertThat(named).as("%s: a named volume for its data", name).isNotEmpty();
              assertThat(declared)
                  .as("top-level volumes")
                  .containsKeys(named.toArray(String[]::new));
            });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void runsTheReplicatedSetUpTheNumbersAreAbout(MqProvider backend) throws IOException {
    Map<String, Map<String, Object>> services = services(compose(backend));
    String text = Files.readString(ROOT.resolve(addressing(backend).composeFile()));
    switch (backend.name()) {
      case "kafka", "kafka-share" -> {
        assertThat(services).hasSize(3);
        assertThat(text)
            .contains("KAFKA_PROCESS_ROLES: broker,controller")
            .contains("KAFKA_DEFAULT_REPLICATION_FACTOR: 3")
            .contains("KAFKA_MIN_INSYNC_REPLICAS: 2")
            // A share group's acknowledgements are kept in __share_group_state, replicated as the
            // messages are.
            .contains("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR: 3")
            .contains("KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR: 2");
      }
      case "rabbitmq" -> {
        assertThat(services).hasSize(3);
        assertThat(ROOT.resolve("docker/rabbitmq/20-mqbench.conf")).exists();
      }
      case "rabbitmq-stream" -> {
        // The same three nodes, with the stream plugin; each advertises the stream port it
        // publishes, since the stream client connects to the address a node advertises.
        assertThat(services).hasSize(3);
        assertThat(ROOT.resolve("docker/rabbitmq/enabled_plugins"))
            .content()
            .contains("rabbitmq_stream");
        for (int node = 1; node <= 3; node++) {
          int port = 5551 + node;
          assertThat(text)
              .contains("\"127.0.0.1:" + port + ":" + port + "\"")
              .contains("./rabbitmq/stream-rabbitmq" + node + ".conf:");
          assertThat(ROOT.resolve("docker/rabbitmq/stream-rabbitmq" + node + ".conf"))
              .content()
              .contains("stream.listeners.tcp.1 = " + port)
              .contains("stream.advertised_port = " + port);
        }
      }
      case "artemis" -> {
        assertThat(services).hasSize(2);
        List<String> args =
            services.values().stream()
                .map(s -> String.valueOf(((Map<?, ?>) s.get("environment")).get("EXTRA_ARGS")))
                .toList();
        assertThat(args).allSatisfy(a -> assertThat(a).contains("--replicated", "--nio"));
        assertThat(args).filteredOn(a -> a.contains("--backup")).hasSize(1);
      }
      case "mongo" -> {
        assertThat(services).hasSize(3);
        assertThat(services.values())
            .allSatisfy(s -> assertThat(list(s, "command")).contains("--replSet"));
        assertThat(text)
            .contains("rs.initiate(")
            .contains("host: 'mongo1:27017'")
            .contains("host: 'mongo2:27017'")
            .contains("host: 'mongo3:27017'");
      }
      case "redis" -> {
        // Three data nodes and three Sentinels (ComposeAgreesWithLocalClustersTest compares them
        // with the local cluster's).
        List<Map<String, Object>> sentinels =
            services.values().stream()
                .filter(s -> String.join(" ", list(s, "command")).contains("--sentinel"))
                .toList();
        List<Map<String, Object>> data =
            services.values().stream().filter(s -> !sentinels.contains(s)).toList();
        assertThat(sentinels).hasSize(3);
        assertThat(data).hasSize(3);
        assertThat(data)
            .allSatisfy(s -> assertThat(list(s, "command")).contains("--appendfsync", "always"));
        assertThat(data).filteredOn(s -> list(s, "command").contains("--replicaof")).hasSize(2);
        assertThat(ROOT.resolve("docker/redis/sentinel.conf"))
            .content()
            .contains("sentinel monitor mqbench redis1 6379 2");
      }
      case "nats" -> {
        assertThat(services).hasSize(3);
        assertThat(ROOT.resolve("docker/nats/nats.conf"))
            .content()
            .contains("sync_interval: always")
            .contains("nats://nats1:6222")
            .contains("nats://nats2:6222")
            .contains("nats://nats3:6222");
      }
      case "postgres" -> {
        assertThat(services).hasSize(3);
        assertThat(text).contains("synchronous_commit=on").contains("fsync=on");
        assertThat(ROOT.resolve("docker/postgres/primary-init.sh"))
            .content()
            .contains("synchronous_standby_names = 'ANY 1 (postgres1, postgres2, postgres3)'")
            .contains("host replication all all trust");
        assertThat(ROOT.resolve("docker/postgres/replica.sh"))
            .content()
            .contains("pg_basebackup --host=postgres1")
            .contains("--write-recovery-conf")
            .contains("application_name=$(hostname)");
      }
      case "sqs" -> {
        assertThat(services).hasSize(1);
        assertThat(ROOT.resolve("docker/sqs/elasticmq.conf"))
            .content()
            .contains("bind-hostname = \"0.0.0.0\"")
            .contains("mqbench {");
      }
      default ->
          throw new AssertionError(
              backend.name() + " declares a compose cluster this test does not know: add its case");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void dockerComposeAcceptsTheFile(MqProvider backend) throws Exception {
    DockerCompose.assertAccepts(Map.of(), ROOT.resolve(addressing(backend).composeFile()));
  }
}
