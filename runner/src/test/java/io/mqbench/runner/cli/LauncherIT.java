package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code mqbench} launcher script at the top of the tree, on the packaged jar. */
class LauncherIT {
  @TempDir Path tmp;

  private static final Path LAUNCHER = Path.of("..", "mqbench").toAbsolutePath().normalize();

  private record Ran(int code, String out) {}

  private Ran launch(String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of(LAUNCHER.toString()));
    command.addAll(List.of(args));
    Path output = tmp.resolve("output.txt");
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Ran(p.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }

  @Test
  void withoutArgumentsItPrintsHelpAndRunsNothing() throws Exception {
    assertThat(LAUNCHER).isExecutable();

    Ran ran = launch();

    assertThat(ran.code()).as(ran.out()).isZero();
    assertThat(ran.out()).contains("Usage: mqbench").contains("run").contains("queues");
  }

  @Test
  void itRunsTheRunCommand() throws Exception {
    Ran ran =
        launch(
            "run",
            "--queue",
            "memory",
            "--messages",
            "1000",
            "--warmup",
            "0s",
            "--out",
            tmp.resolve("results").toString());

    assertThat(ran.code()).as(ran.out()).isZero();
    assertThat(ran.out()).contains("sent       1,000 msgs").contains("lost 0");
  }

  @Test
  void itLeavesTheHeapToTheRunnerWhichSizesItFromTheRun() throws Exception {
    Path results = tmp.resolve("results");

    Ran ran = launch("run", "--messages", "1000", "--warmup", "0s", "--out", results.toString());

    assertThat(ran.code()).as(ran.out()).isZero();
    assertThat(ran.out()).contains("sized from the run");
    try (java.util.stream.Stream<Path> folders = Files.list(results).filter(Files::isDirectory)) {
      Path folder = folders.findFirst().orElseThrow();
      long maxHeap =
          JsonTrees.read(folder.resolve("run.json")).at("/environment/maxHeapBytes").asLong();
      assertThat(maxHeap).isLessThan(256L << 20);
    }
  }
}
