package io.mqbench.runner.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown file of the documentation, read as GitHub renders it as far as the documentation
 * tests need: its lines, which of them are inside fenced code blocks, its relative links and the
 * anchors its headings get.
 */
record MarkdownPage(Path file, List<String> lines, List<Boolean> inCode) {
  /** A link's target, written {@code ](target)}, after the code spans of its line are removed. */
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

  private static final Pattern CODE_SPAN = Pattern.compile("`[^`]*`");
  private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.*?)#*\\s*$");

  /** A relative link of a page, with the line it is on (from 1). */
  record Link(MarkdownPage page, int line, String target) {
    String where() {
      return page.file() + ":" + line;
    }

    /** The file part of the target, resolved against the page's folder; the page itself if none. */
    Path path() {
      String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
      return file.isEmpty() ? page.file() : page.file().getParent().resolve(file).normalize();
    }

    /** The part after {@code #}, or empty. */
    String anchor() {
      return target.contains("#") ? target.substring(target.indexOf('#') + 1) : "";
    }
  }

  static MarkdownPage read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Boolean> inCode = new ArrayList<>();
    boolean fenced = false;
    for (String line : lines) {
      boolean fence = line.stripLeading().startsWith("```");
      inCode.add(fenced || fence);
      if (fence) {
        fenced = !fenced;
      }
    }
    return new MarkdownPage(file, lines, inCode);
  }

  /** The links of the page outside code that point into the repository (no scheme, no mailto). */
  List<Link> relativeLinks() {
    List<Link> links = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (inCode.get(i)) {
        continue;
      }
      Matcher m = LINK.matcher(CODE_SPAN.matcher(lines.get(i)).replaceAll(""));
      while (m.find()) {
        String target = m.group(1);
        if (!target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          links.add(new Link(this, i + 1, target));
        }
      }
    }
    return links;
  }

  /**
   * The anchors GitHub gives the page's headings: lower-case, spaces to '-', every character but
   * letters, digits, '-' and '_' dropped; a repeated heading gets {@code -1}, {@code -2}, ....
   */
  Set<String> anchors() {
    Set<String> anchors = new HashSet<>();
    for (int i = 0; i < lines.size(); i++) {
      Matcher m = HEADING.matcher(lines.get(i));
      if (inCode.get(i) || !m.matches()) {
        continue;
      }
      String slug = slug(m.group(1));
      String unique = slug;
      for (int n = 1; anchors.contains(unique); n++) {
        unique = slug + "-" + n;
      }
      anchors.add(unique);
    }
    return anchors;
  }

  static String slug(String heading) {
    return heading
        .strip()
        .toLowerCase(java.util.Locale.ROOT)
        .replaceAll("[^\\p{L}\\p{N} _-]", "")
        .replace(' ', '-');
  }

  /** The lines inside fenced code blocks, fences excluded. */
  List<String> codeLines() {
    List<String> code = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (inCode.get(i) && !lines.get(i).stripLeading().startsWith("```")) {
        code.add(lines.get(i));
      }
    }
    return code;
  }
}
