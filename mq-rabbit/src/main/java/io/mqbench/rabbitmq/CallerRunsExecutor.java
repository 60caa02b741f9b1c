package io.mqbench.rabbitmq;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The client's consumer dispatch run on the thread that hands it work: the connection's reader
 * thread, which has just read the delivery. The client otherwise hands every delivery to a pool
 * thread, which hands it on to the receiver thread through the receiver's buffer: one thread
 * wake-up more per delivery than needed, each a system call and a context switch. Safe here because
 * the only consumer callback puts the delivery into a buffer that never blocks (its capacity is the
 * prefetch, which the broker never exceeds) and calls nothing on the channel.
 */
final class CallerRunsExecutor extends AbstractExecutorService {
  private volatile boolean shutdown;

  @Override
  public void execute(Runnable command) {
    command.run();
  }

  @Override
  public void shutdown() {
    shutdown = true;
  }

  @Override
  public List<Runnable> shutdownNow() {
    shutdown = true;
    return List.of();
  }

  @Override
  public boolean isShutdown() {
    return shutdown;
  }

  @Override
  public boolean isTerminated() {
    return shutdown;
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) {
    return shutdown;
  }
}
