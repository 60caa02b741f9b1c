package io.mqbench.runner.deploy;

import static io.mqbench.runner.deploy.ComparisonPlan.keys;
import static io.mqbench.runner.deploy.ComparisonPlan.plan;
import static io.mqbench.runner.deploy.ComparisonPlan.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.deploy.ComparisonPlan.Plan;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/compare-kafka-share.sh drains the same backlog with Kafka's ShareConsumerPerformance and
 * with the runner's kafka-share receiver on equal terms, which its {@code --plan} (running nothing,
 * needing no broker) shows: both backlogs are filled by one command, both drains read them through
 * identically configured share groups with the same consumer settings, and the one thing that
 * differs, explicit acknowledgement, is named and measured on its own by {@code --ack-modes}.
 */
class CompareKafkaShareScriptTest {
  private static final String SCRIPT = "compare-kafka-share.sh";

  @Test
  void bothSidesDrainTheSameBacklogFilledByTheSameCommand() throws Exception {
    Plan plan = plan(SCRIPT, "--messages", "5000000");
    List<String> fill = plan.command("fill");
    List<String> tool = plan.command("consumer");
    List<String> runner = plan.command("runner");

    // One fill command for both sides: the runner sending only, the measured count.
    assertThat(value(fill, "--queue")).isEqualTo("kafka-share").isEqualTo(value(runner, "--queue"));
    assertThat(value(fill, "--senders")).isEqualTo("1");
    assertThat(value(fill, "--receivers")).isEqualTo("0");
    assertThat(value(fill, "--messages"))
        .isEqualTo("5000000")
        .isEqualTo(value(tool, "--num-records"));
    assertThat(keys(fill)).containsEntry("kafka-share.acks", "all");
    assertThat(plan.fair("backlog")).contains("filled by the same command");

    // Each drain reads the topic and the group its fill made and configured.
    Map<String, String> filled = keys(fill);
    Map<String, String> drained = keys(runner);
    assertThat(value(tool, "--topic")).isEqualTo(filled.get("kafka-share.topic"));
    assertThat(value(tool, "--group")).isEqualTo(filled.get("kafka-share.groupId"));
    assertThat(drained.get("kafka-share.topic")).isEqualTo(filled.get("kafka-share.topic"));
    assertThat(drained.get("kafka-share.groupId")).isEqualTo(filled.get("kafka-share.groupId"));
    assertThat(drained.get("kafka-share.leaseTimeout"))
        .isEqualTo(filled.get("kafka-share.leaseTimeout"));
    assertThat(drained.get("kafka-share.partitions"))
        .isEqualTo(filled.get("kafka-share.partitions"));
    assertThat(value(tool, "--bootstrap-server"))
        .isEqualTo(filled.get("kafka-share.bootstrapServers"))
        .isEqualTo(drained.get("kafka-share.bootstrapServers"));
  }

  @Test
  void bothConsumersGetTheSameSettingsHeapAndNoInJvmWarmUp() throws Exception {
    Plan plan = plan(SCRIPT);
    List<String> tool = plan.command("consumer");
    List<String> runner = plan.command("runner");
    Map<String, String> keys = keys(runner);

    // The runner drains only, with one receiver, as the tool's one consumer.
    assertThat(value(runner, "--senders")).isEqualTo("0");
    assertThat(value(runner, "--receivers")).isEqualTo("1");
    assertThat(tool).doesNotContain("--threads");

    // The tool's own settings (it sets them as these properties) and the poll's size, as strings.
    assertThat(keys.get("kafka-share.consumer.receive.buffer.bytes"))
        .isEqualTo(value(tool, "--socket-buffer-size"));
    assertThat(keys.get("kafka-share.consumer.fetch.max.bytes"))
        .isEqualTo(value(tool, "--fetch-size"));
    assertThat(keys).containsEntry("kafka-share.consumer.check.crcs", "false");
    for (String property : List.of("max.poll.records", "share.acquire.mode")) {
      assertThat(tool).contains(property + "=" + keys.get("kafka-share.consumer." + property));
    }

    // No warm-up inside either JVM (the tool has none); the same heap for every process.
    assertThat(value(runner, "--warmup")).isEqualTo("0s");
    assertThat(value(plan.command("fill"), "--warmup")).isEqualTo("0s");
    assertThat(tool.get(1)).isEqualTo(runner.get(1)).isEqualTo(plan.command("fill").get(1));
    assertThat(tool.get(1)).startsWith("-Xmx");
    assertThat(plan.fair("client settings")).contains("kafka-clients of the runner");
    assertThat(tool.get(tool.indexOf("-cp") + 1)).startsWith("<kafka-clients-jar>:");
  }

  @Test
  void bothRatesCountTheSameEventsOverADrainOfTwentySecondsOrMore() throws Exception {
    Plan plan = plan(SCRIPT);
    assertThat(plan.fair("rates"))
        .startsWith("both: messages drained over the time from the consumer's start")
        .contains("to its last message")
        .contains("nMsg.sec");
    assertThat(plan.fair("measured")).contains("at least 20s");
    assertThat(plan.fair("warm-up")).startsWith("both: an unmeasured fill and drain");
    assertThat(plan.fair("order")).contains("alternate");
  }

  @Test
  void theDifferenceInAcknowledgementIsNamed() throws Exception {
    Plan plan = plan(SCRIPT);
    assertThat(plan.out())
        .contains("note: differs: the runner acknowledges every record explicitly")
        .contains("ShareConsumerPerformance implicitly")
        .contains("--ack-modes");
  }

  @Test
  void theAcknowledgementModesDrainOneBacklogWithTheSameConsumerSettings() throws Exception {
    Plan plan = plan(SCRIPT, "--ack-modes", "--messages", "3000000");
    List<String> runner = plan(SCRIPT).command("runner");
    List<String> modes = List.of("implicit", "explicit-commit", "explicit-piggyback");
    List<String> implicit = plan.command("probe-implicit");
    for (String mode : modes) {
      List<String> probe = plan.command("probe-" + mode);
      // ShareAckModes.java MODE BOOTSTRAP TOPIC GROUP COUNT KEY=VALUE...
      int at = probe.indexOf("scripts/lib/ShareAckModes.java");
      assertThat(probe.get(at + 1)).isEqualTo(mode);
      assertThat(probe.get(at + 3)).as("one topic").isEqualTo(implicit.get(at + 3));
      assertThat(probe.get(at + 4)).as("a group of its own").contains(mode);
      assertThat(probe.get(at + 5)).isEqualTo("3000000");
      assertThat(probe.subList(at + 6, probe.size()))
          .isEqualTo(implicit.subList(at + 6, implicit.size()));
      assertThat(probe).contains("group.share.auto.offset.reset=earliest");
      keys(runner).entrySet().stream()
          .filter(e -> e.getKey().startsWith("kafka-share.consumer."))
          .forEach(
              e ->
                  assertThat(probe)
                      .contains(
                          e.getKey().substring("kafka-share.consumer.".length())
                              + "="
                              + e.getValue()));
    }
    assertThat(plan.fair("order")).contains("rotates");
    assertThat(value(plan.command("fill"), "--messages")).isEqualTo("3000000");
  }

  @Test
  void aKeepFolderThatHoldsFilesIsRefusedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("earlier"), "x");
    Process p =
        new ProcessBuilder("bash", "scripts/" + SCRIPT, "--keep", dir.toString())
            .directory(ComparisonPlan.ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isEqualTo(2);
    assertThat(out).contains("is not empty");
  }
}
