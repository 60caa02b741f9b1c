package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * docs/options.md is the command-line reference, written from picocli's model of the commands: it
 * must be the page the model writes now, and list every option of every command.
 */
class OptionReferenceTest {
  // Tests run in the runner module's folder; the page is the repository's.
  private static final Path PAGE = Path.of("..", "docs", "options.md");

  private final CliCapture cli = new CliCapture();

  @TempDir Path tmp;

  private static String committed() throws IOException {
    assertThat(PAGE).as("docs/options.md; make it with: " + OptionReference.REGENERATE).exists();
    return Files.readString(PAGE, StandardCharsets.UTF_8);
  }

  private String printedByTheHiddenCommand(Map<String, String> env) {
    cli.reset();
    assertThat(cli.runExactly(env, Map.of(), OptionReference.NAME)).as(cli.err()).isZero();
    return cli.out();
  }

  @Test
  void theCommittedReferenceIsTheOneTheCommandLineModelWrites() throws IOException {
    String written = printedByTheHiddenCommand(Map.of());

    assertThat(committed())
        .as(
            "docs/options.md differs from the command-line model; regenerate it from the"
                + " repository's root with: "
                + OptionReference.REGENERATE)
        .isEqualTo(written);
  }

  @Test
  void theReferenceSaysHowItIsRegenerated() throws IOException {
    assertThat(committed().lines().limit(3)).anyMatch(l -> l.contains(OptionReference.REGENERATE));
  }

  @Test
  void theReferenceIsTheDeclaredModelWhateverMqbenchsSettingsGive() {
    String plain = printedByTheHiddenCommand(Map.of());
    String withEnvironment =
        printedByTheHiddenCommand(Map.of("MQBENCH_SENDERS", "7", "MQBENCH_BATCH", "9"));

    assertThat(withEnvironment).isEqualTo(plain);
    assertThat(plain).doesNotContain("Given", "<<", "null");
  }

  @Test
  void theReferenceIsTheSameWhateverTheProcesssEnvironmentSets() throws Exception {
    // picocli itself reads the worker's metrics defaults from the process's environment
    List<String> command =
        List.of(
            Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx128m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            OptionReference.NAME);
    Path out = tmp.resolve("options.md");
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectOutput(out.toFile()).redirectErrorStream(false);
    builder.environment().put("MQBENCH_METRICS_HOST", "0.0.0.0");
    builder.environment().put("MQBENCH_METRICS_PORT", "9999");
    Process p = builder.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(p.exitValue()).isZero();
    assertThat(Files.readString(out, StandardCharsets.UTF_8))
        .isEqualTo(printedByTheHiddenCommand(Map.of()));
  }

  @Test
  void everyOptionOfEveryCommandIsInItsCommandsPartOfTheReference() {
    CommandLine root = Main.declared(MqProviders.load());
    String page = OptionReference.markdown(root);

    for (Map.Entry<String, CommandLine> c : root.getSubcommands().entrySet()) {
      if (c.getValue().getCommandSpec().usageMessage().hidden() || c.getKey().equals("help")) {
        assertThat(page).doesNotContain("## mqbench " + c.getKey());
        continue;
      }
      String part = part(page, "## mqbench " + c.getKey());
      for (OptionSpec o : c.getValue().getCommandSpec().options()) {
        if (!o.hidden()) {
          assertThat(part)
              .as("mqbench %s %s", c.getKey(), o.longestName())
              .contains(o.longestName());
        }
      }
    }
  }

  @Test
  void theReferenceListsTheLiveMetricsOptionsOfRun() throws IOException {
    String live = part(part(committed(), "## mqbench run"), "### Live metrics");

    assertThat(live)
        .contains("`--metrics-port=PORT`")
        .contains("`--metrics-host=ADDRESS` | `127.0.0.1`")
        .contains("`--metrics-linger=DURATION` | `0s`");
  }

  @Test
  void theReferenceHoldsTheWholeDescriptionThatTheHelpShortens() throws IOException {
    cli.runExactly(Map.of(), Map.of(), "run", "--help");
    String fault = part(part(committed(), "## mqbench run"), "### Faults");

    assertThat(cli.out()).contains("docs/faults.md").doesNotContain("SIGSTOP");
    assertThat(fault)
        .contains("pause-broker: SIGSTOP for LENGTH")
        .contains("kafka.localBrokerNodes=3")
        .contains("Scenario key: faults");
  }

  /** The page from a heading to the next heading of the same level. */
  private static String part(String page, String heading) {
    int start = page.indexOf(heading + "\n");
    assertThat(start).as("heading %s", heading).isNotNegative();
    String level = heading.substring(0, heading.indexOf(' ') + 1);
    int end = page.indexOf("\n" + level, start + heading.length());
    return page.substring(start, end < 0 ? page.length() : end);
  }
}
