package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every line a default run prints is explained in one place: the README's "What a run prints" names
 * each label the terminal summary starts a line with.
 */
class ReadmeExplainsTheOutputTest {
  private static final Path README = Path.of("").toAbsolutePath().getParent().resolve("README.md");

  @TempDir Path tmp;

  @Test
  void everyLabelOfARunsSummaryIsExplainedInTheReadmesWhatARunPrints() throws Exception {
    CliCapture cli = new CliCapture();
    int code = cli.runMemoryForASecond(tmp);
    String readme = Files.readString(README, StandardCharsets.UTF_8);
    int start = readme.indexOf("## What a run prints");
    assertThat(start).as("the README's section \"What a run prints\"").isNotNegative();
    String section = readme.substring(start, readme.indexOf("\n## ", start + 1));

    assertThat(code).as(cli.err()).isZero();
    Set<String> labels = new LinkedHashSet<>();
    for (String line : cli.out().lines().toList()) {
      if (line.length() > 11 && !line.startsWith(" ")) {
        labels.add(line.substring(0, 11).trim());
      }
    }
    assertThat(labels).contains("queue", "sent", "delivery", "harness", "results", "report");
    for (String label : labels) {
      String first = label.split(" ")[0];
      assertThat(section).as("the README explains the line %s", label).contains("`" + first);
    }
  }
}
