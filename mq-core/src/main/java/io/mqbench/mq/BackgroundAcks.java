package io.mqbench.mq;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one receiver's acknowledgements on a thread of its own, for a backend whose acknowledgement
 * is a request of its own (a delete), so that the receiver's next {@link MqReceiver#receive}
 * overlaps it, as {@link MqReceiver#ack} allows ("may complete asynchronously").
 *
 * <p>At most {@code inFlight} acknowledgements are queued or under way: {@link #submit} waits for a
 * slot, which bounds both memory and how far acknowledgements may trail the receiver. A failed
 * acknowledgement is kept and thrown, once, by the receiver's next call to {@link #throwFailure()}
 * or {@link #submit} (its messages come back when their leases end, which the contract allows).
 * {@link #close} waits for what was submitted, so that a receiver that acknowledged and then closed
 * leaves those messages acknowledged.
 *
 * <p>Used by one receiver's thread; the work runs on one daemon thread, started on the first
 * submission.
 */
public final class BackgroundAcks implements AutoCloseable {
  /** One acknowledgement's request. */
  @FunctionalInterface
  public interface Work {
    /**
     * Sends the acknowledgement and waits for the broker's answer.
     *
     * @throws RuntimeException if it failed; an {@link MqException} is kept as it is, any other
     *     exception is wrapped in one naming the backend
     */
    void run();
  }

  private final String backend;
  private final Semaphore slots;
  private final AtomicReference<MqException> failure = new AtomicReference<>();
  private ExecutorService thread;

  /**
   * @param backend the backend's name, for the thread's name and for failure messages
   * @param inFlight acknowledgements queued or under way at most, at least 1
   */
  public BackgroundAcks(String backend, int inFlight) {
    if (inFlight < 1) {
      throw new IllegalArgumentException("inFlight must be at least 1, was " + inFlight);
    }
    this.backend = backend;
    this.slots = new Semaphore(inFlight);
  }

  /**
   * Queues an acknowledgement, waiting while {@code inFlight} are queued or under way.
   *
   * @param work the request to make
   * @throws MqException the failure of an earlier acknowledgement, if one failed since it was last
   *     thrown; this one is then not queued
   */
  public void submit(Work work) {
    throwFailure();
    if (thread == null) {
      thread =
          Executors.newSingleThreadExecutor(
              r -> {
                Thread t = new Thread(r, "mqbench-" + backend + "-ack");
                t.setDaemon(true);
                return t;
              });
    }
    slots.acquireUninterruptibly();
    try {
      thread.execute(
          () -> {
            try {
              work.run();
            } catch (MqException e) {
              failure.compareAndSet(null, e);
            } catch (RuntimeException e) {
              failure.compareAndSet(
                  null, new MqException(backend + ": ack failed: " + Errors.oneLine(e), e));
            } finally {
              slots.release();
            }
          });
    } catch (RuntimeException e) {
      slots.release();
      throw e;
    }
  }

  /**
   * Throws the failure of an earlier acknowledgement, once.
   *
   * @throws MqException if one failed since the last call
   */
  public void throwFailure() {
    MqException failed = failure.getAndSet(null);
    if (failed != null) {
      throw new MqException(failed.getMessage(), failed);
    }
  }

  /**
   * Lets the submitted acknowledgements finish, within {@code bound}, then stops the thread; what
   * has not run by then is abandoned (those messages come back when their leases end).
   *
   * @param bound the longest wait
   */
  public void close(Duration bound) {
    if (thread == null) {
      return;
    }
    thread.shutdown();
    try {
      if (!thread.awaitTermination(bound.toNanos(), TimeUnit.NANOSECONDS)) {
        thread.shutdownNow();
      }
    } catch (InterruptedException e) {
      thread.shutdownNow();
      Thread.currentThread().interrupt();
    }
  }

  /** {@link #close(Duration)} with a bound of 30 seconds. */
  @Override
  public void close() {
    close(Duration.ofSeconds(30));
  }
}
