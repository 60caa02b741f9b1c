package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes docs/options.md, the reference of every command and option, from picocli's model of the
 * command line, so that the page says what the parser does. {@code OptionReferenceTest} fails when
 * the committed page and the model differ.
 *
 * <p>The page is Markdown written from the model here rather than picocli-codegen's {@code
 * ManPageGenerator}: that writes one AsciiDoc file per command and would add a build dependency and
 * a conversion step, where the other pages are Markdown that GitHub shows as they are. {@code
 * run}'s options come in the sections of {@link RunHelpSections}, each with its whole description
 * (the help shows only the first element); other commands' options in one list.
 *
 * <p>It is a hidden command ({@code mqbench options-reference}) rather than a test-time switch so
 * that the page is made again from the jar that a build leaves, with no test run.
 */
@Command(
    name = OptionReference.NAME,
    hidden = true,
    description = "Prints the command-line reference, docs/options.md, as Markdown.")
final class OptionReference implements Callable<Integer> {
  static final String NAME = "options-reference";

  /** How the page is made again; the page and the test's failure say it. */
  static final String REGENERATE =
      "./mvnw -q -pl runner -am package -DskipTests"
          + " && java -jar runner/target/mqbench.jar options-reference > docs/options.md";

  private static final Pattern ENV_DEFAULT =
      Pattern.compile("\\$\\{env:[A-Za-z0-9_]+(?::-([^}]*))?}");
  private static final String DEFAULT_VALUE = "${DEFAULT-VALUE}";
  private static final String CANDIDATES = "${COMPLETION-CANDIDATES}";

  private final Invocation invocation;
  private final Supplier<CommandLine> declared;

  /**
   * @param invocation where the page is printed
   * @param declared every command as declared ({@link Main#declared}), built only when printed
   */
  OptionReference(Invocation invocation, Supplier<CommandLine> declared) {
    this.invocation = invocation;
    this.declared = declared;
  }

  @Override
  public Integer call() {
    // UTF-8 whatever the locale's charset, as the committed page is
    byte[] page = markdown(declared.get()).getBytes(StandardCharsets.UTF_8);
    invocation.out().write(page, 0, page.length);
    invocation.out().flush();
    return ExitCodes.OK;
  }

  /**
   * @param root the {@code mqbench} command with its subcommands, as declared: no default given by
   *     -D, the environment or a scenario
   * @return the Markdown page
   */
  static String markdown(CommandLine root) {
    StringBuilder md = new StringBuilder();
    md.append("<!-- Generated from mqbench's command-line model; do not edit. Regenerate with:\n")
        .append("     ")
        .append(REGENERATE)
        .append(" -->\n\n")
        .append("# Command-line reference\n\n")
        .append("Every command of `mqbench` and every option, with its default and its whole")
        .append(" description; `mqbench COMMAND --help` prints the same in short.\n\n");
    Map<String, CommandLine> commands = documented(root);
    for (String name : commands.keySet()) {
      md.append("- [mqbench ").append(name).append("](#mqbench-").append(name).append(")\n");
    }
    md.append('\n');
    command(md, root, "mqbench");
    for (Map.Entry<String, CommandLine> c : commands.entrySet()) {
      command(md, c.getValue(), "mqbench " + c.getKey());
    }
    return md.toString().strip() + "\n";
  }

  /** The subcommands a user runs: not picocli's {@code help}, nor hidden ones. */
  private static Map<String, CommandLine> documented(CommandLine root) {
    Map<String, CommandLine> commands = new LinkedHashMap<>();
    root.getSubcommands()
        .forEach(
            (name, c) -> {
              if (!c.getCommandSpec().usageMessage().hidden()
                  && !(c.getCommand() instanceof CommandLine.HelpCommand)) {
                commands.put(name, c);
              }
            });
    return commands;
  }

