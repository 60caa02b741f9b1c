package io.mqbench.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

/**
 * Circular binary segmentation over a figure's batches (Olshen and others, 2004). In a segment,
 * every stretch of whole batches is compared with the rest by a two-sample t statistic over the
 * runs, the variance pooled over both sides: a stretch that reaches an end of the segment is a
 * single step, one inside it a level that moved and came back (a bad version, then its fix), which
 * no single split tells well. A stretch needs two runs inside and two outside, and a shift of the
 * mean of at least the minimum effect. The largest statistic is then judged against those of random
 * orders of the segment's whole batches (a permutation test of the maximum): picking the best of
 * all stretches is what the permutations repeat, so the p-value needs no further correction. Whole
 * batches are permuted, never single runs, because runs of one invocation share its conditions and
 * would make chance look like a change. A significant stretch names its edges as change points, and
 * the pieces are searched again.
 *
 * <p>The variance is pooled rather than Welch's (whose interval the change then reports): a side of
 * two runs can show almost no spread by chance, Welch's t then takes its mean as exact, and
 * stretches at the ends would look strongest in every order of the batches. Pooled, every stretch
 * of a segment has the same degrees of freedom, so the largest t is the smallest p-value.
 *
 * <p>The permutations stop early once enough of them beat the observed stretch that it cannot be
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

  /** A named change: the index of the first block after it and its permutation p-value. */
  record Split(int index, double pValue) {}

  /**
   * @param blocks each batch's values, in the series' order, none empty
   * @return the changes found, by index
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
    Stretch observed = best(segment);
    if (observed == null) {
      return;
    }
    Random random = new Random(seed * 1_000_003L + from * 7919L + to);
    double p = permutationP(segment, observed.t, random);
    if (p > alpha) {
      return;
    }
    int start = from + observed.start;
    int end = from + observed.end;
    if (start > from) {
      found.put(start, new Split(start, p));
    }
    if (end < to) {
      found.put(end, new Split(end, p));
    }
    search(blocks, from, start, found);
    search(blocks, start, end, found);
    search(blocks, end, to, found);
  }

  /** The p-value of the observed maximum among random orders of the segment's batches. */
  private double permutationP(List<double[]> segment, double observed, Random random) {
    List<double[]> order = new ArrayList<>(segment);
    // Besag-Clifford: once this many orders did as well, p exceeds alpha whatever follows.
    int enough = (int) Math.ceil(alpha * (permutations + 1)) + 1;
    int asGood = 0;
    for (int i = 1; i <= permutations; i++) {
      Collections.shuffle(order, random);
      Stretch b = best(order);
      if (b != null && b.t >= observed) {
        asGood++;
        if (asGood >= enough) {
          return (double) asGood / i;
        }
      }
    }
    return (asGood + 1.0) / (permutations + 1.0);
  }

  /** Blocks {@code [start, end)} against the rest, with its t statistic. */
  private record Stretch(int start, int end, double t) {}

  /** The stretch of the largest t among those allowed; null when none is. */
  private Stretch best(List<double[]> blocks) {
    int m = blocks.size();
    int[] count = new int[m + 1];
    double[] sum = new double[m + 1];
    double[] squares = new double[m + 1];
    for (int k = 0; k < m; k++) {
      double s = 0, q = 0;
      for (double v : blocks.get(k)) {
        s += v;
        q += v * v;
      }
      count[k + 1] = count[k] + blocks.get(k).length;
      sum[k + 1] = sum[k] + s;
      squares[k + 1] = squares[k] + q;
    }
    Stretch best = null;
    for (int i = 0; i < m; i++) {
      for (int j = i + 1; j <= m; j++) {
        if (i == 0 && j == m) {
          continue;
        }
        int ni = count[j] - count[i];
        int no = count[m] - ni;
        if (ni < 2 || no < 2) {
          continue;
        }
        double t =
            t(
                ni,
                sum[j] - sum[i],
                squares[j] - squares[i],
                no,
                sum[m] - sum[j] + sum[i],
                squares[m] - squares[j] + squares[i],
                i == 0);
        if (t > 0 && (best == null || t > best.t)) {
          best = new Stretch(i, j, t);
        }
      }
    }
    return best;
  }

  /**
   * The pooled two-sample t of a stretch against the rest; 0 when the shift is below the minimum
   * effect, measured against the level before it (the stretch itself when it starts the segment).
   */
  private double t(int ni, double si, double qi, int no, double so, double qo, boolean first) {
    double mi = si / ni;
    double mo = so / no;
    double d = Math.abs(mi - mo);
    if (d == 0 || d < minEffect * Math.abs(first ? mi : mo)) {
      return 0;
    }
    double ss = Math.max(0, qi - ni * mi * mi) + Math.max(0, qo - no * mo * mo);
    double se = Math.sqrt(ss / (ni + no - 2) * (1.0 / ni + 1.0 / no));
    // Rounding leaves a tiny variance where none is; a relative floor keeps t finite and ordered.
    double floor = 1e-12 * Math.max(Math.abs(mi), Math.abs(mo));
    return d / Math.max(se, floor == 0 ? Double.MIN_NORMAL : floor);
  }
}
