package io.mqbench.engine.measure;

import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The sequence numbers of one sender that a receiver saw, telling each number seen before (a
 * duplicate) from a new one, exactly, on the per-message path.
 *
 * <p>Numbers mostly come in order, one after the other: they extend a run held in two fields, and
 * the bitmap gets the whole run at once when the order breaks. A number inside the open run is a
 * duplicate without asking the bitmap; a number extending the run is new without asking it either
 * up to the next number the bitmap holds, found once when the run starts (the bitmap's largest
 * number is kept at hand, so a run above all of it finds nothing to look up). Partitions or
 * receivers that interleave one sender's numbers start a run, and one look-up, per stretch; only
 * numbers out of order and repeats of old ones are looked up one by one.
 *
 * <p>Not thread-safe: its owner guards it.
 */
public final class DistinctSequences {
  private final Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
  private long bitmapMax = Long.MIN_VALUE; // the largest number in the bitmap; MIN_VALUE: none
  private long runStart, runEnd; // [runStart, runEnd): empty when equal
  private long free; // the run may grow up to here, exclusive, without meeting the bitmap

  /**
   * Adds one sequence number.
   *
   * @param sequence the number
   * @return whether it is new: false if it was added before
   */
  public boolean add(long sequence) {
    if (runEnd > runStart) {
      if (sequence == runEnd) {
        if (sequence < free) {
          runEnd++;
          return true;
        }
        if (bitmap.contains(sequence)) {
          return false;
        }
        free = nextAbove(sequence);
        runEnd++;
        return true;
      }
      if (sequence >= runStart && sequence < runEnd) {
        return false;
      }
    }
    endRun();
    if (sequence > bitmapMax) {
      free = Long.MAX_VALUE;
    } else if (bitmap.contains(sequence)) {
      return false;
    } else {
      free = nextAbove(sequence);
    }
    runStart = sequence;
    runEnd = sequence + 1;
    return true;
  }

  /** The smallest number in the bitmap above {@code n}, or {@link Long#MAX_VALUE}. */
  private long nextAbove(long n) {
    long below = bitmap.rankLong(n); // how many numbers in the bitmap are at most n
    return below < bitmap.getLongCardinality() ? bitmap.select(below) : Long.MAX_VALUE;
  }

  /**
   * @return a copy of every number added so far, the caller's own
   */
  public Roaring64NavigableMap copy() {
    endRun();
    Roaring64NavigableMap copy = new Roaring64NavigableMap();
    copy.or(bitmap);
    return copy;
  }

  private void endRun() {
    if (runEnd > runStart) {
      if (runEnd - runStart == 1) {
        bitmap.addLong(runStart);
      } else {
        bitmap.addRange(runStart, runEnd);
      }
      bitmapMax = Math.max(bitmapMax, runEnd - 1);
    }
    runStart = runEnd = 0;
  }
}
