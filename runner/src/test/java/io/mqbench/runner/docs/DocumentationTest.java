package io.mqbench.runner.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/ stay a way in: a README short enough to read, commands that are the ones CI
 * and the runner take, links that lead somewhere, user pages without the project's history, and
 * figures only where their date and command are beside them (docs/measurements/).
 */
class DocumentationTest {
  /** The repository's root: the parent of the runner module, where the tests run. */
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  private static final Path README = ROOT.resolve("README.md");
  private static final Path DOCS = ROOT.resolve("docs");
  private static final Path MEASUREMENTS = DOCS.resolve("measurements");

  /**
   * Written by the option-reference work, on another branch until the two are merged: a link to it
   * is allowed to miss until then, and only that one.
   */
  private static final Path OPTIONS = DOCS.resolve("options.md");

  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");

  /** A line of a code block that runs something, after an optional prompt and variables. */
  private static final Pattern COMMAND =
      Pattern.compile(
          "^(\\$ )?(time )?([A-Z_]+=\\S+ )*(\\./mvnw|mvn|java|scripts/|\\./mqbench|mqbench|"
              + "\\.ci/run|git|docker|kubectl|nice)\\b.*");

  private record Rule(String what, Pattern pattern) {}

  /** What user pages do not say: history, the machine they were measured on, tests as evidence. */
  private static final List<Rule> USER_PAGE_RULES =
      List.of(
          new Rule("a date (dated figures belong in docs/measurements/)", DATE),
          new Rule("\"this machine\"", Pattern.compile("(?i)\\bthis machine\\b")),
          new Rule("an issue number", Pattern.compile("(?i)\\bissue \\d+")),
          new Rule(
              "a commit id",
              Pattern.compile("`(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}`")),
          new Rule(
              "a test class's name",
              Pattern.compile(
                  "`[A-Z][a-z][A-Za-z0-9]*(Test|IT)`|\\b[A-Z][a-z0-9]+([A-Z][a-z0-9]+)+(Test|IT)\\b")));

  @Test
  void theResultsPageGivesRunJsonsCurrentFormatVersion() throws IOException {
    String results = Files.readString(DOCS.resolve("results.md"), StandardCharsets.UTF_8);

    assertThat(results)
        .as("docs/results.md names run.json's formatVersion as the code writes it")
        .contains("`formatVersion` (" + io.mqbench.results.RunResult.FORMAT_VERSION + ";");
  }

  @Test
  void readmeIsAtMost250Lines() throws IOException {
    List<String> lines = Files.readAllLines(README, StandardCharsets.UTF_8);

    assertThat(lines.size()).as(README + ": lines").isLessThanOrEqualTo(250);
  }

  @Test
  void readmesTestCommandIsTheOneCiRuns() throws IOException {
    List<String> ci =
        Files.readAllLines(ROOT.resolve(".ci/run"), StandardCharsets.UTF_8).stream()
            .map(String::strip)
            .filter(l -> !l.isEmpty() && !l.startsWith("#"))
            .toList();
    String ciCommand = ci.get(ci.size() - 1);
    List<String> testCommands =
        MarkdownPage.read(README).codeLines().stream()
            .map(String::strip)
            .filter(l -> l.startsWith("./mvnw") && l.matches(".*\\bverify\\b.*"))
            .toList();

    assertThat(ciCommand).as(".ci/run's last line").isEqualTo("./mvnw -B verify");
    assertThat(testCommands).as("the README's test command").containsExactly(ciCommand);
  }

  @Test
  void readmesInstallLineShowsMavensProgressAndTheReadmeSaysWhatToExpect() throws IOException {
    List<String> installs =
        MarkdownPage.read(README).codeLines().stream()
            .map(String::strip)
            .filter(l -> l.startsWith("./mvnw") && l.contains(" install"))
            .toList();
    String readme = Files.readString(README, StandardCharsets.UTF_8);

    assertThat(installs).as("the README's install line").isNotEmpty();
    assertThat(installs).as("install lines without -q").noneMatch(l -> l.matches(".* -q\\b.*"));
    assertThat(readme).as("a download size in MB").containsPattern("\\b\\d+ MB\\b");
    assertThat(readme).as("a time to expect").containsPattern("\\b\\d+ (s|min)\\b");
  }

  @Test
  void readmeGivesOneValidCommandForEveryQueue() throws IOException {
    List<String> code = MarkdownPage.read(README).codeLines();
    List<String> queues = MqProviders.load().names();

    for (String queue : queues) {
      assertThat(code)
          .as("the README's command for " + queue)
          .contains("./mvnw -q -pl runner exec:java -Dqueue=" + queue);
    }
    List<String> named =
        Pattern.compile("-Dqueue=([a-z-]+)")
            .matcher(Files.readString(README, StandardCharsets.UTF_8))
            .results()
            .map(m -> m.group(1))
            .distinct()
            .toList();
    assertThat(queues).as("queues the README names with -Dqueue").containsAll(named);
  }

