package io.mqbench.engine.measure;

import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The sequence numbers a sender had acknowledged or a receiver saw, taken on the per-message path
 * and kept in a {@link Roaring64NavigableMap} for the delivery ledger.
 *
 * <p>Numbers mostly come in order, one after the other: they extend a run held in two fields, and
 * the bitmap gets the whole run at once when the order breaks or the bitmap is read. Numbers that
 * do not continue a run (receivers sharing a queue take every other message) wait in a small buffer
 * and go into the bitmap in one loop when it fills. Adding to the bitmap message by message put its
 * code inside the senders' and receivers' hot methods, and the bitmap's rarely taken branch (a new
 * container every 65,536 numbers) made the JIT throw their compiled code away: twice in a 30 s run
 * at 5,000 msgs/s on RabbitMQ, each time two or three of those methods compiled again
 * (-XX:+LogCompilation).
 *
 * <p>Not thread-safe: its owner guards it, as it guarded the bitmap.
 */
public final class SequenceSet {
  private static final int BUFFERED = 1024;

  private final Roaring64NavigableMap bitmap = new Roaring64NavigableMap();
  private final long[] buffer = new long[BUFFERED];
  private int buffered;
  private long runStart, runEnd; // [runStart, runEnd): empty when equal

  /**
   * Adds one sequence number.
   *
   * @param sequence the number
   */
  public void add(long sequence) {
    if (sequence == runEnd && runEnd > runStart) {
      runEnd++;
      return;
    }
    endRun();
    runStart = sequence;
    runEnd = sequence + 1;
  }

  /**
   * Adds the numbers from {@code from}, inclusive, to {@code to}, exclusive.
   *
   * @param from the first number
   * @param to one past the last; nothing is added when it is not above {@code from}
   */
  public void addRange(long from, long to) {
    if (to <= from) {
      return;
    }
    if (from == runEnd && runEnd > runStart) {
      runEnd = to;
      return;
    }
    endRun();
    runStart = from;
    runEnd = to;
  }

  /**
   * @return the bitmap with every number added so far; the caller may read it, or add it to
   *     another, until the next {@code add}
   */
  public Roaring64NavigableMap bitmap() {
    endRun();
    flushBuffer();
    return bitmap;
  }

  /**
   * @return a copy of {@link #bitmap()}, the caller's own
   */
  public Roaring64NavigableMap copy() {
    Roaring64NavigableMap copy = new Roaring64NavigableMap();
    copy.or(bitmap());
    return copy;
  }

  private void endRun() {
    long length = runEnd - runStart;
    if (length == 1) {
      buffer[buffered++] = runStart;
      if (buffered == BUFFERED) {
        flushBuffer();
      }
    } else if (length > 1) {
      bitmap.addRange(runStart, runEnd);
    }
    runStart = runEnd = 0;
  }

  private void flushBuffer() {
    for (int i = 0; i < buffered; i++) {
      bitmap.addLong(buffer[i]);
    }
    buffered = 0;
  }
}
