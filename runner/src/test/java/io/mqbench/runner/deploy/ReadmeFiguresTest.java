package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every table of figures in README.md can be traced and measured again: it is preceded by a marker
 * {@code <!-- figures: NAME -->} naming a section of scripts/readme-figures.sh, and by a line that
 * names the command the figures came from and the date they were measured. Tables of settings and
 * reference (options, statuses, files) are listed here by their header row; any other table with a
 * number in it counts as figures.
 */
class ReadmeFiguresTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  /** Header rows of the README's tables that hold no measurements. */
  private static final Set<String> REFERENCE_TABLES =
      Set.of(
          "| backend | `--queue` | status |",
          "| option | default | meaning |",
          "| backend | what `--queues` suffixes | a subscription is |",
          "| `--preset` | message size | rate | senders | receivers |",
          "| what is configured | broker used | `kafka` | `rabbitmq` | `artemis` | `mongo` |",
          "| file | contents |",
          "| KIND | what happens | LENGTH | TARGET |",
          "| status | exit code | meaning |",
          "| backend | cluster | then, with no other flag | replicated, and how durable |");

  private static final Pattern MARKER = Pattern.compile("^<!-- figures: ([a-z0-9-]+) -->$");
  private static final Pattern DATE = Pattern.compile("\\b20\\d\\d-[01]\\d-[0-3]\\d\\b");
  private static final Pattern COMMAND =
      Pattern.compile("`(java |scripts/(?!readme-figures)|\\./mvnw |\\./mqbench )[^`]+`");

  private record Table(int line, String header, List<String> body) {}

  private static List<Table> tables(List<String> lines) {
    List<Table> tables = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("|") && (i == 0 || !lines.get(i - 1).startsWith("|"))) {
        int end = i;
        while (end < lines.size() && lines.get(end).startsWith("|")) {
          end++;
        }
        tables.add(new Table(i, lines.get(i), lines.subList(Math.min(i + 2, end), end)));
      }
    }
    return tables;
  }

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

  @Test
  void everyTableOfFiguresNamesItsCommandItsDateAndASectionOfReadmeFigures() throws Exception {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<String> sections = sections();
    List<String> problems = new ArrayList<>();
    int figureTables = 0;
    for (Table t : tables(lines)) {
      boolean figures =
          !REFERENCE_TABLES.contains(t.header())
              && t.body().stream().anyMatch(l -> l.matches(".*\\d.*"));
      if (!figures) {
        continue;
      }
      figureTables++;
      String where = "README.md:" + (t.line() + 1) + " " + t.header();
      int i = t.line() - 1;
      while (i >= 0 && lines.get(i).isBlank()) {
        i--;
      }
      String source = i >= 0 ? lines.get(i) : "";
      Matcher marker = MARKER.matcher(i >= 1 ? lines.get(i - 1) : "");
      if (!marker.matches()) {
        problems.add(where + ": no <!-- figures: NAME --> marker and source line before it");
        continue;
      }
      String name = marker.group(1);
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
          source.contains("the commands in the table") && t.header().contains("| command |");
      if (!COMMAND.matcher(source).find() && !commandInTable) {
        problems.add(where + ": the source line names no command");
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      if (MARKER.matcher(lines.get(i)).matches()
          && !(i + 3 < lines.size() && lines.get(i + 3).startsWith("|"))) {
        problems.add("README.md:" + (i + 1) + ": a figures marker that heads no table");
      }
    }
    assertThat(problems).isEmpty();
    assertThat(figureTables).as("tables of figures found").isGreaterThanOrEqualTo(7);
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
