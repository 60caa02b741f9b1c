package io.mqbench.history;

import io.mqbench.store.StoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One recorded thing that differs between the runs before a point and the runs after it: what may
 * explain why a figure moved there.
 *
 * @param what its name: {@code mqbench}, {@code commit}, a key of {@link StoredRun#versions()},
 *     {@code backend <key>}, {@code durability}, {@code cluster} or {@code host}
 * @param before the value most runs before had
 * @param after the value most runs after had
 */
public record Moved(String what, String before, String after) {

  /** What a list of nothing moved reads as. */
  public static final String NOTHING = "nothing recorded moved";

  /**
   * @return {@code what before → after}
   */
  public String text() {
    return what + " " + before + " → " + after;
  }

  /**
   * @param moved what moved
   * @return it in one line, {@link #NOTHING} when empty
   */
  public static String describe(List<Moved> moved) {
    return moved.isEmpty() ? NOTHING : String.join("; ", moved.stream().map(Moved::text).toList());
  }

  /**
   * @param before the runs before
   * @param after the runs after
   * @param hosts whether the host counts (a series of all hosts); in a series of one host it is the
   *     same on both sides
   * @return what differs, in the order: mqbench, commit, versions, backend keys, durability,
   *     cluster, host
   */
  public static List<Moved> between(List<StoredRun> before, List<StoredRun> after, boolean hosts) {
    return collect(before, after, hosts, Moved::add);
  }

  /**
   * What differs between a gate's baseline and its candidate. Unlike {@link #between}, a thing the
   * baseline's runs do not agree on is always named, with each value's count ({@code 1ms ×6, 2ms ×3
   * → 1ms}): a baseline that mixes settings is not one whose candidate "nothing moved" from.
   *
   * @param baseline the baseline's runs
   * @param candidate the candidate's runs
   * @param hosts whether the host counts
   * @return what differs or is mixed, in the order of {@link #between}
   */
  public static List<Moved> fromBaseline(
      List<StoredRun> baseline, List<StoredRun> candidate, boolean hosts) {
    return collect(baseline, candidate, hosts, Moved::addOrMixed);
  }

  private interface Adder {
    void add(
        List<Moved> m,
        String what,
        List<StoredRun> before,
        List<StoredRun> after,
        Function<StoredRun, String> value);
  }

  private static List<Moved> collect(
      List<StoredRun> before, List<StoredRun> after, boolean hosts, Adder add) {
    List<Moved> m = new ArrayList<>();
    add.add(m, "mqbench", before, after, StoredRun::mqbenchVersion);
    add.add(m, "commit", before, after, r -> shortCommit(r.mqbenchCommit()));
    for (String k : keys(before, after, StoredRun::versions)) {
      add.add(m, k, before, after, r -> r.versions().get(k));
    }
    for (String k : keys(before, after, StoredRun::backendConfig)) {
      add.add(m, "backend " + k, before, after, r -> r.backendConfig().get(k));
    }
    add.add(m, "durability", before, after, StoredRun::durability);
    add.add(m, "cluster", before, after, StoredRun::cluster);
    if (hosts) {
      add.add(m, "host", before, after, r -> r.host() == null ? null : r.host().name());
    }
    return List.copyOf(m);
  }

  /** Names the baseline's values with their counts when they differ among its runs. */
  private static void addOrMixed(
      List<Moved> m,
      String what,
      List<StoredRun> baseline,
      List<StoredRun> candidate,
      Function<StoredRun, String> value) {
    Map<String, Integer> counts = counts(baseline, value);
    String a = usual(candidate, value, false);
    if (counts.size() > 1 && a != null) {
      List<String> each = new ArrayList<>();
      counts.forEach((v, n) -> each.add(v + " ×" + n));
      m.add(new Moved(what, String.join(", ", each), a));
    } else {
      add(m, what, baseline, candidate, value);
    }
  }

  private static Set<String> keys(
      List<StoredRun> before, List<StoredRun> after, Function<StoredRun, Map<String, String>> map) {
    Set<String> keys = new TreeSet<>();
    for (List<StoredRun> side : List.of(before, after)) {
      side.stream().map(map).filter(x -> x != null).forEach(x -> keys.addAll(x.keySet()));
    }
    return keys;
  }

  /**
   * Adds the thing when its usual value differs: the value most runs before had (the nearest to the
   * point on a tie) against the one most runs after had. A value that came and went on one side
   * only, or a change a batch or two off the point, then neither hides nor invents a move.
   */
  private static void add(
      List<Moved> m,
      String what,
      List<StoredRun> before,
      List<StoredRun> after,
      Function<StoredRun, String> value) {
    String b = usual(before, value, true);
    String a = usual(after, value, false);
    if (b != null && a != null && !b.equals(a)) {
      m.add(new Moved(what, b, a));
    }
  }

  /** The value most runs have; on a tie the last one's (nearest) or the first one's. */
  private static String usual(
      List<StoredRun> runs, Function<StoredRun, String> value, boolean nearestIsLast) {
    Map<String, Integer> counts = counts(runs, value);
    String best = null;
    int most = 0;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      if (e.getValue() > most || (nearestIsLast && e.getValue() == most)) {
        best = e.getKey();
        most = e.getValue();
      }
    }
    return best;
  }

  /** Each value the runs have, in the order first seen, with how many runs have it. */
  private static Map<String, Integer> counts(
      List<StoredRun> runs, Function<StoredRun, String> value) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (StoredRun r : runs) {
      String x = value.apply(r);
      counts.merge(x == null ? "-" : x, 1, Integer::sum);
    }
    return counts;
  }

  /** A commit as people quote it: its first 10 characters. */
  static String shortCommit(String commit) {
    return commit == null || commit.length() <= 10 ? commit : commit.substring(0, 10);
  }
}
