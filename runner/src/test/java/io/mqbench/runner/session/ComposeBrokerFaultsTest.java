package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Broker faults on a compose cluster, checked statically: this machine has the docker CLI's compose
 * files but no Docker engine, so the docker command is a stand-in script that records what it was
 * asked and answers as docker would. The nodes come from the project's real compose files.
 */
class ComposeBrokerFaultsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir Path tmp;

  /** A docker stand-in: logs its arguments, answers ps, inspect and version; FAIL=1 fails. */
  private List<String> docker() throws IOException {
    Path script = tmp.resolve("docker");
    Files.writeString(
        script,
        String.join(
            "\n",
            "#!/bin/bash",
            "echo \"$*\" >> '" + tmp.resolve("docker.log") + "'",
            "if [ -e '"
                + tmp.resolve("fail")
                + "' ]; then echo 'Error: no such service' >&2;"
                + " exit 1; fi",
            "case \"$*\" in",
            "  *' ps -q '*) echo \"cid-${@: -1}\" ;;",
            "  *'.State.Pid'*) echo 4242 ;;",
            "  *'.NetworkSettings.Networks'*) echo 'docker_default docker_brokers ' ;;",
            "esac",
            ""),
        StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return List.of(script.toString());
  }

  private List<String> log() throws IOException {
    return Files.readAllLines(tmp.resolve("docker.log"));
  }

  @Test
  void theNodesAreTheComposeFilesServicesThatPublishAPortInOrder() {
    assertThat(ComposeBrokerFaults.nodes(ROOT.resolve("docker/kafka.yml")))
        .containsExactly(
            new ComposeBrokerFaults.Node("kafka-1", "127.0.0.1:9092"),
            new ComposeBrokerFaults.Node("kafka-2", "127.0.0.1:9093"),
            new ComposeBrokerFaults.Node("kafka-3", "127.0.0.1:9094"));
    assertThat(ComposeBrokerFaults.nodes(ROOT.resolve("docker/rabbitmq.yml")))
        .containsExactly(
            new ComposeBrokerFaults.Node("rabbitmq1", "127.0.0.1:5672"),
            new ComposeBrokerFaults.Node("rabbitmq2", "127.0.0.1:5673"),
            new ComposeBrokerFaults.Node("rabbitmq3", "127.0.0.1:5674"));
    assertThat(ComposeBrokerFaults.nodes(ROOT.resolve("docker/artemis.yml")))
        .extracting(ComposeBrokerFaults.Node::service)
        .containsExactly("artemis-primary", "artemis-backup");
  }

  @Test
  void killPauseAndPartitionAreDockerComposeAndNetworkCommandsOnTheNodesService() throws Exception {
    Path file = ROOT.resolve("docker/kafka.yml");
    ComposeBrokerFaults faults = ComposeBrokerFaults.of(docker(), file);

    faults.kill(1);
    faults.pause(2);
    faults.resume(2);
    faults.partition(0);
    faults.heal(0);

    assertThat(faults.pid(1)).isEqualTo(4242);
    String f = "compose -f " + file;
    assertThat(log())
        .containsExactly(
            f + " kill -s SIGKILL kafka-2",
            f + " pause kafka-3",
            f + " unpause kafka-3",
            f + " ps -q kafka-1",
            "inspect --format {{range $name, $net := .NetworkSettings.Networks}}{{$name}}"
                + " {{end}} cid-kafka-1",
            "network disconnect docker_default cid-kafka-1",
            "network disconnect docker_brokers cid-kafka-1",
            f + " ps -q kafka-1",
            "network connect docker_default cid-kafka-1",
            "network connect docker_brokers cid-kafka-1",
            f + " ps -q kafka-2",
            "inspect --format {{.State.Pid}} cid-kafka-2");
  }

  @Test
  void aRestartKillsStartsAndWaitsUntilTheNodesPortAnswers() throws Exception {
    try (ServerSocket node = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Path file = tmp.resolve("cluster.yml");
      ComposeBrokerFaults faults =
          new ComposeBrokerFaults(
              docker(),
              file,
              List.of(new ComposeBrokerFaults.Node("broker", "127.0.0.1:" + node.getLocalPort())));

      Duration took = faults.restart(0);

      assertThat(took).isLessThan(Duration.ofSeconds(30));
      assertThat(log())
          .containsExactly(
              "compose -f " + file + " kill -s SIGKILL broker",
              "compose -f " + file + " start broker");
    }
  }

  @Test
  void aDockerCommandThatFailsIsAnErrorInOneLineWithItsExitAndLastWords() throws Exception {
    ComposeBrokerFaults faults = ComposeBrokerFaults.of(docker(), ROOT.resolve("docker/kafka.yml"));
    Files.writeString(tmp.resolve("fail"), "");

    assertThatThrownBy(() -> faults.kill(0))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("kill -s SIGKILL kafka-1 failed (exit 1): Error: no such service")
        .hasMessageNotContaining("\n");
  }

  @Test
  void dockerComposeIsAvailableOnlyWhereItsCommandAnswers() throws Exception {
    assertThat(ComposeBrokerFaults.dockerAvailable(docker())).isTrue();
    assertThat(ComposeBrokerFaults.dockerAvailable(List.of(tmp.resolve("none").toString())))
        .isFalse();
  }
}
