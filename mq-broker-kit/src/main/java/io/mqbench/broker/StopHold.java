package io.mqbench.broker;

import io.mqbench.mq.LocalBroker;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A local broker's stop, held while its owner finishes a run: the shutdown hook of each of the
 * broker's {@link BrokerProcess processes} waits in {@link #awaitRelease()} before it stops the
 * process. Released by {@link #close()}, or given up after its longest wait.
 *
 * <p>Thread-safe. One hold may serve every process of a broker (the nodes of a cluster): the owner
 * is told once, and every hook waits for the same release.
 */
public final class StopHold implements LocalBroker.Hold {
  private final Runnable onShutdown;
  private final Duration atMost;
  private final CountDownLatch released = new CountDownLatch(1);
  private boolean told;
  private long deadline;

  /**
   * @param onShutdown runs once, in the first hook that waits: asks the owner to finish
   * @param atMost the longest a shutdown waits for the release, from the first hook's start
   */
  public StopHold(Runnable onShutdown, Duration atMost) {
    this.onShutdown = Objects.requireNonNull(onShutdown, "onShutdown");
    this.atMost = Objects.requireNonNull(atMost, "atMost");
  }

  /**
   * Tells the owner that this JVM is shutting down (once), then waits until the hold is released or
   * its longest wait has passed. Returns at once when already released. An interrupt ends the wait
   * (the interrupt stays set).
   */
  public void awaitRelease() {
    boolean first;
    long until;
    synchronized (this) {
      first = !told;
      if (first) {
        told = true;
        deadline = System.nanoTime() + atMost.toNanos();
      }
      until = deadline;
    }
    if (first) {
      try {
        onShutdown.run();
      } catch (RuntimeException e) {
        System.err.println("mqbench: stopping the run at shutdown failed: " + e);
      }
    }
    try {
      long left = until - System.nanoTime();
      if (left > 0) {
        released.await(left, TimeUnit.NANOSECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * @return whether {@link #close()} was called
   */
  public boolean isReleased() {
    return released.getCount() == 0;
  }

  /** Releases the stop. Idempotent. */
  @Override
  public void close() {
    released.countDown();
  }
}
