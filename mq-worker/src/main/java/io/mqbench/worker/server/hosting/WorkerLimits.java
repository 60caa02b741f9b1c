package io.mqbench.worker.server.hosting;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import java.util.Locale;
import java.util.Optional;

/**
 * What one worker takes on, checked before anything is read or started: past these a request ran
 * the worker out of memory (a 300 MB body, 1,000 senders) or failed only later, in a sender (a
 * message of 2 GiB).
 *
 * @param maxRequestBytes the largest request body; beyond it, 413
 * @param maxCells how many cells may be hosted at once; beyond it, 409
 * @param maxThreadsPerCell the most senders and receivers one cell may run; beyond it, 400
 * @param maxMessageBytes the largest message; beyond it, 400
 * @param heapBytes this worker's heap, half of which one batch per sender and receiver may take
 */
public record WorkerLimits(
    int maxRequestBytes, int maxCells, int maxThreadsPerCell, int maxMessageBytes, long heapBytes) {
  /** A cell spec is a few kilobytes; 1 MiB leaves room for many backend properties. */
  public static final int MAX_REQUEST_BYTES = 1 << 20;

  /**
   * A coordinator runs one cell per worker at a time; a few more leave room for a second
   * coordinator's run or the cells of one that vanished, until they are reaped.
   */
  public static final int MAX_CELLS = 4;

  /** The most senders and receivers one cell may run. */
  public static final int MAX_THREADS_PER_CELL = 256;

  /** The largest message a worker takes. */
  public static final int MAX_MESSAGE_BYTES = 64 << 20;

  /** The share of the heap one batch per sender and receiver may take, as for a local run. */
  static final double HEAP_SHARE_FOR_BATCHES = 0.5;

  /**
   * @param heapBytes the heap of the JVM that hosts the cells
   * @return the limits of a worker with that heap
   */
  public static WorkerLimits forHeap(long heapBytes) {
    return new WorkerLimits(
        MAX_REQUEST_BYTES, MAX_CELLS, MAX_THREADS_PER_CELL, MAX_MESSAGE_BYTES, heapBytes);
  }

  /**
   * @param spec a cell spec
   * @return why this worker cannot run it, if it cannot
   */
  public Optional<String> refusal(CellSpec spec) {
    RunSettings s = spec.settings();
    int threads = spec.senders() + spec.receivers();
    if (threads > maxThreadsPerCell) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "%d senders and receivers on one worker, at most %d: spread them over more"
                  + " workers or lower --senders/--receivers",
              threads,
              maxThreadsPerCell));
    }
    if (s.maxMessageBytes() > maxMessageBytes) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "--size %d: a worker takes messages of at most %d MiB",
              s.maxMessageBytes(),
              maxMessageBytes >> 20));
    }
    long bytes = (long) threads * s.maxBatch() * s.maxMessageBytes();
    if (bytes > heapBytes * HEAP_SHARE_FOR_BATCHES) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "--size %d: one batch of %d per sender and receiver (%d on this worker) is %,d"
                  + " MiB, more than half of this worker's heap (%,d MiB); lower --size or"
                  + " --batch, or give the worker more --heap",
              s.maxMessageBytes(),
              s.maxBatch(),
              threads,
              bytes >> 20,
              heapBytes >> 20));
    }
    return Optional.empty();
  }
}