  private static void command(StringBuilder md, CommandLine command, String title) {
    CommandSpec spec = command.getCommandSpec();
    md.append("## ").append(title).append("\n\n```\n");
    md.append(command.getHelp().synopsis(0).strip()).append("\n```\n\n");
    for (String paragraph : spec.usageMessage().description()) {
      if (!paragraph.isBlank()) {
        md.append(text(String.format(Locale.ROOT, paragraph))).append("\n\n");
      }
    }
    List<PositionalParamSpec> parameters =
        spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
    if (!parameters.isEmpty()) {
      md.append("### Parameters\n\n| Parameter | Description |\n| --- | --- |\n");
      for (PositionalParamSpec p : parameters) {
        md.append("| `")
            .append(p.paramLabel())
            .append("` | ")
            .append(description(p))
            .append(" |\n");
      }
      md.append('\n');
    }
    for (Map.Entry<String, List<OptionSpec>> s : sections(spec).entrySet()) {
      md.append("### ").append(s.getKey()).append("\n\n");
      md.append("| Option | Default | Description |\n| --- | --- | --- |\n");
      for (OptionSpec o : s.getValue()) {
        md.append("| `")
            .append(names(o))
            .append("` | ")
            .append(declaredDefault(o) == null ? "" : "`" + declaredDefault(o) + "`")
            .append(" | ")
            .append(description(o))
            .append(" |\n");
      }
      md.append('\n');
    }
  }

  /** {@code run}'s options by concern; another command's in one section. */
  private static Map<String, List<OptionSpec>> sections(CommandSpec spec) {
    Map<String, List<OptionSpec>> sections = new LinkedHashMap<>();
    if (spec.userObject() instanceof RunCommand) {
      RunHelpSections.of(spec).forEach((s, options) -> sections.put(s.heading(), options));
    } else {
      List<OptionSpec> options = new ArrayList<>();
      spec.options().stream().filter(o -> !o.hidden()).forEach(options::add);
      if (!options.isEmpty()) {
        sections.put("Options", options);
      }
    }
    return sections;
  }

  /** The option's names and its parameter, as the help writes them: {@code -q, --queue=NAME}. */
  private static String names(OptionSpec o) {
    String names = String.join(", ", o.names());
    if (o.arity().max() == 0) {
      return names;
    }
    String label = o.paramLabel();
    if (o.splitRegex() != null && !o.splitRegex().isEmpty()) {
      label += "[" + o.splitRegex() + label + "...]";
    }
    return names + "=" + label;
  }

  /**
   * The default as declared, read with picocli's interpolation of variables off: picocli resolves
   * {@code ${env:NAME:-FALLBACK}} from the process's own environment, and the page must not depend
   * on where it is written. A default the environment may set is its fallback here (or none).
   */
  private static String declaredDefault(ArgSpec arg) {
    String declared = uninterpolated(arg, ArgSpec::defaultValue);
    if (declared == null) {
      return null;
    }
    Matcher fromEnvironment = ENV_DEFAULT.matcher(declared);
    return fromEnvironment.matches() ? fromEnvironment.group(1) : declared;
  }

  private static <T> T uninterpolated(ArgSpec arg, Function<ArgSpec, T> read) {
    CommandSpec owner = arg.command();
    boolean interpolating = owner.interpolateVariables();
    owner.interpolateVariables(false);
    try {
      return read.apply(arg);
    } finally {
      owner.interpolateVariables(interpolating);
    }
  }

  /**
   * The whole description, its elements as paragraphs of one table cell; {@code ${DEFAULT-VALUE}}
   * is the declared default.
   */
  private static String description(ArgSpec arg) {
    String declared = String.valueOf(declaredDefault(arg));
    List<String> candidates = new ArrayList<>();
    if (arg.completionCandidates() != null) {
      arg.completionCandidates().forEach(candidates::add);
    }
    return Arrays.stream(uninterpolated(arg, ArgSpec::description))
        .map(
            d ->
                resolved(
                    String.format(Locale.ROOT, d)
                        .replace(DEFAULT_VALUE, declared)
                        .replace(CANDIDATES, String.join(", ", candidates))))
        .map(RunHelpSections::showGiven)
        .map(OptionReference::text)
        .collect(Collectors.joining("<br><br>"));
  }

  /** A description with no variable left: one this class does not resolve fails the page. */
  private static String resolved(String text) {
    if (text.contains("${")) {
      throw new IllegalStateException("a variable the option reference does not resolve: " + text);
    }
    return text;
  }

  /** Plain text made safe in Markdown (and in a table cell): no HTML, no cell breaks. */
  private static String text(String plain) {
    return plain
        .strip()
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("|", "\\|")
        .replaceAll("\\s*\\R\\s*", " ");
  }
}
