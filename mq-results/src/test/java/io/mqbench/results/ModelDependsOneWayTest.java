package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The result model's classes (the top level of {@code io.mqbench.results}) depend one way: no two
 * name each other, directly or through others. Read from the sources rather than the bytecode,
 * since a compiled constant (such as a latency's name) leaves no trace of the class that declared
 * it.
 */
class ModelDependsOneWayTest {
  private static final Path SOURCES = Path.of("src", "main", "java", "io", "mqbench", "results");

  /** Comments, text blocks, strings and characters: what names no class. */
  private static final Pattern NOT_CODE =
      Pattern.compile(
          "/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\])*\"|'(?:\\\\.|[^'\\\\])*'",
          Pattern.DOTALL);

  private static final Pattern WORD = Pattern.compile("\\b[A-Z]\\w*\\b");

  @Test
  void noModelClassIsInACycle() throws IOException {
    Map<String, Set<String>> uses = uses();
    assertThat(uses).containsKeys("RunResult", "CatchUpResult", "Totals");
    List<Set<String>> cycles = new ArrayList<>();
    for (String c : uses.keySet()) {
      Set<String> cycle = new TreeSet<>();
      for (String other : uses.keySet()) {
        if (!other.equals(c) && reaches(uses, c, other) && reaches(uses, other, c)) {
          cycle.add(other);
        }
      }
      if (!cycle.isEmpty()) {
        cycle.add(c);
        if (!cycles.contains(cycle)) {
          cycles.add(cycle);
        }
      }
    }
    assertThat(cycles).as("classes that name each other").isEmpty();
  }

  /** Each top-level class and the package's other top-level classes its code names. */
  private static Map<String, Set<String>> uses() throws IOException {
    Map<String, String> code = new TreeMap<>();
    try (Stream<Path> files = Files.list(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        String name = f.getFileName().toString().replaceFirst("\\.java$", "");
        code.put(name, NOT_CODE.matcher(Files.readString(f)).replaceAll(" "));
      }
    }
    Map<String, Set<String>> uses = new TreeMap<>();
    code.forEach(
        (name, text) -> {
          Set<String> named = new TreeSet<>();
          Matcher m = WORD.matcher(text);
          while (m.find()) {
            // A generated builder (RunResultBuilder) belongs with its record.
            String word = m.group().replaceFirst("Builder$", "");
            if (!word.equals(name) && code.containsKey(word)) {
              named.add(word);
            }
          }
          uses.put(name, named);
        });
    return uses;
  }

  private static boolean reaches(Map<String, Set<String>> uses, String from, String to) {
    Map<String, Boolean> seen = new HashMap<>();
    List<String> todo = new ArrayList<>(List.of(from));
    while (!todo.isEmpty()) {
      String c = todo.remove(todo.size() - 1);
      for (String next : uses.getOrDefault(c, Set.of())) {
        if (next.equals(to)) {
          return true;
        }
        if (seen.put(next, true) == null) {
          todo.add(next);
        }
      }
    }
    return false;
  }
}
