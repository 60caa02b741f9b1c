package io.mqbench.history;

import io.mqbench.results.compare.StudentTQuantile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

/**
 * Binary segmentation over a figure's batches. A segment's best split is the one, between two
 * batches with at least two runs on each side and a shift of the mean of at least the minimum
 * effect, whose t-test (variance pooled over the two sides) gives the smallest p-value. That
 * smallest p-value is then judged against those of random orders of the segment's batches (a
 * permutation test of the minimum, Westfall and Young's): picking the best of many splits is what
 * the permutations repeat, so the p-value needs no further correction for the number of splits.
 * Whole batches are permuted, never single runs, because runs of one invocation share its
 * conditions and would make chance look like a change. A significant split is named and both halves
 * are searched again.
 *
 * <p>The permutations stop early once enough of them beat the observed split that it cannot be
 * significant (Besag and Clifford's sequential p-value), which keeps series without changes cheap.
 */
final class ChangeDetector {
  /** Never more changes per figure than this: past it a series is noise or a drift. */
  private static final int MAX_CHANGES = 12;

  private final double alpha;
  private final double minEffect;
  private final int permutations;
  private final long seed;

  ChangeDetector(HistoryOptions o) {
    this.alpha = o.alpha();
    this.minEffect = o.minEffectPercent() / 100;
    this.permutations = o.permutations();
    this.seed = o.seed();
  }

  /** A named split: the index of the first block after it and its permutation p-value. */
  record Split(int index, double pValue) {}

  /**
   * @param blocks each batch's values, in the series' order (a batch without values: empty)
   * @return the splits found, by index
   */
  List<Split> splits(List<double[]> blocks) {
    TreeMap<Integer, Split> found = new TreeMap<>();
    search(blocks, 0, blocks.size(), found);
    return List.copyOf(found.values());
  }

  private void search(List<double[]> blocks, int from, int to, TreeMap<Integer, Split> found) {
    if (to - from < 2 || found.size() >= MAX_CHANGES) {
      return;
    }
    List<double[]> segment = blocks.subList(from, to);
    Best observed = best(segment);
    if (observed == null) {
      return;
    }
    double p = permutationP(segment, observed.p, new Random(seed * 1_000_003L + from * 7919L + to));
    if (p > alpha) {
      return;
    }
    int at = from + observed.index;
    found.put(at, new Split(at, p));
    search(blocks, from, at, found);
    search(blocks, at, to, found);
  }

  /** The p-value of the observed minimum among random orders of the segment's batches. */
  private double permutationP(List<double[]> segment, double observed, Random random) {
    List<double[]> order = new ArrayList<>(segment);
    // Besag-Clifford: once this many orders did as well, p exceeds alpha whatever follows.
    int enough = (int) Math.ceil(alpha * (permutations + 1)) + 1;
    int asGood = 0;
    for (int i = 1; i <= permutations; i++) {
      java.util.Collections.shuffle(order, random);
      Best b = best(order);
      if (b != null && b.p <= observed) {
        asGood++;
        if (asGood >= enough) {
          return (double) asGood / i;
        }
      }
    }
    return (asGood + 1.0) / (permutations + 1.0);
  }

  private record Best(int index, double p) {}

  /** The split of the smallest p-value among those allowed; null when none is. */
  private Best best(List<double[]> blocks) {
    int n = 0;
    double sum = 0, squares = 0;
    for (double[] b : blocks) {
      for (double v : b) {
        n++;
        sum += v;
        squares += v * v;
      }
    }
    Best best = null;
    int nl = 0;
    double sl = 0, ql = 0;
    for (int k = 1; k < blocks.size(); k++) {
      for (double v : blocks.get(k - 1)) {
        nl++;
        sl += v;
        ql += v * v;
      }
      int nr = n - nl;
      if (nl < 2 || nr < 2 || blocks.get(k - 1).length == 0) {
        continue;
      }
      double p = splitP(nl, sl, ql, nr, sum - sl, squares - ql);
      if (!Double.isNaN(p) && (best == null || p < best.p)) {
        best = new Best(k, p);
      }
    }
    return best;
  }

  /**
   * The two-sided p-value of Student's t with the variance pooled over both sides; NaN when the
   * shift is below the minimum effect. Pooled rather than Welch's, whose interval the change then
   * reports: a side of two runs can show almost no spread by chance, and Welch's t then takes its
   * mean as exact, so splits next to the ends would look strongest in every order of the batches
   * and real changes would drown among them.
   */
  private double splitP(int nl, double sl, double ql, int nr, double sr, double qr) {
    double ml = sl / nl;
    double mr = sr / nr;
    double d = mr - ml;
    if (Math.abs(d) < minEffect * Math.abs(ml) || d == 0) {
      return Double.NaN;
    }
    double squares = Math.max(0, ql - nl * ml * ml) + Math.max(0, qr - nr * mr * mr);
    int df = nl + nr - 2;
    double se = Math.sqrt(squares / df * (1.0 / nl + 1.0 / nr));
    // Rounding leaves a tiny variance where none is; a relative floor keeps t finite and ordered.
    if (se <= 1e-12 * Math.max(Math.abs(ml), Math.abs(mr))) {
      return 0;
    }
    return 2 * StudentTQuantile.upperTail(Math.abs(d) / se, df);
  }
}
