package io.mqbench.engine.measure;

import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The sequence numbers of one sender that a receiver saw, telling each number seen before (a
 * duplicate) from a new one, exactly, on the per-message path.
 *
 * <p>Numbers mostly come in order, one after the other: they extend a run held in two fields, and
 * the bitmap gets the whole run at once when the order breaks. A number inside the open run is a
 * duplicate without asking the bitmap; a number extending the run is new without asking it either
 * while the run started above everything the bitmap holds (the usual case: a backlog drained in
 * order). Only numbers out of order, and runs that start at or below the bitmap's largest number (a
 * redelivery), are looked up in the bitmap one by one.
 *
 * <p>Not thread-safe: its owner guards it.
 */
public final class DistinctSequences {
  private final Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
  private long bitmapMax = Long.MIN_VALUE; // the largest number in the bitmap; MIN_VALUE: none
  private long runStart, runEnd; // [runStart, runEnd): empty when equal
  private boolean runAboveBitmap; // every number the run may grow to is absent from the bitmap

  /**
   * Adds one sequence number.
   *
   * @param sequence the number
   * @return whether it is new: false if it was added before
   */
  public boolean add(long sequence) {
    if (runEnd > runStart) {
      if (sequence == runEnd) {
        if (runAboveBitmap || !bitmap.contains(sequence)) {
          runEnd++;
          return true;
        }
        return false;
      }
      if (sequence >= runStart && sequence < runEnd) {
        return false;
      }
    }
    endRun();
    if (sequence <= bitmapMax && bitmap.contains(sequence)) {
      return false;
    }
    runStart = sequence;
    runEnd = sequence + 1;
    runAboveBitmap = sequence > bitmapMax;
    return true;
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
