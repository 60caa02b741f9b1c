package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.mq.Durability;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 28: {@code --durability} sets each backend's keys for a level, so that a comparison across
 * queues at equal durability is one flag; a level a backend cannot give is a one-line error.
 */
class DurabilityOptionTest {
  @TempDir Path tmp;

  private RunPlan plan(String... args) {
    List<String> runArgs = new ArrayList<>(List.of(args));
    runArgs.addAll(List.of("--out", tmp.toString()));
    RunOptions options = new RunOptions();
    new CommandLine(options).parseArgs(runArgs.toArray(String[]::new));
    return new RunPlanner(
            new CliCapture().invocation(Map.of(), Map.of()),
            MqProviders.load(),
            Optional.empty(),
            Optional.empty(),
            List.of())
        .plan(options)
        .runs()
        .get(0);
  }

  private static Durability durability(RunPlan p) {
    return p.provider().durability(p.backend());
  }

  @Test
  void fsyncOnRabbitMqIsAQuorumQueueOfPersistentMessages() {
    RunPlan p = plan("--queue", "rabbitmq", "--durability", "fsync");

    assertThat(p.backend().effective()).containsEntry("rabbitmq.queueType", "quorum");
    assertThat(durability(p).level()).isEqualTo(Durability.Level.FSYNC);
  }

  @Test
  void memoryOnKafkaAndRabbitMqGivesBothTheSameLevel() {
    assertThat(durability(plan("--queue", "kafka", "--durability", "memory")).level())
        .isEqualTo(durability(plan("--queue", "rabbitmq", "--durability", "memory")).level())
        .isEqualTo(Durability.Level.MEMORY);
  }

  @Test
  void fsyncOnKafkaIsAcksAllAndATopicThatFsyncsEveryAppend() {
    RunPlan p = plan("--queue", "kafka", "--durability", "fsync");

    assertThat(p.backend().effective())
        .containsEntry("kafka.acks", "all")
        .containsEntry("kafka.flushMessages", "1");
    assertThat(durability(p).level()).isEqualTo(Durability.Level.FSYNC);
  }

  @Test
  void fsyncOnKafkaAndRabbitMqGivesBothTheSameLevel() {
    assertThat(durability(plan("--queue", "kafka", "--durability", "fsync")))
        .extracting(Durability::level)
        .isEqualTo(durability(plan("--queue", "rabbitmq", "--durability", "fsync")).level());
  }

  @Test
  void aLevelTheBackendCannotGiveIsRefusedSayingWhy() {
    assertThatThrownBy(() -> plan("--queue", "memory", "--durability", "fsync"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("memory cannot be set to --durability fsync: it is the runner's own heap");
  }

  @Test
  void aKeyThatContradictsTheLevelIsRefusedNamingBoth() {
    assertThatThrownBy(
            () ->
                plan(
                    "--queue",
                    "rabbitmq",
                    "--durability",
                    "fsync",
                    "-p",
                    "rabbitmq.queueType=classic"))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--durability fsync sets rabbitmq.queueType=quorum, but"
                + " rabbitmq.queueType=classic was given: drop one");
  }

  @Test
  void fsyncOnKafkaWithALeaderOnlyPassThroughAcksIsRefusedBeforeConnecting() {
    CliCapture cli = new CliCapture();
    int code =
        cli.run(
            "run",
            "--queue",
            "kafka",
            "--durability",
            "fsync",
            "-p",
            "kafka.producer.acks=1",
            "-p",
            "kafka.producer.enable.idempotence=false",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "--messages",
            "1",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err())
        .startsWith(
            "mqbench: --durability fsync: with these keys kafka keeps acknowledged messages in"
                + " memory on the partition leader only (kafka.acks=1");
  }

  @Test
  void aStandInIsNoLevelToAskFor() {
    assertThatThrownBy(() -> plan("--queue", "mongo", "--durability", "stand-in"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--durability must be fsync, memory, service or none, was 'stand-in'");
  }

  @Test
  void anUnknownLevelNamesTheLevels() {
    assertThatThrownBy(() -> plan("--queue", "mongo", "--durability", "disk"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--durability must be fsync, memory, service or none, was 'disk'");
  }

  @Test
  void everyLevelABackendOffersIsTheLevelItThenDeclares() {
    for (String queue :
        List.of(
            "rabbitmq",
            "rabbitmq-stream",
            "mongo",
            "kafka",
            "kafka-share",
            "artemis",
            "sqs",
            "redis",
            "nats",
            "postgres",
            "memory")) {
      for (Durability.Level level : Durability.Level.values()) {
        if (level == Durability.Level.UNDECLARED || level == Durability.Level.STAND_IN) {
          continue;
        }
        RunPlan p;
        try {
          p = plan("--queue", queue, "--durability", level.key());
        } catch (ConfigException refused) {
          assertThat(refused.getMessage()).startsWith(queue + " cannot be set to --durability");
          continue;
        }
        assertThat(durability(p).level()).as(queue + " " + level).isEqualTo(level);
      }
    }
  }
}
