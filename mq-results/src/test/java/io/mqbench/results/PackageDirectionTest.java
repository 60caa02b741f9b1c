package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module's packages point one way: {@code compare} uses {@code report}, {@code report} uses
 * {@code files} and the model, {@code files} uses the model, the model uses neither; and nothing
 * here knows the runner.
 */
class PackageDirectionTest {
  private static final Path SOURCES = Path.of("src", "main", "java", "io", "mqbench", "results");

  private static final Pattern REFERENCE =
      Pattern.compile(
          "io\\.mqbench\\.(results\\.files|results\\.svg|results\\.report|results\\.compare|runner)\\b");

  /**
   * The model is 0, the SVG charts 1, files 2, report 3, compare 4: a package may name only
   * packages below it.
   */
  private static int layer(String pkg) {
    return switch (pkg) {
      case "io.mqbench.results" -> 0;
      case "io.mqbench.results.svg" -> 1;
      case "io.mqbench.results.files" -> 2;
      case "io.mqbench.results.report" -> 3;
      case "io.mqbench.results.compare" -> 4;
      default -> throw new IllegalArgumentException(pkg);
    };
  }

  @Test
  void compareUsesReportReportUsesFilesAndTheModelFilesUseTheModelAndNothingUsesTheRunner()
      throws IOException {
    List<String> upward = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> all = Files.walk(SOURCES)) {
      sources = all.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertThat(sources).hasSizeGreaterThan(20);
    for (Path source : sources) {
      String text = Files.readString(source);
      Matcher pkg = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE).matcher(text);
      assertThat(pkg.find()).as(source.toString()).isTrue();
      int own = layer(pkg.group(1));
      Matcher m = REFERENCE.matcher(text);
      while (m.find()) {
        String named = "io.mqbench." + m.group(1);
        if (named.equals("io.mqbench.runner") || layer(named) > own) {
          upward.add(SOURCES.relativize(source) + " names " + named);
        }
      }
    }
    assertThat(upward).isEmpty();
  }
}
