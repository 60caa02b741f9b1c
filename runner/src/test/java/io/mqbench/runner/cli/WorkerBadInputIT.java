package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What goes wrong between a coordinator and its workers is said in one line, with a non-zero exit,
 * within 10 s: an unreachable worker, a worker of another version, a wrong token, and a worker
 * asked to listen beyond loopback without a token.
 */
class WorkerBadInputIT {
  private static final String TOKEN = "s3cret-token-of-the-test";

  @TempDir static Path tmp;
  private static WorkerProcesses processes;
  private static String otherVersion;
  private static String withToken;

  @BeforeAll
  static void startWorkers() throws Exception {
    processes = new WorkerProcesses(tmp);
    otherVersion = processes.start("--port", "0", "--test-only-pretend-version", "9.9.9").address();
    Path token = tmp.resolve("token");
    Files.writeString(token, TOKEN + "\n");
    withToken = processes.start("--port", "0", "--token-file", token.toString()).address();
  }

  @AfterAll
  static void stopWorkers() throws Exception {
    processes.close();
  }

  private record Outcome(int code, String err, double seconds) {}

  private static Outcome run(String... args) {
    CliCapture cli = new CliCapture();
    long start = System.nanoTime();
    int code = cli.run(args);
    Outcome o = new Outcome(code, cli.err() + cli.out(), (System.nanoTime() - start) / 1e9);
    System.err.printf("[bad-input] %.2f s, exit %d: %s", o.seconds(), o.code(), o.err());
    return o;
  }

  private static void assertOneLine(Outcome o, String... contains) {
    assertThat(o.code()).as(o.err()).isNotZero();
    assertThat(o.seconds()).as("seconds").isLessThan(10);
    assertThat(o.err().strip().lines()).as(o.err()).hasSize(1);
    assertThat(o.err()).startsWith("mqbench: ").contains(contains).doesNotContain("Exception");
  }

  @Test
  void anUnreachableWorkerIsOneLineNamingIt() {
    Outcome o = run("run", "--workers", "127.0.0.1:1", "--messages", "10", "--out", tmp.toString());

    assertOneLine(o, "worker 127.0.0.1:1: unreachable");
  }

  @Test
  void aWorkerOfAnotherVersionIsRefused() {
    Outcome o =
        run(
            "run",
            "--workers",
            otherVersion,
            "--worker-token-file",
            processes.tokenFile().toString(),
            "--messages",
            "10",
            "--out",
            tmp.toString());

    assertOneLine(o, "worker " + otherVersion, "9.9.9", "same version");
  }

  @Test
  void aWrongTokenIsRefusedAndNeverShown() throws Exception {
    Path wrong = tmp.resolve("wrong-token");
    Files.writeString(wrong, "not-the-token");

    Outcome o =
        run(
            "run",
            "--workers",
            withToken,
            "--worker-token-file",
            wrong.toString(),
            "--messages",
            "10",
            "--out",
            tmp.toString());

    assertOneLine(o, "worker " + withToken, "refused the token");
    assertThat(o.err()).doesNotContain("not-the-token").doesNotContain(TOKEN);
  }

  @Test
  void noTokenAtAllIsRefusedToo() {
    Outcome o = run("run", "--workers", withToken, "--messages", "10", "--out", tmp.toString());

    assertOneLine(o, "refused the token");
  }

  @Test
  void theRightTokenRuns() throws Exception {
    Path right = tmp.resolve("right-token");
    Files.writeString(right, TOKEN);
    Path out = tmp.resolve("right");

    Outcome o =
        run(
            "run",
            "--workers",
            withToken,
            "--worker-token-file",
            right.toString(),
            "--messages",
            "1000",
            "--out",
            out.toString());

    assertThat(o.code()).as(o.err()).isZero();
    assertThat(o.err()).contains("lost 0").doesNotContain(TOKEN);
    try (var files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        if (f.toString().endsWith(".json") || f.toString().endsWith(".csv")) {
          assertThat(Files.readString(f)).as(f.toString()).doesNotContain(TOKEN);
        }
      }
    }
  }

  @Test
  void aWorkerBoundBeyondLoopbackWithoutATokenRefusesToStart() {
    Outcome o = run("worker", "--bind", "0.0.0.0", "--port", "0");

    assertOneLine(o, "--bind 0.0.0.0", "token");
  }
}
