package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --metrics-port} of {@code run} and {@code worker}: off unless given, and a port another
 * process holds ends the command at once in one line that names the option, exit code 2, before
 * anything runs.
 */
class MetricsOptionsTest {
  @TempDir Path tmp;

  @Test
  void aRunServesNoMetricsUnlessAsked() {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run", "--queue", "memory", "--messages", "200", "--out", tmp.resolve("r").toString());

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.err()).doesNotContain("metrics");
  }

  @Test
  void helpSaysLiveMetricsAreOffByDefaultAndListenOnLoopback() {
    CliCapture run = new CliCapture();
    CliCapture worker = new CliCapture();

    run.run("run", "--help");
    worker.run("worker", "--help");

    for (String help : List.of(run.out(), worker.out())) {
      assertThat(help).contains("--metrics-port=PORT").contains("Default: off.");
      assertThat(help.replaceAll("\\s+", " ")).contains("Default: 127.0.0.1.");
    }
  }

  @Test
  @Timeout(60)
  void aRunWhoseMetricsPortIsTakenEndsInOneLineBeforeItStarts() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CliCapture cli = new CliCapture();
      Path out = tmp.resolve("results");

      int code =
          cli.run(
              "run",
              "--queue",
              "memory",
              "--messages",
              "200",
              "--metrics-port",
              String.valueOf(taken.getLocalPort()),
              "--out",
              out.toString());

      assertThat(code).isEqualTo(ExitCodes.USAGE);
      assertThat(cli.err().lines().toList())
          .singleElement()
          .asString()
          .startsWith(
              "mqbench: --metrics-port "
                  + taken.getLocalPort()
                  + ": cannot listen on 127.0.0.1:"
                  + taken.getLocalPort());
      assertThat(out).doesNotExist();
    }
  }

  @Test
  @Timeout(60)
  void aWorkerWhoseMetricsPortIsTakenExitsInOneLine() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Path token = Files.writeString(tmp.resolve("token"), "t0ken\n");
      Path log = tmp.resolve("worker.log");
      List<String> command = new ArrayList<>();
      command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(
          List.of(
              "-Xmx256m",
              "-XX:TieredStopAtLevel=1",
              "-cp",
              System.getProperty("java.class.path"),
              Main.class.getName(),
              "worker",
              "--port",
              "0",
              "--token-file",
              token.toString(),
              "--metrics-port",
              String.valueOf(taken.getLocalPort())));
      Process worker =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      try {
        assertThat(worker.waitFor(45, TimeUnit.SECONDS)).as("the worker exits").isTrue();
      } finally {
        worker.destroyForcibly();
      }

      assertThat(worker.exitValue()).isEqualTo(ExitCodes.USAGE);
      assertThat(Files.readString(log, StandardCharsets.UTF_8).lines().toList())
          .singleElement()
          .asString()
          .startsWith("mqbench: --metrics-port " + taken.getLocalPort() + ": cannot listen on");
    }
  }

  @Test
  @Timeout(60)
  void aStopEndsTheLingerAtOnce() throws Exception {
    CliCapture cli = new CliCapture();
    Invocation invocation = cli.invocation(java.util.Map.of(), java.util.Map.of());
    StopSignals stop = StopSignals.manual(invocation.err());
    java.util.concurrent.CompletableFuture<Integer> run =
        java.util.concurrent.CompletableFuture.supplyAsync(
            () ->
                Main.run(
                    new String[] {
                      "run",
                      "--queue",
                      "memory",
                      "--messages",
                      "200",
                      "--warmup",
                      "0s",
                      "--limit-probe",
                      "0s",
                      "--metrics-port",
                      "0",
                      "--metrics-linger",
                      "10m",
                      "--out",
                      tmp.resolve("r").toString()
                    },
                    invocation,
                    io.mqbench.mq.MqProviders.load(),
                    stop));
    while (!cli.err().contains("live metrics stay on")) {
      assertThat(run).as(cli.err()).isNotDone();
      Thread.sleep(20);
    }
    long stoppedAt = System.nanoTime();

    stop.request(true);

    assertThat(run.get(20, TimeUnit.SECONDS)).as(cli.err()).isZero();
    assertThat(System.nanoTime() - stoppedAt).isLessThan(TimeUnit.SECONDS.toNanos(5));
    assertThat(cli.err()).contains("live metrics end now");
  }
}
