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
 * scripts/compare-rabbitmq-stream.sh gives the runner's {@code rabbitmq-stream} backend and
 * RabbitMQ's Stream PerfTest the same terms, read from its {@code --plan}, which needs neither
 * Stream PerfTest's jar nor a broker: one node for both, the same warm-up and measured window, one
 * producer and one consumer, the same message size, unconfirmed messages, credit, starting offset
 * and heap, and fresh streams without a length limit.
 */
class CompareRabbitmqStreamScriptTest {
  private static final String SCRIPT = "compare-rabbitmq-stream.sh";

  @Test
  void bothSidesRunTheSameWarmUpAndMeasuredWindowInOneJvm() throws Exception {
    Plan plan = plan(SCRIPT);
    List<String> perfTest = plan.command("streamperftest");
    List<String> runner = plan.command("runner");

    // The runner's own warm-up, which would drain its backlog before measuring, is off: both run
    // W + D seconds and the first W are left out of the rates on both sides.
    assertThat(value(runner, "--warmup")).isEqualTo("0s");
    int total = seconds(value(perfTest, "--time"));
    assertThat(seconds(value(runner, "--duration"))).isEqualTo(total);
    int w = plan.warmUpOfAMeasuredWindowOfTwentySecondsOrMore(total);
    assertThat(plan.fair("warm-up")).startsWith("both: the first " + w + "s of each run");
    assertThat(plan.fair("rates")).startsWith("both:").contains("the same events on both sides");
  }

  @Test
  void bothSidesGetTheSameClientSettings() throws Exception {
    Plan plan = plan(SCRIPT);
    List<String> perfTest = plan.command("streamperftest");
    List<String> runner = plan.command("runner");
    Map<String, String> keys = keys(runner);

    assertThat(value(runner, "--senders")).isEqualTo(value(perfTest, "--producers")).isEqualTo("1");
    assertThat(value(runner, "--receivers"))
        .isEqualTo(value(perfTest, "--consumers"))
        .isEqualTo("1");
    assertThat(value(runner, "--size")).isEqualTo(value(perfTest, "--size"));
    // Unconfirmed messages: the runner's window counts batches, so batches of one message.
    assertThat(value(runner, "--batch")).isEqualTo("1");
    assertThat(value(runner, "--in-flight")).isEqualTo(value(perfTest, "--confirms"));
    assertThat(keys.get("rabbitmq-stream.credits")).isEqualTo(value(perfTest, "--initial-credits"));
    // The stream client's own batching: its producer defaults, which the runner keeps.
    assertThat(value(perfTest, "--batch-size")).isEqualTo("100");
    assertThat(value(perfTest, "--dynamic-batch-size")).isEqualTo("true");
    assertThat(value(perfTest, "--sub-entry-size")).isEqualTo("1");
    // The runner's reader starts at the stream's first message.
    assertThat(value(perfTest, "--offset")).isEqualTo("first");
    assertThat(perfTest.get(1)).startsWith("-Xmx").isEqualTo(runner.get(1));
    // Stream PerfTest's producer never waits for its consumer: neither does the runner's sender.
    assertThat(value(runner, "--max-backlog")).isEqualTo("off");
    assertThat(value(runner, "--limit-probe")).isEqualTo("0s");
  }

  @Test
  void bothSidesUseTheSameNodeAndFreshStreamsOfTheSameDurability() throws Exception {
    Plan plan = plan(SCRIPT);
    List<String> perfTest = plan.command("streamperftest");
    List<String> runner = plan.command("runner");
    Map<String, String> keys = keys(runner);

    assertThat(keys.get("rabbitmq-stream.uri")).isEqualTo(value(perfTest, "--uris"));
    assertThat(keys.get("rabbitmq-stream.stream")).isEqualTo(value(perfTest, "--streams"));
    assertThat(perfTest).as("deleted afterwards").contains("--delete-streams");
    // No length limit, as the runner creates a stream; one member on the private node.
    assertThat(value(perfTest, "--max-length-bytes")).isEqualTo("0");
    assertThat(perfTest).doesNotContain("--initial-member-count");
    assertThat(keys).doesNotContainKey("rabbitmq-stream.initialClusterSize");
    assertThat(plan.fair("durability")).startsWith("both:").contains("one member");
    assertThat(plan.fair("broker")).contains("private").endsWith("(both)");
  }

  @Test
  void aBrokerGivenByAddressServesBothSidesAndItsPasswordIsNotPrinted() throws Exception {
    Plan plan =
        plan(
            SCRIPT,
            "--uri",
            "rabbitmq-stream://user:secret@broker:5553/%2f",
            "--amqp-port",
            "5673");
    Map<String, String> keys = keys(plan.command("runner"));

    assertThat(plan.out()).doesNotContain("secret");
    assertThat(value(plan.command("streamperftest"), "--uris"))
        .isEqualTo(keys.get("rabbitmq-stream.uri"))
        .isEqualTo("rabbitmq-stream://user:****@broker:5553/%2f");
    assertThat(keys).containsEntry("rabbitmq-stream.amqpPort", "5673");
    assertThat(plan.fair("broker")).startsWith("rabbitmq-stream://user:****@broker:5553");
  }

  @Test
  void settingsGivenReachBothSides() throws Exception {
    Plan plan =
        plan(SCRIPT, "--size", "1000", "--confirms", "500", "--credits", "4", "--seconds", "30");
    List<String> perfTest = plan.command("streamperftest");
    List<String> runner = plan.command("runner");

    assertThat(value(perfTest, "--size")).isEqualTo(value(runner, "--size")).isEqualTo("1000");
    assertThat(value(perfTest, "--confirms"))
        .isEqualTo(value(runner, "--in-flight"))
        .isEqualTo("500");
    assertThat(value(perfTest, "--initial-credits"))
        .isEqualTo(keys(runner).get("rabbitmq-stream.credits"))
        .isEqualTo("4");
    assertThat(plan.warmUpOfAMeasuredWindowOfTwentySecondsOrMore(35)).isEqualTo(5);
  }
}
