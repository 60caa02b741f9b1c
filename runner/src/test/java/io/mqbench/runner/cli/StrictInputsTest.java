package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, point 6: inputs that were silently ignored or found only after the run are refused
 * before anything connects, in one line; a matrix runs every cell and always writes its summary.
 */
class StrictInputsTest {
  @TempDir Path tmp;

  private final CliCapture cli = new CliCapture();

  private int run(Map<String, String> env, Map<String, String> sysprops, String... args) {
    return cli.runExactly(env, sysprops, args);
  }

  private String err() {
    return cli.err();
  }

  private String out() {
    return cli.out();
  }

  private void assertRefusedInOneLine(int code, String... expected) {
    assertThat(code).as(err()).isEqualTo(ExitCodes.USAGE);
    assertThat(err().strip().lines().toList()).as(err()).hasSize(1);
    assertThat(err()).contains(expected);
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private String results() {
    return tmp.resolve("results").toString();
  }

  @Test
  void aMisspelledSystemPropertyIsRefusedWithTheOptionItWasMeantToBe() {
    int code = run(Map.of(), Map.of("sender", "4", "out", results()), "run");

    assertRefusedInOneLine(code, "-Dsender is not an option; did you mean -Dsenders?");
  }

  @Test
  void aSystemPropertyNamedAfterAnotherToolsWordIsRefusedWithTheOptionItMeans() {
    int code = run(Map.of(), Map.of("threads", "-1", "out", results()), "run");

    assertRefusedInOneLine(code, "-Dthreads is not an option; did you mean -Dsenders?");
  }

  @Test
  void mavensOwnPropertiesStillPass() {
    int code =
        run(
            Map.of(),
            Map.of(
                "skipTests", "true",
                "exec.args", "x",
                "maven.repo.local", "/tmp/m2",
                "out", results(),
                "dryRun", "true"),
            "run");

    assertThat(code).as(err()).isZero();
  }

  @Test
  void anUnknownMqbenchEnvironmentVariableIsRefusedWithASuggestion() {
    int code = run(Map.of("MQBENCH_SENDER", "4"), Map.of("out", results()), "run");

    assertRefusedInOneLine(
        code, "environment variable MQBENCH_SENDER is not an mqbench option", "MQBENCH_SENDERS");
  }

  @Test
  void aDryRunGivenAsSystemPropertyRunsNothing() throws IOException {
    Path scenario = tmp.resolve("m.yml");
    Files.writeString(
        scenario,
        "queue: memory\nmessages: 1000\nmatrix:\n  senders: [1, 2, 3]\n  batch: [1, 10]\n");

    int code =
        run(
            Map.of(),
            Map.of("dryRun", "true", "out", results()),
            "run",
            "--scenario",
            scenario.toString());

    assertThat(code).as(err()).isZero();
    assertThat(out()).contains("cell 6 of 6");
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  @Test
  void aScenarioThatGivesAKeyTwiceIsRefusedNamingTheKeyAndLine() throws IOException {
    Path scenario = tmp.resolve("twice.yml");
    Files.writeString(scenario, "queue: memory\nsenders: 2\nqueue: kafka\n");

    int code =
        run(Map.of(), Map.of(), "run", "--scenario", scenario.toString(), "--out", results());

    assertRefusedInOneLine(code, scenario.toString(), "'queue' is given twice", "line 3");
  }

  @Test
  void anEmptyScenarioFileIsRefused() throws IOException {
    Path scenario = tmp.resolve("empty.yml");
    Files.writeString(scenario, "\n# nothing here\n");

    int code =
        run(Map.of(), Map.of(), "run", "--scenario", scenario.toString(), "--out", results());

    assertRefusedInOneLine(code, scenario.toString(), "is empty");
  }

  @Test
  void aBinaryScenarioFileIsRefusedAsNotText() throws IOException {
    Path scenario = tmp.resolve("binary.yml");
    Files.write(scenario, new byte[] {'q', ':', ' ', 'm', '\n', (byte) 0xff, (byte) 0xfe, 0, 1});

    int code =
        run(Map.of(), Map.of(), "run", "--scenario", scenario.toString(), "--out", results());

    assertRefusedInOneLine(code, scenario.toString(), "is not a text file", "line 2");
  }

  @Test
  void anOutputFolderThatCannotBeWrittenIsRefusedBeforeConnecting() throws IOException {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");

    long start = System.nanoTime();
    int code =
        run(
            Map.of(),
            Map.of(),
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "--out",
            file.resolve("results").toString());

    assertRefusedInOneLine(code, "--out", "is not a directory");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
  }

  @Test
  void anOutputFolderWhereNoFolderCanBeMadeIsRefusedBeforeTheRunEvenForRoot() {
    // Root passes every permission check on /proc, yet no folder can be made there: before, the
    // run went ahead and its results were lost after it.
    int code = run(Map.of(), Map.of(), "run", "--queue", "memory", "--out", "/proc/mqbench-x");

    assertRefusedInOneLine(code, "--out /proc/mqbench-x", "cannot make a folder in /proc");
    assertThat(out()).doesNotContain("sent");
  }

  @Test
  void anEmptyOutputFolderIsRefused() {
    int code = run(Map.of(), Map.of(), "run", "--queue", "memory", "--out", "");

    assertRefusedInOneLine(code, "--out must name a folder, was empty");
  }

  @Test
  void aSystemPropertyForAnOptionTheMatrixVariesIsRefusedNamingBoth() throws IOException {
    Path scenario =
        Files.writeString(tmp.resolve("m.yml"), "queue: memory\nmatrix:\n  senders: [1, 2]\n");

    int code =
        run(
            Map.of(),
            Map.of("senders", "4"),
            "run",
            "--scenario",
            scenario.toString(),
            "--out",
            results());

    assertRefusedInOneLine(
        code,
        "-Dsenders=4 sets --senders, which the scenario's matrix varies (senders: 1, 2); drop one");
  }

  @Test
  void aScenarioFileOfOneSentenceIsRefusedAsNotAMappingNotAsEmpty() throws IOException {
    Path scenario = Files.writeString(tmp.resolve("s.yml"), "run kafka with four senders please\n");

    int code =
        run(Map.of(), Map.of(), "run", "--scenario", scenario.toString(), "--out", results());

    assertRefusedInOneLine(
        code, "must be a mapping of option: value", "not a line of text ('run kafka with");
  }

  @Test
  void anUnknownCommandPointsToTheToolsHelpNamingTheToolOnce() {
    int code = run(Map.of(), Map.of(), "frobnicate");

    // picocli may suggest a command it finds close ("did you mean suite?") between the two.
    assertRefusedInOneLine(code, "'frobnicate'", " (see mqbench --help)");
    assertThat(err().split("mqbench --help", -1)).hasSize(2);
  }

  @Test
  void aBrokerThatCannotBeReachedIsNamedWithoutAWarmUpBeingAnnounced() {
    int code =
        run(
            Map.of(),
            Map.of(),
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "--out",
            results());

    assertThat(code).isNotZero();
    assertThat(err()).contains("127.0.0.1:1").doesNotContain("warming up");
  }

  @Test
  @Timeout(60)
  void anArtemisAddressWithAWrongPortIsTheRunnersLineAloneWithNoClientLogLine() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort(); // closed again: nothing listens there
    }
    // A real process: a client library's logger writes to the JVM's own standard error, which an
    // in-process capture would not see.
    try (RunnerProcess runner =
        new RunnerProcess(
            List.of(
                "run",
                "--queue",
                "artemis",
                "-p",
                "artemis.url=tcp://127.0.0.1:" + port,
                "--duration",
                "1s",
                "--out",
                results()))) {
      int code = runner.exit(45);

      assertThat(code).as(runner.err()).isNotZero();
      assertThat(runner.err())
          .contains("cannot reach Artemis at 127.0.0.1:" + port)
          .doesNotContain("WARN");
      assertThat(runner.err().lines()).allSatisfy(l -> assertThat(l).startsWith("mqbench"));
    }
  }

