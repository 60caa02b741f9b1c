package io.mqbench.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.Optional;

/**
 * Finds the known name a mistyped one was probably meant to be, for "did you mean" in error
 * messages about configuration keys and native client properties.
 */
public final class Suggestions {
  private Suggestions() {}

  /**
   * The known name closest to {@code name} by edit distance, if it is close enough to be a typo: at
   * most 2 edits, or a quarter of the name's length for longer names.
   *
   * @param name the unknown name as given
   * @param known the names that exist
   * @return the suggestion, or empty when nothing is close
   */
  public static Optional<String> closest(String name, Collection<String> known) {
    int limit = Math.max(2, name.length() / 4);
    return known.stream()
        .min(Comparator.comparingInt(k -> editDistance(k, name)))
        .filter(k -> editDistance(k, name) <= limit);
  }

  /**
   * @param a one string
   * @param b another
   * @return the Levenshtein distance between them: insertions, deletions and substitutions
   */
  public static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
