package io.mqbench.runner.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The sections, by concern, that {@code run --help} and the option reference list {@code run}'s
 * options in, and the help's short form of each option: the first element of its description.
 *
 * <p>The sections are a table of option names rather than picocli argument groups: a group needs
 * its options as fields of a class of its own, which picocli creates only when one of them is given
 * on the command line, so the planner's paths to the options and their defaults would change. The
 * table leaves the parsed model as it is; a new option of {@code run} needs a line here.
 *
 * <p>An option's further description elements are its details: the reference prints them, the help
 * does not, so that no option takes more than a few lines of {@code run --help}.
 */
final class RunHelpSections {
  /**
   * One section of {@code run}'s options.
   *
   * @param heading the section's title
   * @param options the long names of its options, in the order they are listed
   */
  record Section(String heading, List<String> options) {}

  static final List<Section> SECTIONS =
      List.of(
          new Section(
              "What to run",
              List.of(
                  "--queue",
                  "--property",
                  "--mode",
                  "--preset",
                  "--scenario",
                  "--durability",
                  "--local-broker")),
          new Section(
              "Load",
              List.of(
                  "--senders",
                  "--receivers",
                  "--rate",
                  "--duration",
                  "--messages",
                  "--warmup",
                  "--batch",
                  "--fixed-batch",
                  "--in-flight",
                  "--max-backlog",
                  "--schedule-tick",
                  "--seed")),
          new Section("Messages", List.of("--size", "--payload-file", "--compressibility")),
          new Section(
              "Queues, subscriptions and phases",
              List.of(
                  "--queues",
                  "--subscriptions",
                  "--phases",
                  "--backlog",
                  "--receiver-idle",
                  "--receive-wait",
                  "--keep-queue")),
          new Section("Faults", List.of("--fault", "--on-client-error")),
          new Section(
              "Sweep (--mode sweep) and matrix",
              List.of(
                  "--slo",
                  "--sweep-rates",
                  "--sweep-steps",
                  "--sweep-precision",
                  "--sweep-hold",
                  "--sweep-confirm",
                  "--fail-fast")),
          new Section(
              "Nodes and workers",
              List.of(
                  "--workers",
                  "--nodes",
                  "--sender-nodes",
                  "--receiver-nodes",
                  "--worker-token-file",
                  "--stop-workers")),
          new Section(
              "Results and output",
              List.of(
                  "--out",
                  "--store",
                  "--no-store",
                  "--machine-cost",
                  "--limit-probe",
                  "--progress",
                  "--verbose")),
          new Section(
              "Live metrics", List.of("--metrics-port", "--metrics-host", "--metrics-linger")),
          new Section(
              "Execution",
              List.of("--heap", "--connect-timeout", "--dry-run", "--help", "--version")));

  /** The heading of options that {@link #SECTIONS} does not place. */
  static final String OTHER = "Other";

  private RunHelpSections() {}

  /**
   * {@code run}'s options by section. An option the table does not place is listed under {@link
   * #OTHER} rather than left out, and a name the table holds but {@code run} does not is skipped:
   * the help never fails, and a test keeps the table in step with the options.
   *
   * @param run the command's model
   * @return each section with its options, in the table's order
   */
  static Map<Section, List<OptionSpec>> of(CommandLine.Model.CommandSpec run) {
    Map<Section, List<OptionSpec>> placed = new LinkedHashMap<>();
    List<OptionSpec> unplaced = new ArrayList<>(run.options());
    for (Section s : SECTIONS) {
      List<OptionSpec> options = new ArrayList<>();
      for (String name : s.options()) {
        OptionSpec o = run.findOption(name);
        if (o != null) {
          options.add(o);
          unplaced.remove(o);
        }
      }
      placed.put(s, options);
    }
    if (!unplaced.isEmpty()) {
      placed.put(
          new Section(OTHER, unplaced.stream().map(OptionSpec::longestName).toList()), unplaced);
    }
    return placed;
  }

  /**
   * Makes {@code run --help} list the options by section, each with its short description, and show
   * for options without a fixed default the value given by -D, MQBENCH_ or the scenario ("Given:
   * 100."), and nothing when none is.
   */
  static void install(CommandLine run) {
    run.getHelpSectionMap()
        .put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> showGiven(render(help)));
  }

  /**
   * @param text help text with {@link RunOptions#GIVEN_OPEN} marks
   * @return the text with each mark replaced by the value given, or removed when none is
   */
  static String showGiven(String text) {
    String open = Pattern.quote(RunOptions.GIVEN_OPEN);
    String close = Pattern.quote(RunOptions.GIVEN_CLOSE);
    return text
        // wrapped alone onto a line, the placeholder leaves no blank line behind
        .replaceAll("\\R *" + open + "null" + close, "")
        .replaceAll(" ?" + open + "null" + close, "")
        .replaceAll(open + "([^>]*)" + close, "Given: $1.");
  }

  private static String render(Help help) {
    Help.Layout widths = help.createDefaultLayout();
    Help.IOptionRenderer full = help.createDefaultOptionRenderer();
    StringBuilder out = new StringBuilder();
    for (Map.Entry<Section, List<OptionSpec>> s : of(help.commandSpec()).entrySet()) {
      Help.Layout layout =
          new Help.Layout(
              help.colorScheme(),
              Help.TextTable.forColumns(help.colorScheme(), widths.textTable().columns()),
              (option, labels, scheme) -> shortForm(full.render(option, labels, scheme), option),
              help.createDefaultParameterRenderer());
      layout.addOptions(s.getValue(), help.parameterLabelRenderer());
      out.append(out.isEmpty() ? "" : System.lineSeparator())
          .append(help.createHeading(s.getKey().heading() + ":%n"))
          .append(layout);
    }
    return out.toString();
  }

  /** The rows of an option's first description element: picocli renders one row per line. */
  private static Text[][] shortForm(Text[][] rows, OptionSpec option) {
    String[] description = option.description();
    int lines = description.length == 0 ? 1 : description[0].split("\\R", -1).length;
    return Arrays.copyOf(rows, Math.min(rows.length, Math.max(1, lines)));
  }
}
