package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, point 8: every help text prints on standard output and nothing on standard error.
 * Picocli writes its own warnings (a description it cannot format) straight to the JVM's {@code
 * System.err}, past the streams the CLI is given, so each help runs as its own process.
 */
class HelpTextsTest {
  @TempDir Path tmp;

  private record Printed(int code, String out, String err) {}

  private Printed mqbench(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx128m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("mqbench %s ended", List.of(args)).isTrue();
    return new Printed(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /** The subcommands listed under "Commands:" in the top-level help. */
  private static List<String> subcommands(String help) {
    List<String> names = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^  ([a-z][a-z-]*)  ").matcher(help.split("Commands:", 2)[1]);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void helpPrintsNoWarning() throws Exception {
    Printed help = mqbench("--help");

    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("Usage: mqbench");
    assertThat(help.err()).isEmpty();
  }

  @Test
  void noArgumentsPrintsTheUsageAndNoWarning() throws Exception {
    Printed bare = mqbench();

    assertThat(bare.code()).isZero();
    assertThat(bare.out()).contains("Usage: mqbench");
    assertThat(bare.err()).isEmpty();
  }

  @Test
  void everySubcommandsHelpPrintsNoWarning() throws Exception {
    List<String> commands = subcommands(mqbench("--help").out());
    assertThat(commands).contains("run", "queues", "drain", "worker", "jmh", "report", "help");

    for (String command : commands) {
      Printed help = command.equals("help") ? mqbench("help") : mqbench(command, "--help");
      Printed viaHelp = mqbench("help", command);

      assertThat(help.code()).as(command).isZero();
      assertThat(help.out()).as(command).contains("Usage: mqbench");
      assertThat(help.err()).as("mqbench %s --help", command).isEmpty();
      assertThat(viaHelp.err()).as("mqbench help %s", command).isEmpty();
    }
  }
}