  @Test
  void everyRelativeLinkInTheDocsResolves() throws IOException {
    List<String> broken = new ArrayList<>();
    for (MarkdownPage page : allPages()) {
      for (MarkdownPage.Link link : page.relativeLinks()) {
        if (!Files.exists(link.path()) && !awaitedOptionsPage(link.path())) {
          broken.add(link.where() + ": " + link.target() + " does not exist");
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void everyAnchorInTheDocsNamesAHeadingOfItsPage() throws IOException {
    List<String> broken = new ArrayList<>();
    for (MarkdownPage page : allPages()) {
      for (MarkdownPage.Link link : page.relativeLinks()) {
        Path target = link.path();
        if (link.anchor().isEmpty() || !target.toString().endsWith(".md")) {
          continue;
        }
        if (Files.exists(target) && !MarkdownPage.read(target).anchors().contains(link.anchor())) {
          broken.add(link.where() + ": " + link.target() + " names no heading of its page");
        }
      }
    }
    assertThat(broken).isEmpty();
  }

  @Test
  void userPagesCarryNoDatedHistoryMachineCommitIdsOrTestNames() throws IOException {
    List<String> found = new ArrayList<>();
    for (MarkdownPage page : userPages()) {
      for (int i = 0; i < page.lines().size(); i++) {
        for (Rule rule : USER_PAGE_RULES) {
          var m = rule.pattern().matcher(page.lines().get(i));
          if (m.find() && !(rule.pattern() == DATE && isDatedComparisonRow(page, i))) {
            found.add(page.file() + ":" + (i + 1) + ": " + rule.what() + ": " + m.group());
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }

  /**
   * A row of the README's table against the brokers' own tools carries its date, as the figure's
   * provenance, when it links to the measurement page that holds the figure and its command.
   */
  private static boolean isDatedComparisonRow(MarkdownPage page, int line) {
    String text = page.lines().get(line);
    return page.file().equals(README)
        && text.startsWith("|")
        && text.contains("](docs/measurements/against-native-tools.md");
  }

  @Test
  void everyMeasurementPageCarriesADateAndACommandInACodeBlock() throws IOException {
    List<String> lacking = new ArrayList<>();
    List<MarkdownPage> pages = pagesIn(MEASUREMENTS, false);
    for (MarkdownPage page : pages) {
      if (page.file().getFileName().toString().equals("README.md")) {
        continue;
      }
      if (page.lines().stream().noneMatch(l -> DATE.matcher(l).find())) {
        lacking.add(page.file() + ": no date (YYYY-MM-DD)");
      }
      if (page.codeLines().stream().noneMatch(l -> COMMAND.matcher(l.strip()).matches())) {
        lacking.add(page.file() + ": no command in a code block");
      }
    }
    assertThat(pages).as("measurement pages").hasSizeGreaterThan(1);
    assertThat(lacking).isEmpty();
  }

  private static boolean awaitedOptionsPage(Path target) {
    return target.equals(OPTIONS) && !Files.exists(OPTIONS);
  }

  /** README.md and the pages of docs/ (not docs/measurements/, where dates belong). */
  private static List<MarkdownPage> userPages() throws IOException {
    List<MarkdownPage> pages = new ArrayList<>(List.of(MarkdownPage.read(README)));
    pages.addAll(pagesIn(DOCS, false));
    return pages;
  }

  /** The README, every page under docs/, and each module's README. */
  private static List<MarkdownPage> allPages() throws IOException {
    List<MarkdownPage> pages = new ArrayList<>(List.of(MarkdownPage.read(README)));
    pages.addAll(pagesIn(DOCS, true));
    try (Stream<Path> modules = Files.list(ROOT).filter(Files::isDirectory)) {
      modules
          .map(m -> m.resolve("README.md"))
          .filter(Files::isRegularFile)
          .sorted()
          .forEach(r -> pages.add(MarkdownPage.read(r)));
    }
    return pages;
  }

  private static List<MarkdownPage> pagesIn(Path folder, boolean recursive) throws IOException {
    try (Stream<Path> files = recursive ? Files.walk(folder) : Files.list(folder)) {
      return files
          .filter(f -> f.toString().endsWith(".md") && Files.isRegularFile(f))
          .sorted()
          .map(MarkdownPage::read)
          .toList();
    }
  }
}
