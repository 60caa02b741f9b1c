package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, point 7: without {@code -Xmx} the JVM takes a quarter of the machine's memory as its
 * heap and G1 grows into it (1.5 GB resident for 25 senders and 25 receivers of the memory queue in
 * 5 s). The runner chooses the heap from the run instead, in a JVM of its own; signals to the
 * process the user started reach the run once, and the run never outlives that process.
 *
 * <p>Each test starts the CLI as a process, without {@code -Xmx} unless it says otherwise.
 */
class HeapChosenByTheRunnerTest {
  private static final long MIB = 1 << 20;

  /** The most a stop may take, from the signal to the exit; the runner's own promise is 5 s. */
  private static final long STOP_SECONDS = 10;

  @TempDir Path tmp;

  private List<String> memoryRun(String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--queue",
                "memory",
                "--progress",
                "never",
                "--out",
                tmp.resolve("results").toString()));
    args.addAll(List.of(more));
    return args;
  }

  private JsonNode onlyRunJson() throws IOException {
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      List<Path> folders = s.toList();
      assertThat(folders).hasSize(1);
      return JsonTrees.read(folders.get(0).resolve(ResultsWriter.RUN_JSON));
    }
  }

  @Test
  void aRunOf25SendersAnd25ReceiversWithoutXmxStaysWithin512MibResident() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(
            memoryRun(
                "--senders", "25", "--receivers", "25", "--duration", "5s", "--warmup", "1s"))) {

      assertThat(runner.exit(120)).as(runner.err()).isZero();
    }

    JsonNode environment = onlyRunJson().at("/environment");
    assertThat(environment.at("/peakResidentBytes").asLong())
        .as(
            "peak resident memory of the JVM that measured, its heap at most %,d MiB",
            environment.at("/maxHeapBytes").asLong() / MIB)
        .isPositive()
        .isLessThanOrEqualTo(512 * MIB);
  }

  @Test
  void sigintToTheRunnerReachesTheRunOnceAndItExits130WithResults() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(memoryRun("--duration", "60s", "--warmup", "0s"))) {
      runner.await("mqbench: memory,", 30);
      Thread.sleep(2_000);

      runner.signal("INT");

      assertThat(runner.exit(STOP_SECONDS)).as(runner.err()).isEqualTo(130);
      assertThat(runner.count("mqbench: stopping")).as(runner.err()).isOne();
    }
    JsonNode json = onlyRunJson();
    assertThat(json.at("/status").asText()).isEqualTo("interrupted");
    assertThat(json.at("/environment/maxHeapBytes").asLong()).isLessThan(512 * MIB);
  }

  @Test
  void sigtermToTheRunnerReachesTheRunOnceAndItExits143WithResults() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(memoryRun("--duration", "60s", "--warmup", "0s"))) {
      runner.await("mqbench: memory,", 30);
      Thread.sleep(2_000);

      runner.signal("TERM");

      assertThat(runner.exit(STOP_SECONDS)).as(runner.err()).isEqualTo(143);
      assertThat(runner.count("mqbench: stopping")).as(runner.err()).isOne();
    }
    JsonNode json = onlyRunJson();
    assertThat(json.at("/status").asText()).isEqualTo("interrupted");
    assertThat(json.at("/environment/maxHeapBytes").asLong()).isLessThan(512 * MIB);
  }

  @Test
  void aSecondSigintEndsTheRunAtOnce() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(memoryRun("--duration", "60s", "--warmup", "0s"))) {
      runner.await("mqbench: memory,", 30);
      Thread.sleep(2_000);

      runner.signal("INT");
      runner.await("mqbench: stopping", 5);
      runner.signal("INT");

      assertThat(runner.exit(STOP_SECONDS)).as(runner.err()).isEqualTo(130);
      assertThat(runner.err()).contains("stopped at once");
      assertThat(runner.childJvm()).isEmpty();
    }
  }

  @Test
  void ctrlCOnATerminalReachesTheRunOnceAndItExits130WithResults() throws Exception {
    // `script` gives the runner a pseudo-terminal, and the byte 3 written to it is a Ctrl-C: the
    // terminal sends SIGINT to its whole foreground process group, as it does for a user. The
    // progress bar is drawn, as it is by default on a terminal.
    List<String> java = new ArrayList<>(List.of(RunnerProcess.java()));
    java.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    java.addAll(
        List.of(
            "run",
            "--queue",
            "memory",
            "--duration",
            "60s",
            "--warmup",
            "0s",
            "--out",
            tmp.resolve("results").toString()));
    String shellCommand =
        String.join(" ", java.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
    Path typescript = tmp.resolve("typescript.txt");
    Process script =
        new ProcessBuilder("script", "-qefc", shellCommand, typescript.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream keyboard = script.getOutputStream()) {
      for (int i = 0; i < 300 && !screenShows(typescript, "mqbench: memory,"); i++) {
        Thread.sleep(100);
      }
      Thread.sleep(2_000);

      keyboard.write(3);
      keyboard.flush();

      assertThat(script.waitFor(STOP_SECONDS, TimeUnit.SECONDS)).isTrue();
      String screen = Files.readString(typescript);
      assertThat(script.exitValue()).as(screen).isEqualTo(130);
      assertThat(screen)
          .contains("seconds") // the progress bar, drawn by default on a terminal
          .containsOnlyOnce("mqbench: stopping")
          .doesNotContain("stopped at once");
    } finally {
      script.descendants().forEach(ProcessHandle::destroyForcibly);
      script.destroyForcibly();
    }
    JsonNode json = onlyRunJson();
    assertThat(json.at("/status").asText()).isEqualTo("interrupted");
    assertThat(json.at("/environment/maxHeapBytes").asLong()).isLessThan(512 * MIB);
  }

  private static boolean screenShows(Path typescript, String text) throws IOException {
    return Files.exists(typescript) && Files.readString(typescript).contains(text);
  }

  @Test
  void whenTheRunnerIsKilledTheRunStopsByItselfAndWritesResults() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(memoryRun("--duration", "60s", "--warmup", "0s"))) {
      runner.await("mqbench: memory,", 30);
      ProcessHandle child = runner.childJvm().orElseThrow(() -> new AssertionError("no child JVM"));
      Thread.sleep(2_000);

      runner.signal("KILL");

      assertThat(child.onExit().get(STOP_SECONDS, TimeUnit.SECONDS).isAlive()).isFalse();
    }
    assertThat(onlyRunJson().at("/status").asText()).isEqualTo("interrupted");
  }

  @Test
  void aGivenHeapIsTheRunsHeap() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(memoryRun("--messages", "1000", "--warmup", "0s", "--heap", "300m"))) {
      assertThat(runner.exit(60)).as(runner.err()).isZero();
    }

    assertThat(onlyRunJson().at("/environment/maxHeapBytes").asLong()).isEqualTo(300 * MIB);
  }

  @Test
  void aHeapGivenInTheEnvironmentIsTheRunsHeap() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(
            List.of(),
            Map.of("MQBENCH_HEAP", "320m"),
            memoryRun("--messages", "1000", "--warmup", "0s"))) {
      assertThat(runner.exit(60)).as(runner.err()).isZero();
    }

    assertThat(onlyRunJson().at("/environment/maxHeapBytes").asLong()).isEqualTo(320 * MIB);
  }

  @Test
  void javasOwnXmxKeepsTheRunInThatJvm() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(
            List.of("-Xmx200m"), Map.of(), memoryRun("--messages", "1000", "--warmup", "0s"))) {
      assertThat(runner.exit(60)).as(runner.err()).isZero();
      assertThat(runner.err()).doesNotContain("mqbench: heap");
    }

    JsonNode environment = onlyRunJson().at("/environment");
    assertThat(environment.at("/maxHeapBytes").asLong()).isEqualTo(200 * MIB);
    assertThat(environment.at("/jvmArguments").asText()).isEqualTo("-Xmx200m");
  }

  @Test
  void withoutSetsidTheRunStaysInTheRunnersJvmAndSaysSoInOneLine() throws Exception {
    try (RunnerProcess runner =
        new RunnerProcess(
            List.of(),
            Map.of("PATH", tmp.resolve("no-such-dir").toString()),
            memoryRun("--messages", "1000", "--warmup", "0s"))) {
      assertThat(runner.exit(60)).as(runner.err()).isZero();
      assertThat(runner.count("the run stays in this JVM")).as(runner.err()).isOne();
      assertThat(runner.childJvm()).isEmpty();
    }

    assertThat(onlyRunJson().at("/environment/jvmArguments").asText()).isEmpty();
  }

  @Test
  void underMavensExecJavaTheRunGetsItsOwnJvmAndTheOptionsGivenAsProperties() throws Exception {
    // exec:java calls Main.main inside Maven's JVM (-Xmx384m from .mvn/jvm.config), from a class
    // loader of the project's class path, with the options as system properties.
    try (RunnerProcess runner =
        new RunnerProcess(
            ExecJava.class.getName(),
            List.of(
                "-Xmx96m",
                "-Dmessages=1000",
                "-Dwarmup=0s",
                "-Dtest.mainClass=" + Main.class.getName()),
            Map.of(),
            memoryRun())) {
      assertThat(runner.exit(60)).as(runner.err()).isZero();
    }

    JsonNode json = onlyRunJson();
    assertThat(json.at("/settings/messages").asLong()).isEqualTo(1000);
    assertThat(json.at("/environment/maxHeapBytes").asLong())
        .isNotEqualTo(96 * MIB)
        .isLessThan(512 * MIB);
  }

  @Test
  void aWorkerWithoutXmxStopsOnSigterm() throws Exception {
    try (RunnerProcess worker = new RunnerProcess(List.of("worker", "--port", "0"))) {
      worker.await("listening on", 30);

      worker.signal("TERM");

      assertThat(worker.exit(STOP_SECONDS)).as(worker.err()).isEqualTo(143);
      assertThat(worker.childJvm()).isEmpty();
    }
  }

  /**
   * Stands in for exec-maven-plugin's exec:java: the project's classes in a class loader of their
   * own.
   */
  static final class ExecJava {
    public static void main(String[] args) throws Exception {
      List<URL> urls = new ArrayList<>();
      for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
        urls.add(Path.of(entry).toUri().toURL());
      }
      ClassLoader project =
          new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
      Class.forName(System.getProperty("test.mainClass"), true, project)
          .getMethod("main", String[].class)
          .invoke(null, (Object) args);
    }
  }
}
