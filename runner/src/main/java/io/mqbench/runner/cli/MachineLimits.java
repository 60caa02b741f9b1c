package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import java.util.Locale;

/**
 * Refuses, before anything starts, a run in this process whose plan cannot fit the machine: more
 * sender and receiver threads than it runs usefully, or a heap it cannot give. Such a run was
 * accepted ({@code --senders 100000 --receivers 100000 --queues 100000}), its JVM sized itself a
 * quarter of the machine's memory, far below what the threads alone need, and thrashed for minutes.
 * A run on workers is checked by each worker, for its own part.
 *
 * <p>The rules, each refusal one line saying which:
 *
 * <ul>
 *   <li>threads: senders plus receivers of every subscription, at most {@value #THREADS_PER_CORE}
 *       per core and never less than {@value #MIN_THREADS} allowed: beyond that the threads measure
 *       the scheduler rather than the queue (the queues a run spreads over are at most its senders
 *       or receivers, so they are bounded with them);
 *   <li>heap: what the run needs before it accounts for a single message ({@link RunHeap#fixed}: a
 *       base, a share per thread, the message bytes held twice) must fit in the heap the run can
 *       have (see {@link RunHeap#available}).
 * </ul>
 *
 * @param cores the processors this JVM may use
 * @param memoryBytes the machine's (or container's) memory
 */
record MachineLimits(int cores, long memoryBytes) {
  /** Sender and receiver threads allowed per core. */
  static final int THREADS_PER_CORE = 256;

  /**
   * Threads allowed whatever the cores: a small machine still runs a few hundred waiting threads.
   */
  static final int MIN_THREADS = 512;

  private static final long MIB = 1L << 20;

  /**
   * @return this machine's
   */
  static MachineLimits here() {
    return new MachineLimits(Runtime.getRuntime().availableProcessors(), RunHeap.machineMemory());
  }

  /**
   * @return the most sender and receiver threads a run here may have
   */
  int maxThreads() {
    return Math.max(MIN_THREADS, THREADS_PER_CORE * cores);
  }

  /**
   * @param s a run's settings, validated
   * @param heapAvailable the heap the run will have
   * @param howToRaise what to name to raise that heap
   * @throws ConfigException in one line for the first rule the run breaks
   */
  void check(RunSettings s, long heapAvailable, String howToRaise) {
    long threads = (long) s.senders() + s.receiverThreads();
    if (threads > maxThreads()) {
      throw new ConfigException(
          String.format(
              Locale.ROOT,
              "--senders %d --receivers %d%s: %,d sender and receiver threads, more than this"
                  + " machine runs usefully (%d per core, at least %d: %,d here; beyond that they"
                  + " measure the scheduler, not the queue): lower them, or spread them over"
                  + " --workers",
              s.senders(),
              s.receivers(),
              s.subscriptions() > 1 ? " --subscriptions " + s.subscriptions() : "",
              threads,
              THREADS_PER_CORE,
              MIN_THREADS,
              maxThreads()));
    }
    long fixed = RunHeap.fixed(s);
    if (fixed > heapAvailable) {
      throw new ConfigException(
          String.format(
              Locale.ROOT,
              "%,d threads of up to %,d B messages need a heap of %,d MiB before accounting for a"
                  + " single message (%d MiB, %d MiB per thread, the message bytes in flight"
                  + " twice), more than the run can have (%,d MiB; this machine has %,d MiB):"
                  + " lower --senders, --receivers, --in-flight, --batch or --size, or %s",
              threads,
              s.maxMessageBytes(),
              fixed / MIB,
              RunHeap.BASE_BYTES / MIB,
              RunHeap.PER_THREAD_BYTES / MIB,
              heapAvailable / MIB,
              memoryBytes / MIB,
              howToRaise));
    }
  }
}
