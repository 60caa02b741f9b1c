package io.mqbench.runner.deploy;

import static io.mqbench.runner.deploy.ComparisonPlan.keys;
import static io.mqbench.runner.deploy.ComparisonPlan.plan;
import static io.mqbench.runner.deploy.ComparisonPlan.seconds;
import static io.mqbench.runner.deploy.ComparisonPlan.value;
import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.deploy.ComparisonPlan.Plan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * scripts/compare-redis.sh gives redis-benchmark and the runner the same server, the same XADD, the
 * same depth (--depth: that many commands written together, all their replies awaited) and the same
 * window, counted by the server for both.
 */
class CompareRedisScriptTest {

  @Test
  void bothSidesAddTheSameEntriesOneRoundTripAtATimeOverTheSameWindow() throws Exception {
    Plan plan = plan("compare-redis.sh");
    List<String> benchmark = plan.command("redis-benchmark");
    List<String> runner = plan.command("runner");
    Map<String, String> keys = keys(runner);

    // One connection, one XADD per round trip on both sides.
    assertThat(value(benchmark, "-c")).isEqualTo("1");
    assertThat(value(benchmark, "-P")).isEqualTo("1");
    assertThat(value(runner, "--senders")).isEqualTo("1");
    assertThat(value(runner, "--batch")).isEqualTo("1");
    assertThat(value(runner, "--in-flight")).isEqualTo("1");
    // The same command and body size; nothing read back by the runner either.
    assertThat(benchmark).containsSubsequence("XADD", "<stream>", "*", "b", "<100");
    assertThat(value(benchmark, "-d")).isEqualTo(value(runner, "--size")).isEqualTo("100");
    assertThat(value(runner, "--receivers")).isEqualTo("0");
    assertThat(value(runner, "--max-backlog")).isEqualTo("off");
    // The same server, fsynced before each reply.
    assertThat(keys.get("redis.uri")).isEqualTo("redis://127.0.0.1:" + value(benchmark, "-p"));
    assertThat(keys).containsEntry("redis.fsync", "always");
    assertThat(plan.fair("server")).contains("appendfsync always");
    // The same window, counted by the server for both.
    assertThat(value(runner, "--warmup")).isEqualTo("0s");
    int total = seconds(value(runner, "--duration"));
    int w = plan.warmUpOfAMeasuredWindowOfTwentySecondsOrMore(total);
    assertThat(plan.fair("warm-up")).startsWith("both: the first " + w + "s");
    assertThat(plan.fair("rates")).startsWith("both: XADD calls the server served");
  }

  @Test
  void aDeeperPipelineWritesAsManyCommandsTogetherAndAwaitsAllTheirRepliesOnBothSides()
      throws Exception {
    Plan plan = plan("compare-redis.sh", "--depth", "10");
    List<String> runner = plan.command("runner");

    assertThat(value(plan.command("redis-benchmark"), "-P")).isEqualTo("10");
    assertThat(value(plan.command("redis-benchmark"), "-c")).isEqualTo("1");
    // One batch of exactly ten at a time, as -P 10 writes ten and awaits their replies: a batch of
    // 1..B (the runner's default in throughput mode) would change the depth.
    assertThat(value(runner, "--batch")).isEqualTo("10");
    assertThat(runner).contains("--fixed-batch");
    assertThat(value(runner, "--in-flight")).isEqualTo("1");
    assertThat(value(runner, "--senders")).isEqualTo("1");
    assertThat(plan.fair("client settings")).contains("10 commands written together");
    assertThat(plan.out()).doesNotContain("note: differs");
  }

  @Test
  void aWindowKeepsAsManyCommandsOutstandingTheRunnersWayAndSaysSo() throws Exception {
    Plan plan = plan("compare-redis.sh", "--depth", "10", "--window");
    List<String> runner = plan.command("runner");

    assertThat(value(plan.command("redis-benchmark"), "-P")).isEqualTo("10");
    assertThat(value(runner, "--batch")).isEqualTo("1");
    assertThat(value(runner, "--in-flight")).isEqualTo("10");
    assertThat(runner).doesNotContain("--fixed-batch");
    assertThat(plan.out()).contains("note: differs: at most 10 commands awaiting replies");
  }

  @Test
  void theSizeGoesToBothSides() throws Exception {
    Plan plan = plan("compare-redis.sh", "--size", "1000");

    assertThat(value(plan.command("redis-benchmark"), "-d")).isEqualTo("1000");
    assertThat(plan.command("redis-benchmark")).contains("<1000");
    assertThat(value(plan.command("runner"), "--size")).isEqualTo("1000");
  }
}