  @Test
  void aMessageSizeTheHeapCannotHoldIsRefusedBeforeConnecting() {
    int code =
        run(
            Map.of(),
            Map.of(),
            "run",
            "--queue",
            "memory",
            "--size",
            "2147483647",
            "--out",
            results());

    assertRefusedInOneLine(code, "--size 2147483647", "heap");
  }

  @Test
  void theDefaultRunWarmsUpAndIsTimedSoItReportsSteadyState() {
    int code = run(Map.of(), Map.of(), "run", "--dry-run", "--out", results());

    assertThat(code).as(err()).isZero();
    assertThat(out()).contains("1 sender for 20s").contains("warm-up 5s");
  }

  @Test
  void aMatrixRunsEveryCellWhenOneFailsAndAlwaysWritesItsSummary() throws IOException {
    Path scenario = tmp.resolve("unreachable.yml");
    Files.writeString(
        scenario,
        "queue: kafka\nmessages: 100\nmatrix:\n  properties:\n"
            + "    kafka.bootstrapServers: [\"127.0.0.1:1\", \"127.0.0.1:2\"]\n");

    int code =
        run(Map.of(), Map.of(), "run", "--scenario", scenario.toString(), "--out", results());

    assertThat(code).as(err()).isEqualTo(ExitCodes.FAILED);
    Path matrix = onlyFolder(tmp.resolve("results"));
    List<String> summary = Files.readAllLines(matrix.resolve(ResultsWriter.SUMMARY_CSV));
    assertThat(summary).hasSize(3);
    assertThat(summary.get(1)).contains("failed").contains("127.0.0.1:1");
    assertThat(summary.get(2)).contains("failed").contains("127.0.0.1:2");
    JsonNode second = JsonTrees.read(matrix.resolve("002").resolve(ResultsWriter.RUN_JSON));
    assertThat(second.at("/status").asText()).isEqualTo("failed");
  }

  @Test
  void failFastStopsAMatrixAtItsFirstFailedRun() throws IOException {
    Path scenario = tmp.resolve("unreachable.yml");
    Files.writeString(
        scenario,
        "queue: kafka\nmessages: 100\nmatrix:\n  properties:\n"
            + "    kafka.bootstrapServers: [\"127.0.0.1:1\", \"127.0.0.1:2\"]\n");

    int code =
        run(
            Map.of(),
            Map.of(),
            "run",
            "--scenario",
            scenario.toString(),
            "--fail-fast",
            "--out",
            results());

    assertThat(code).isEqualTo(ExitCodes.FAILED);
    Path matrix = onlyFolder(tmp.resolve("results"));
    assertThat(Files.readAllLines(matrix.resolve(ResultsWriter.SUMMARY_CSV))).hasSize(2);
  }

  @Test
  void theJarWithoutArgumentsPrintsHelpAndRunsNothing() {
    Map<String, String> props = new TreeMap<>(Map.of("out", results()));

    int code = run(Map.of(), props);

    assertThat(code).isZero();
    assertThat(out()).contains("Usage: mqbench").contains("run");
    assertThat(tmp.resolve("results")).doesNotExist();
  }

  private static Path onlyFolder(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir).filter(Files::isDirectory)) {
      List<Path> all = s.toList();
      assertThat(all).hasSize(1);
      return all.get(0);
    }
  }
}
