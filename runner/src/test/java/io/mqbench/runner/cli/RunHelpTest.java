package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code run --help} shows the values a run would use, also those given by -D. */
class RunHelpTest {
  private final CliCapture cli = new CliCapture();

  private static String batchHelp(String help) {
    int start = help.indexOf("--batch=B");
    return help.substring(start, help.indexOf("  -", start + 10)).replaceAll("\\s+", " ");
  }

  @Test
  void aBatchGivenByASystemPropertyIsShownAsGiven() {
    cli.runExactly(Map.of(), Map.of("batch", "100"), "run", "--help");

    assertThat(batchHelp(cli.out())).contains("Given: 100.");
  }

  @Test
  void withoutAGivenBatchTheHelpShowsTheModesDefaultsAndNoPlaceholder() {
    cli.runExactly(Map.of(), Map.of(), "run", "--help");

    assertThat(cli.out()).doesNotContainPattern("\\n\\s*\\n\\s+--in-flight");
    assertThat(batchHelp(cli.out()))
        .contains("(default 10)", "(default 1)")
        .doesNotContain("null", "<<", "Given");
  }
}
