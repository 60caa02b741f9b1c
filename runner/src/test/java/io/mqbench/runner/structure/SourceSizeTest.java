package io.mqbench.runner.structure;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The size of the main code, read from its source in every module: classes stay small enough to
 * hold one job, and methods short enough to read at once. A new feature adds a type; it does not
 * grow a hub.
 */
class SourceSizeTest {
  static final int MAX_FILE_LINES = 400;
  static final int MAX_METHOD_LINES = 60;

  private static List<Path> mainSources;

  @BeforeAll
  static void findMainSources() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent(); // the runner module's folder's parent
    try (Stream<Path> files = Files.walk(root)) {
      mainSources =
          files
              .filter(f -> f.toString().endsWith(".java"))
              .filter(f -> f.toString().contains("/src/main/java/"))
              .filter(f -> !f.toString().contains("/target/"))
              .sorted()
              .toList();
    }
  }

  @Test
  void everyModulesSourcesAreRead() {
    assertThat(mainSources)
        .extracting(f -> f.getFileName().toString())
        .contains(
            "Mq.java",
            "JavaLocalBroker.java",
            "LocalCell.java",
            "WorkerServer.java",
            "RunResult.java",
            "Main.java");
  }

  @Test
  void noMainFileIsLongerThanFourHundredLines() throws IOException {
    List<String> large = new ArrayList<>();
    for (Path f : mainSources) {
      long lines;
      try (Stream<String> all = Files.lines(f)) {
        lines = all.count();
      }
      if (lines > MAX_FILE_LINES) {
        large.add(f.getFileName() + " " + lines);
      }
    }
    assertThat(large).as("main files over " + MAX_FILE_LINES + " lines").isEmpty();
  }

  @Test
  void noMainMethodIsLongerThanSixtyLines() {
    JavaParser parser =
        new JavaParser(
            new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
    List<String> tooLong = new ArrayList<>();
    for (Path f : mainSources) {
      CompilationUnit unit = parse(parser, f);
      for (CallableDeclaration<?> m : unit.findAll(CallableDeclaration.class)) {
        int lines = m.getEnd().orElseThrow().line - m.getBegin().orElseThrow().line + 1;
        String name = f.getFileName() + "#" + m.getNameAsString();
        if (lines > MAX_METHOD_LINES) {
          tooLong.add(name + " " + lines);
        }
      }
    }
    assertThat(tooLong).as("main methods over " + MAX_METHOD_LINES + " lines").isEmpty();
  }

  private static CompilationUnit parse(JavaParser parser, Path f) {
    try {
      return parser
          .parse(f)
          .getResult()
          .orElseThrow(() -> new IllegalStateException("cannot parse " + f));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
