package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.mqbench.rabbitmq.RabbitNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/compare-rabbitmq.sh runs to its end, round after round, whatever the runner's verdict,
 * records that verdict, and leaves no queue behind: against a private RabbitMQ node of the
 * installed {@code rabbitmq-server} (never the system broker on 5672), with short durations (a
 * quick look, which the script says is not a fair comparison).
 */
class CompareRabbitmqScriptIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern ROUND =
      Pattern.compile(
          "^round (\\d) (perftest|runner): sent (\\S+) msgs/s, received (\\S+) msgs/s.*?"
              + "(?:; verdict (.+?))?; queue (\\S+) deleted$",
          Pattern.MULTILINE);

  private static RabbitNode node;

  @TempDir Path tmp;

  @BeforeAll
  static void startNode() throws InterruptedException {
    Optional<Path> bin = RabbitNode.installed();
    assumeTrue(bin.isPresent(), "rabbitmq-server is not installed");
    node = new RabbitNode(bin.get());
    node.start();
  }

  @AfterAll
  static void stopNode() {
    if (node != null) {
      node.close();
    }
  }

  private record Script(int code, String out) {}

  private Script compare(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", "scripts/compare-rabbitmq.sh"));
    command.addAll(List.of(args));
    Path log = tmp.resolve("compare.log");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().remove("RABBITMQ_URI");
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("the script ran over 5 minutes:\n" + Files.readString(log));
    }
    String out = Files.readString(log, StandardCharsets.UTF_8);
    System.err.println("[compare-rabbitmq]\n" + out);
    return new Script(p.exitValue(), out);
  }

  private static boolean queueExists(String queue) throws Exception {
    ConnectionFactory f = new ConnectionFactory();
    f.setUri(node.uri());
    try (Connection c = f.newConnection("compare-script-it")) {
      Channel ch = c.createChannel();
      try {
        ch.queueDeclarePassive(queue);
        return true;
      } catch (IOException notFound) {
        return false; // 404: the channel is closed by the broker
      }
    }
  }

  /** "ROUND TOOL" of every line reporting a run, whatever else the line says. */
  private static List<String> toolRuns(String out) {
    List<String> runs = new ArrayList<>();
    Matcher m = Pattern.compile("^round (\\d+) (\\w+):", Pattern.MULTILINE).matcher(out);
    while (m.find()) {
      runs.add(m.group(1) + " " + m.group(2));
    }
    return runs;
  }

  /** Round lines of the output: round, tool, sent, received, verdict (runner only), queue. */
  private static List<String[]> rounds(String out) {
    List<String[]> rounds = new ArrayList<>();
    Matcher m = ROUND.matcher(out);
    while (m.find()) {
      rounds.add(
          new String[] {m.group(1), m.group(2), m.group(3), m.group(4), m.group(5), m.group(6)});
    }
    return rounds;
  }

  @Test
  void twoRoundsRunToTheEndRecordTheRunnersVerdictAndLeaveNoQueue() throws Exception {
    // Only options the script has always had: --repeat 2 is what stopped after round 1 (issue 22).
    // Its raw outputs stay in a fresh folder under TMPDIR: this test's own.
    Script s =
        compare(
            Map.of("TMPDIR", tmp.toString()),
            "--uri",
            node.uri(),
            "--repeat",
            "2",
            "--seconds",
            "2");

    assertThat(toolRuns(s.out()))
        .as(s.out())
        .containsExactly("1 perftest", "1 runner", "2 runner", "2 perftest");
    assertThat(s.code()).as(s.out()).isZero();
    List<String[]> rounds = rounds(s.out());
    assertThat(rounds).as(s.out()).hasSize(4);
    assertThat(rounds.stream().map(r -> r[0] + " " + r[1]))
        .containsExactly("1 perftest", "1 runner", "2 runner", "2 perftest");
    for (String[] r : rounds) {
      assertThat(r[2]).as("sent rate of round %s %s", r[0], r[1]).matches("[0-9,]+");
      assertThat(r[3]).as("received rate of round %s %s", r[0], r[1]).matches("[0-9,]+");
      assertThat(r[4] != null)
          .as("a verdict on the runner's lines only")
          .isEqualTo(r[1].equals("runner"));
      assertThat(queueExists(r[5])).as("queue %s left behind", r[5]).isFalse();
    }
    assertThat(s.out())
        .contains("== result: 2 rounds")
        .containsPattern("sent: per-round ratios [0-9.]+ [0-9.]+, median [0-9.]+")
        .containsPattern("received: per-round ratios [0-9.]+ [0-9.]+, median [0-9.]+")
        .containsPattern(
            "runner verdicts: round 1 [a-z ]+ \\(exit \\d+\\), round 2 [a-z ]+ \\(exit \\d+\\)")
        .containsPattern("(?m)^raw outputs kept in " + Pattern.quote(tmp.toString()) + "/\\S+$");
  }

  @Test
  void aRunnerThatFailsEveryRunIsRecordedAndTheScriptStillFinishesAndCleansUp() throws Exception {
    // No confirm arrives within 1 ms: every runner run fails (exit 1) a moment after it starts.
    Path keep = tmp.resolve("keep");
    Script s =
        compare(
            Map.of("RUNNER_FLAGS", "-p rabbitmq.confirmTimeout=1ms"),
            "--uri",
            node.uri(),
            "--repeat",
            "1",
            "--seconds",
            "2",
            "--keep",
            keep.toString());

    // One round: the test above runs two; this one is about a failing runner's round.
    assertThat(toolRuns(s.out())).as(s.out()).hasSize(2);
    List<String[]> rounds = rounds(s.out());
    assertThat(rounds).as(s.out()).hasSize(2);
    for (String[] r : rounds) {
      if (r[1].equals("runner")) {
        assertThat(r[4]).isEqualTo("failed (exit 1)");
      }
      assertThat(queueExists(r[5])).as("queue %s left behind", r[5]).isFalse();
    }
    assertThat(s.out()).contains("runner verdicts: round 1 failed (exit 1)");
    assertThat(s.code()).as("runs without rates make the exit code 1").isEqualTo(1);
    // The failed round can be examined afterwards: its outputs are kept, and the last line says
    // where.
    List<String> lines = s.out().lines().filter(l -> !l.isBlank()).toList();
    assertThat(lines.get(lines.size() - 1)).isEqualTo("raw outputs kept in " + keep);
    assertThat(keep.resolve("runner-1.log")).isNotEmptyFile();
    assertThat(keep.resolve("perftest-1.csv")).isRegularFile();
    assertThat(keep.resolve("mqbench.jar")).as("the jar's copy is not kept").doesNotExist();
  }
}
