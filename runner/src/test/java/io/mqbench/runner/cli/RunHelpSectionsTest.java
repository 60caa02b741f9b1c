package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code run --help} lists its options in sections by concern, each option in a few lines: what the
 * help leaves out is in docs/options.md.
 */
class RunHelpSectionsTest {
  /** The most lines an option's description may take in {@code run --help}. */
  static final int MOST_LINES = 6;

  // picocli's columns: the options up to column 29, the descriptions from there.
  private static final Pattern OPTION_LINE = Pattern.compile("^  (-[a-zA-Z], |    )(--[a-z-]+)");
  private static final int DESCRIPTION_COLUMN = 29;

  private final CliCapture cli = new CliCapture();

  private String runHelp() {
    assertThat(cli.runExactly(Map.of(), Map.of(), "run", "--help")).isZero();
    return cli.out();
  }

  /** Each option's long name and the lines its description takes. */
  private static Map<String, Integer> descriptionLines(String help) {
    Map<String, Integer> lines = new LinkedHashMap<>();
    String option = null;
    for (String line : help.lines().toList()) {
      Matcher m = OPTION_LINE.matcher(line);
      if (m.find()) {
        option = m.group(2);
        lines.put(option, 0);
      } else if (line.isBlank() || !line.startsWith(" ")) {
        option = null; // a section's end or heading
      }
      // a long option's name runs past the column, its description then starts on the next line
      if (option != null
          && line.length() > DESCRIPTION_COLUMN
          && line.charAt(DESCRIPTION_COLUMN - 1) == ' '
          && !line.substring(DESCRIPTION_COLUMN).isBlank()) {
        lines.merge(option, 1, Integer::sum);
      }
    }
    return lines;
  }

  @Test
  void runHelpListsItsOptionsUnderHeadingsByConcern() {
    String help = runHelp();

    List<String> headings = new ArrayList<>();
    help.lines().filter(l -> l.matches("[A-Z][^:]*:")).forEach(headings::add);
    assertThat(headings)
        .containsSubsequence(
            "What to run:",
            "Load:",
            "Messages:",
            "Queues, subscriptions and phases:",
            "Faults:",
            "Sweep (--mode sweep) and matrix:",
            "Nodes and workers:",
            "Results and output:",
            "Live metrics:",
            "Execution:");
    assertThat(help.substring(help.indexOf("Live metrics:")))
        .containsPattern("^Live metrics:\\R +--metrics-port=PORT")
        .contains("--metrics-host=ADDRESS", "--metrics-linger=DURATION");
  }

  @Test
  void noOptionTakesMoreThanAFewLinesOfRunHelp() {
    Map<String, Integer> lines = descriptionLines(runHelp());

    assertThat(lines).containsKeys("--queue", "--fault", "--metrics-linger", "--heap");
    assertThat(lines)
        .as("options whose description takes more than %d lines of run --help", MOST_LINES)
        .allSatisfy((option, n) -> assertThat(n).as(option).isBetween(1, MOST_LINES));
  }

  @Test
  void everyOptionOfRunIsInExactlyOneSectionOfTheTable() {
    CommandSpec run =
        Main.declared(MqProviders.load()).getSubcommands().get("run").getCommandSpec();

    List<OptionSpec> listed = new ArrayList<>();
    RunHelpSections.of(run).values().forEach(listed::addAll);
    List<String> headings =
        RunHelpSections.of(run).keySet().stream().map(RunHelpSections.Section::heading).toList();

    assertThat(listed).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(run.options());
    assertThat(headings)
        .as("options of run that RunHelpSections.SECTIONS does not place")
        .doesNotContain(RunHelpSections.OTHER);
    for (RunHelpSections.Section s : RunHelpSections.SECTIONS) {
      assertThat(s.options())
          .as("the options of section %s", s.heading())
          .allSatisfy(name -> assertThat(run.findOption(name)).as(name).isNotNull());
    }
  }

  @Test
  void theUsageLineIsShortAndTheHelpSaysWhereTheReportIs() {
    String help = runHelp();

    assertThat(help).startsWith("Usage: mqbench run [OPTIONS]" + System.lineSeparator());
    assertThat(help.replaceAll("\\s+", " "))
        .contains("report.html into the folder")
        .contains("`mqbench report FOLDER...`");
  }
}
