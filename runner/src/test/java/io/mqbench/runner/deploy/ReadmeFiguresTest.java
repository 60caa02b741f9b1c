package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every table of figures that scripts/readme-figures.sh makes can be traced and measured again: in
 * the pages of docs/measurements/, each is preceded by a marker {@code <!-- figures: NAME -->}
 * naming a section of the script, and by a line that names the command the figures came from and
 * the date they were measured; every section of the script has its table there. (Every measurement
 * page's date and command, marked or not, are DocumentationTest's.)
 */
class ReadmeFiguresTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path MEASUREMENTS = ROOT.resolve("docs/measurements");

  private static final Pattern MARKER = Pattern.compile("^<!-- figures: ([a-z0-9-]+) -->$");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  private static final Pattern COMMAND =
      Pattern.compile("`(java |scripts/(?!readme-figures)|\\./mvnw |\\./mqbench )[^`]+`");

  private static List<String> sections() throws Exception {
    if (!Files.exists(ROOT.resolve("scripts/readme-figures.sh"))) {
      return List.of();
    }
    Process p =
        new ProcessBuilder("bash", "scripts/readme-figures.sh", "--list")
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return List.of(out.strip().split("\n"));
  }

  private static List<Path> measurementPages() throws Exception {
    try (Stream<Path> files = Files.list(MEASUREMENTS)) {
      return files.filter(f -> f.toString().endsWith(".md")).sorted().toList();
    }
  }

  @Test
  void everyMarkedTableNamesItsCommandItsDateAndASectionOfReadmeFigures() throws Exception {
    List<String> sections = sections();
    List<String> problems = new ArrayList<>();
    Set<String> marked = new TreeSet<>();
    for (Path page : measurementPages()) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      for (int i = 0; i < lines.size(); i++) {
        Matcher marker = MARKER.matcher(lines.get(i));
        if (marker.matches()) {
          marked.add(marker.group(1));
          problems.addAll(
              markedTableProblems(ROOT.relativize(page) + ":" + (i + 1), lines, i, sections));
        }
      }
    }
    for (String section : sections) {
      if (!section.startsWith("compare-") && !marked.contains(section)) { // compare-* are rows
        problems.add("docs/measurements/: no table of section " + section);
      }
    }
    assertThat(problems).isEmpty();
    assertThat(marked).as("tables of figures found").hasSizeGreaterThanOrEqualTo(7);
  }

  /** What is wrong with the marker at line {@code i}: its section, source line and table. */
  private static List<String> markedTableProblems(
      String where, List<String> lines, int i, List<String> sections) {
    List<String> problems = new ArrayList<>();
    Matcher marker = MARKER.matcher(lines.get(i));
    marker.matches();
    String name = marker.group(1);
    String source = i + 1 < lines.size() ? lines.get(i + 1) : "";
    String header = i + 3 < lines.size() ? lines.get(i + 3) : "";
    if (!header.startsWith("|")) {
      problems.add(where + ": a figures marker that heads no table");
    }
    if (!sections.contains(name)) {
      problems.add(where + ": scripts/readme-figures.sh has no section " + name);
    }
    if (!source.contains("`scripts/readme-figures.sh " + name + "`")) {
      problems.add(
          where + ": the source line does not name `scripts/readme-figures.sh " + name + "`");
    }
    if (!DATE.matcher(source).find()) {
      problems.add(where + ": the source line names no date (YYYY-MM-DD)");
    }
    boolean commandInTable =
        source.contains("the commands in the table") && header.contains("| command |");
    if (!COMMAND.matcher(source).find() && !commandInTable) {
      problems.add(where + ": the source line names no command");
    }
    return problems;
  }

  @Test
  void readmeFiguresPlansEverySectionWithoutRunningIt() throws Exception {
    Process p =
        new ProcessBuilder("bash", "scripts/readme-figures.sh", "--plan")
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    for (String section : sections()) {
      if (!section.startsWith("compare-")) { // compare-* are the rows of compare
        assertThat(out).contains("<!-- figures: " + section + " -->");
      }
    }
    assertThat(out).contains("$ scripts/compare-kafka.sh", "$ scripts/compare-rabbitmq.sh");
  }
}
