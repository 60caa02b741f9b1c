package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.session.ComposeBrokerFaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: {@code --fault} and the scenario key {@code faults}, checked against the run before
 * anything starts: every refusal one line naming {@code --fault}, with exit code 2.
 */
class FaultOptionTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  private int dryRun(String... args) {
    cli.reset();
    String[] all = new String[args.length + 4];
    all[0] = "run";
    System.arraycopy(args, 0, all, 1, args.length);
    all[args.length + 1] = "--dry-run";
    all[args.length + 2] = "--out";
    all[args.length + 3] = tmp.toString();
    // No docker CLI, whatever this machine has: the compose cluster cannot be faulted.
    return cli.run(
        Map.of(ComposeBrokerFaults.DOCKER_VARIABLE, tmp.resolve("no-docker").toString()),
        Map.of(),
        all);
  }

  private void assertRefused(String message, String... args) {
    int code = dryRun(args);
    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip()).contains(message).doesNotContain("\n");
  }

  @Test
  void theDryRunListsEachFaultOfTheRun() {
    int code =
        dryRun(
            "--receivers",
            "2",
            "--senders",
            "2",
            "--duration",
            "20s",
            "--fault",
            "kill-receiver@5s",
            "--fault",
            "kill-sender@8s:sender 2,kill-receiver@12s:receiver 2");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("  fault kill-receiver@5s\n")
        .contains("  fault kill-sender@8s:sender 2\n")
        .contains("  fault kill-receiver@12s:receiver 2\n");
  }

  @Test
  void aScenarioListsItsFaults() throws Exception {
    Path scenario = tmp.resolve("faults.yml");
    Files.writeString(
        scenario,
        "receivers: 3\nduration: 30s\nfaults:\n  - kill-receiver@5s\n  - kill-receiver@10s:receiver 2\n");

    int code = dryRun("--scenario", scenario.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("  fault kill-receiver@5s\n")
        .contains("  fault kill-receiver@10s:receiver 2\n");
  }

  @Test
  void aBadSpecIsRefusedInOneLine() {
    assertRefused("--fault 'reboot@5s': unknown kind 'reboot'", "--fault", "reboot@5s");
    assertRefused(
        "--fault 'pause-broker@5s': pause-broker lasts a while", "--fault", "pause-broker@5s");
  }

  @Test
  void aFaultAfterTheRunsEndIsRefused() {
    assertRefused(
        "--fault 'kill-receiver@30s': AT 30s is not within the run's --duration 20s",
        "--receivers",
        "2",
        "--duration",
        "20s",
        "--fault",
        "kill-receiver@30s");
  }

  @Test
  void killingTheOnlyReceiverOrSenderIsRefused() {
    assertRefused(
        "--fault 'kill-receiver@5s': the run has 1 receiver: killing one leaves no other to go on"
            + " (give --receivers 2 or more)",
        "--fault",
        "kill-receiver@5s");
    assertRefused(
        "--fault 'kill-sender@5s': the run has 1 sender",
        "--receivers",
        "2",
        "--fault",
        "kill-sender@5s");
    assertRefused(
        "--fault 'kill-receiver@5s:receiver 3': the run has 2 receivers, not 3",
        "--receivers",
        "2",
        "--fault",
        "kill-receiver@5s:receiver 3");
    assertRefused(
        "node N names a worker of a run on --workers",
        "--receivers",
        "2",
        "--fault",
        "kill-receiver@5s:node 2");
  }

  @Test
  void aBrokerFaultNeedsABrokerThatMqbenchStarts() {
    assertRefused(
        "--fault 'restart-broker@5s': memory has no broker to fault",
        "--fault",
        "restart-broker@5s");
    assertRefused(
        "--fault 'restart-broker@5s': broker faults hit a broker mqbench starts, and"
            + " kafka.bootstrapServers names one of yours: drop it",
        "--queue",
        "kafka",
        "-p",
        "kafka.bootstrapServers=127.0.0.1:1",
        "--fault",
        "restart-broker@5s");
    assertRefused(
        "--local-broker never runs on docker/kafka.yml's cluster, which mqbench faults through the"
            + " docker CLI, and no `docker compose` answers here: install it, or use --local-broker"
            + " always",
        "--queue",
        "kafka",
        "--local-broker",
        "never",
        "--fault",
        "kill-broker@5s");
    assertRefused(
        "mongo has no leader to find",
        "--queue",
        "mongo",
        "--local-broker",
        "always",
        "--fault",
        "kill-broker@5s:leader");
  }

  /**
   * partition-broker cuts a node of a broker whose nodes mqbench runs in network namespaces: a
   * native server (redis-server) cannot run there, and a broker of the user's is not mqbench's.
   */
  @Test
  void aPartitionIsRefusedOnANativeServerAndOnABrokerOfTheUsers() {
    assertRefused(
        "--fault 'partition-broker@5s+2s': partition-broker cuts a node of a broker mqbench runs"
            + " in network namespaces of its own, and the local redis broker cannot run there: ",
        "--queue",
        "redis",
        "--local-broker",
        "always",
        "--fault",
        "partition-broker@5s+2s");
    assertRefused(
        "--fault 'partition-broker@5s+2s:leader': broker faults hit a broker mqbench starts, and"
            + " kafka.bootstrapServers names one of yours: drop it",
        "--queue",
        "kafka",
        "-p",
        "kafka.bootstrapServers=127.0.0.1:1",
        "--fault",
        "partition-broker@5s+2s:leader");
    assertRefused(
        "--fault 'partition-broker@5s': partition-broker lasts a while: give its LENGTH after a +",
        "--queue",
        "kafka",
        "--fault",
        "partition-broker@5s");
  }

  /** Where network namespaces can be made (Linux, root, ip: as on CI), a Kafka partition plans. */
  @Test
  void aPartitionOfAKafkaLeaderIsPlannedAndListed() {
    int code =
        dryRun(
            "--queue",
            "kafka",
            "-p",
            "kafka.localBrokerNodes=3",
            "--local-broker",
            "always",
            "--fault",
            "partition-broker@5s+2s:leader");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("  fault partition-broker@5s+2s:leader\n");
  }

  @Test
  void aBrokerOnTheComposePortIsNotFaultedButLocalBrokerAlwaysStartsOneThatIs() throws Exception {
    // Something answers on the compose port: here, a listening socket of the test's own.
    try (java.net.ServerSocket compose = new java.net.ServerSocket()) {
      compose.setReuseAddress(true);
      try {
        compose.bind(new java.net.InetSocketAddress("127.0.0.1", 5672));
      } catch (java.io.IOException taken) {
        // the system RabbitMQ holds it: that is the case this test is about
      }
      assertRefused(
          "--fault 'restart-broker@5s': something answers on 127.0.0.1:5672 (docker/rabbitmq.yml's"
              + " port), which the run would use, and no `docker compose` answers here to fault its"
              + " containers: give --local-broker always",
          "--queue",
          "rabbitmq",
          "--fault",
          "restart-broker@5s");

      int code =
          dryRun("--queue", "rabbitmq", "--local-broker", "always", "--fault", "restart-broker@5s");
      assertThat(code).as(cli.err()).isZero();
      assertThat(cli.out())
          .contains("  local broker: always\n")
          .contains("  fault restart-broker@5s\n");
    }
  }

  @Test
  void withDockerComposeTheComposeClusterOnTheComposePortIsFaultedThroughIt() throws Exception {
    // A docker CLI stand-in whose `docker compose version` answers (no Docker engine here).
    Path docker = tmp.resolve("docker");
    Files.writeString(docker, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(
        docker, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    cli.reset();

    int code =
        cli.run(
            Map.of(ComposeBrokerFaults.DOCKER_VARIABLE, docker.toString()),
            Map.of(),
            "run",
            "--queue",
            "kafka",
            "--local-broker",
            "never",
            "--fault",
            "pause-broker@5s+2s:node 2",
            "--dry-run",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out()).contains("  fault pause-broker@5s+2s:node 2\n");
  }

  @Test
  void aLocalBrokerCannotBeForcedWhereAnAddressIsGiven() {
    assertRefused(
        "--local-broker always starts a broker of mqbench's own, but kafka.bootstrapServers names"
            + " one: drop one of them",
        "--queue",
        "kafka",
        "-p",
        "kafka.bootstrapServers=127.0.0.1:1",
        "--local-broker",
        "always");
    assertRefused(
        "--local-broker must be auto, always or never, was 'sometimes'",
        "--local-broker",
        "sometimes");
  }

  @Test
  void aSweepTakesNoFaults() {
    assertRefused(
        "--fault does not combine with --mode sweep",
        "--mode",
        "sweep",
        "--receivers",
        "2",
        "--fault",
        "kill-receiver@1s");
  }

  @Test
  void anEmptyFaultSpecIsRefusedNotIgnored() {
    assertRefused("--fault '' names no fault", "--fault", "");
    assertRefused(
        "--fault ' ' names no fault", "--receivers", "2", "--fault", "kill-receiver@5s, ");
  }

  @Test
  void aBrokerFaultOnALocalBrokerThatOffersNoneIsRefusedBeforeItStarts() {
    long started = System.nanoTime();

    assertRefused(
        "--fault 'kill-broker@5s': the local rabbitmq-stream broker cannot be killed, restarted,"
            + " paused or cut off by mqbench",
        "--queue",
        "rabbitmq-stream",
        "--local-broker",
        "always",
        "--fault",
        "kill-broker@5s");
    assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
  }

  @Test
  void aNodeBeyondTheLocalBrokersNodesIsRefusedBeforeItStarts() {
    long started = System.nanoTime();

    assertRefused(
        "--fault 'kill-broker@5s:node 3': the local kafka broker has 2 nodes, not 3"
            + " (kafka.localBrokerNodes sets how many)",
        "--queue",
        "kafka",
        "-p",
        "kafka.localBrokerNodes=2",
        "--local-broker",
        "always",
        "--fault",
        "kill-broker@5s:node 3");
    assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
  }
}
