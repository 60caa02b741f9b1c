package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, point 4: Ctrl-C (SIGINT) or SIGTERM at any moment ends the runner within 5 seconds with
 * its partial results and chart written, status interrupted, exit 130 or 143. Each test runs the
 * CLI as its own process and sends it a real signal.
 */
class InterruptedRunsTest {
  private static final double STOP_SECONDS = 5;

  @TempDir Path tmp;

  /** A running runner process, its stderr collected line by line. */
  private static final class Runner {
    final Process process;
    final List<String> err = new ArrayList<>();
    private final List<String> awaited = new ArrayList<>();
    private CountDownLatch seen;

    Runner(List<String> args) throws IOException {
      List<String> command = new ArrayList<>();
      command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
      command.add("-Xmx512m");
      command.add("-cp");
      command.add(System.getProperty("java.class.path"));
      command.add(Main.class.getName());
      command.addAll(args);
      process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                  for (String line; (line = r.readLine()) != null; ) {
                    synchronized (this) {
                      err.add(line);
                      if (seen != null && awaited.stream().anyMatch(line::contains)) {
                        seen.countDown();
                      }
                    }
                  }
                } catch (IOException e) {
                  // the process ended
                }
              });
      reader.setDaemon(true);
      reader.start();
    }

    /** Waits until stderr shows {@code text}. */
    void await(String text, long seconds) throws InterruptedException {
      synchronized (this) {
        if (err.stream().anyMatch(l -> l.contains(text))) {
          return;
        }
        awaited.add(text);
        seen = new CountDownLatch(1);
      }
      assertThat(seen.await(seconds, TimeUnit.SECONDS))
          .as("stderr shows " + text + ": " + err)
          .isTrue();
    }

    /** Sends a signal and returns the seconds until the process ended. */
    double signalAndWait(String signal) throws Exception {
      long start = System.nanoTime();
      new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
      boolean ended = process.waitFor(30, TimeUnit.SECONDS);
      double seconds = (System.nanoTime() - start) / 1e9;
      if (!ended) {
        process.destroyForcibly();
      }
      assertThat(ended).as("the runner ended after SIG" + signal + ": " + err).isTrue();
      return seconds;
    }
  }

  private List<String> memoryRun(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of("run", "--queue", "memory", "--out", tmp.resolve("results").toString()));
    args.addAll(List.of(more));
    return args;
  }

  private JsonNode onlyRunJson() throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      List<Path> folders = s.toList();
      assertThat(folders).hasSize(1);
      assertThat(folders.get(0).resolve(ResultsWriter.CHART_SVG)).isNotEmptyFile();
      assertThat(folders.get(0).resolve(ResultsWriter.SUMMARY_XLSX)).isNotEmptyFile();
      return JsonTrees.read(folders.get(0).resolve(ResultsWriter.RUN_JSON));
    }
  }

  @Test
  void ctrlCWhileMeasuringWithTheProgressBarWritesPartialResultsAndTheChart() throws Exception {
    Runner runner =
        new Runner(memoryRun("--duration", "60s", "--warmup", "0s", "--progress", "always"));
    runner.await("mqbench: memory,", 20);
    Thread.sleep(2_500);

    double seconds = runner.signalAndWait("INT");

    assertThat(runner.process.exitValue()).as(String.join("\n", runner.err)).isEqualTo(130);
    assertThat(seconds).as(String.join("\n", runner.err)).isLessThan(STOP_SECONDS);
    JsonNode json = onlyRunJson();
    assertThat(json.at("/status").asText()).isEqualTo("interrupted");
    assertThat(json.at("/totals/sent").asLong()).isPositive();
  }

  @Test
  void ctrlCOnARealTerminalWithTheDefaultProgressBarWritesPartialResults() throws Exception {
    // `script` (util-linux, essential on Debian) gives the runner a pseudo-terminal, as a user's
    // shell does: the progress bar is drawn by default and the terminal library is in play.
    List<String> java = new ArrayList<>();
    java.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    java.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path")));
    java.add(Main.class.getName());
    java.addAll(memoryRun("--duration", "60s", "--warmup", "0s"));
    String shellCommand =
        String.join(" ", java.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
    Path typescript = tmp.resolve("typescript.txt");
    Process script =
        new ProcessBuilder("script", "-qefc", shellCommand, typescript.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      ProcessHandle runner = null;
      for (int i = 0; i < 200 && runner == null; i++) {
        Thread.sleep(100);
        runner =
            script
                .descendants()
                .filter(p -> p.info().command().orElse("").endsWith("java"))
                .findFirst()
                .orElse(null);
      }
      assertThat(runner).as("the runner started under script").isNotNull();
      Thread.sleep(4_000); // connected and measuring, the bar drawn
      assertThat(Files.readString(typescript)).contains("seconds");

      long start = System.nanoTime();
      new ProcessBuilder("kill", "-INT", Long.toString(runner.pid())).start().waitFor();
      assertThat(script.waitFor(30, TimeUnit.SECONDS)).isTrue();
      double seconds = (System.nanoTime() - start) / 1e9;

      String screen = Files.readString(typescript);
      assertThat(seconds).as(screen).isLessThan(STOP_SECONDS);
      assertThat(script.exitValue()).as(screen).isEqualTo(130);
      assertThat(onlyRunJson().at("/status").asText()).isEqualTo("interrupted");
    } finally {
      script.descendants().forEach(ProcessHandle::destroyForcibly);
      script.destroyForcibly();
    }
  }

  @Test
  void sigtermWhileMeasuringWritesPartialResultsAndExits143() throws Exception {
    Runner runner = new Runner(memoryRun("--duration", "60s", "--warmup", "0s"));
    runner.await("mqbench: memory,", 20);
    Thread.sleep(2_500);

    double seconds = runner.signalAndWait("TERM");

    assertThat(runner.process.exitValue()).isEqualTo(143);
    assertThat(seconds).isLessThan(STOP_SECONDS);
    assertThat(onlyRunJson().at("/status").asText()).isEqualTo("interrupted");
  }

  @Test
  void ctrlCDuringTheWarmupSkipsTheMeasuredRunAndEndsPromptly() throws Exception {
    Runner runner = new Runner(memoryRun("--duration", "60s", "--warmup", "60s"));
    runner.await("warming up", 20);
    Thread.sleep(1_500);

    double seconds = runner.signalAndWait("INT");

    assertThat(runner.process.exitValue()).isEqualTo(130);
    assertThat(seconds).as(String.join("\n", runner.err)).isLessThan(STOP_SECONDS);
    assertThat(onlyRunJson().at("/status").asText()).isEqualTo("interrupted");
  }

  @Test
  void ctrlCWhileConnectingDoesNotWaitForTheConnectTimeout() throws Exception {
    // A port that accepts connections and never answers: the AMQP handshake waits.
    try (java.net.ServerSocket silent =
        new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      List<java.net.Socket> accepted = new ArrayList<>();
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    accepted.add(silent.accept());
                  }
                } catch (IOException e) {
                  // closed
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      List<String> args =
          new ArrayList<>(
              List.of(
                  "run",
                  "--queue",
                  "rabbitmq",
                  "-p",
                  "rabbitmq.uri=amqp://guest:guest@127.0.0.1:" + silent.getLocalPort(),
                  "--connect-timeout",
                  "60s",
                  "--out",
                  tmp.resolve("results").toString()));
      Runner runner = new Runner(args);
      runner.await("mqbench: rabbitmq,", 20);
      Thread.sleep(1_500);

      double seconds = runner.signalAndWait("INT");

      assertThat(runner.process.exitValue()).as(String.join("\n", runner.err)).isEqualTo(130);
      assertThat(seconds).as(String.join("\n", runner.err)).isLessThan(STOP_SECONDS);
      try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
        Path folder = s.findFirst().orElseThrow();
        JsonNode json = JsonTrees.read(folder.resolve(ResultsWriter.RUN_JSON));
        assertThat(json.at("/status").asText()).isEqualTo("interrupted");
      }
      for (java.net.Socket socket : accepted) {
        socket.close();
      }
    }
  }

  @Test
  void sigtermStopsAWorkerAtOnceWithExitCode143() throws Exception {
    Runner worker = new Runner(List.of("worker", "--port", "0"));
    worker.await("listening on", 20);

    double seconds = worker.signalAndWait("TERM");

    assertThat(worker.process.exitValue()).as(String.join("\n", worker.err)).isEqualTo(143);
    assertThat(seconds).isLessThan(STOP_SECONDS);
  }

  @Test
  void ctrlCWithABacklogStopsReceiversInsteadOfDrainingIt() throws Exception {
    // Eight senders against one receiver taking one message at a time: a backlog builds up.
    Runner runner =
        new Runner(
            memoryRun(
                "--duration",
                "60s",
                "--warmup",
                "0s",
                "--senders",
                "8",
                "--receivers",
                "1",
                "--batch",
                "100",
                "-p",
                "memory.maxDepth=2000000",
                "--progress",
                "always"));
    runner.await("mqbench: memory,", 20);
    Thread.sleep(4_000);

    double seconds = runner.signalAndWait("INT");

    assertThat(runner.process.exitValue()).as(String.join("\n", runner.err)).isEqualTo(130);
    assertThat(seconds).as(String.join("\n", runner.err)).isLessThan(STOP_SECONDS);
    JsonNode json = onlyRunJson();
    assertThat(json.at("/status").asText()).isEqualTo("interrupted");
  }
}
