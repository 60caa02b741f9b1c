package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.DaemonThreads;
import io.mqbench.engine.local.ReceiverTask;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.results.Accounting;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Settles a run's acknowledged-but-unreceived messages by draining the queue afterwards, with a
 * fresh connection and a receiver that counts only the run's messages: what it finds is received
 * after all; if the queue goes idle, the rest is proven lost; if the backend cannot be reached or
 * the time runs out, the rest stays unsettled. Used by the runner after a failure, and by {@code
 * mqbench drain} later on.
 */
public final class Settlement {
  /** The most a run spends settling after a failure, connecting included. */
  public static final Duration AFTER_RUN = Duration.ofSeconds(10);

  /** Messages asked for per receive while draining. */
  static final int BATCH = 100;

  /** How long one receive waits while draining. */
  static final Duration RECEIVE_WAIT = Duration.ofMillis(200);

  /** How long a drain waits before connecting again to a broker that refused or dropped it. */
  static final Duration RETRY_AFTER = Duration.ofMillis(500);

  private Settlement() {}

  /**
   * What a drain did.
   *
   * @param accounting the updated accounting
   * @param found acknowledged messages the drain found that the accounting lacked
   * @param completed true if the queue went idle (or every missing message was found), so that what
   *     is still missing is proven lost
   * @param problem why the drain stopped short (unreachable, out of time), if it did
   */
  public record Result(
      Accounting accounting, long found, boolean completed, Optional<String> problem) {}

  /**
   * Drains the queue for one run's messages.
   *
   * @param provider the backend
   * @param config its validated configuration, broker address resolved
   * @param runId the run's id: messages of other runs are acknowledged and ignored
   * @param senders the run's sender count (at least 1: a run without senders has nothing to settle)
   * @param before the run's accounting so far
   * @param idle the queue counts as drained once nothing of the run arrived for this long; it must
   *     exceed the time the backend takes to hand out messages again (a consumer group's join)
   * @param bound the most the drain may take, connecting included
   * @return the updated accounting; never throws for the backend's failures, which leave the
   *     messages unsettled
   * @throws InterruptedException if interrupted
   */
  public static Result drain(
      MqProvider provider,
      MqConfig config,
      int runId,
      int senders,
      Accounting before,
      Duration idle,
      Duration bound)
      throws InterruptedException {
    long missing = before.ledger().lost();
    if (missing == 0 || senders == 0) {
      return new Result(before, 0, true, Optional.empty());
    }
    long deadline = System.nanoTime() + bound.toNanos();
    ExecutorService draining =
        Executors.newSingleThreadExecutor(DaemonThreads.named("mqbench-settle"));
    Drainer drainer =
        new Drainer(
            provider, config, runId, senders, before, idle, deadline, new CopyOnWriteArrayList<>());
    try {
      Future<Boolean> future = draining.submit(drainer::run);
      Boolean completed;
      String problem = null;
      try {
        // A little past the bound, for a drain that ends exactly at its deadline.
        completed =
            future.get(
                Math.max(0, deadline - System.nanoTime()) + TimeUnit.SECONDS.toNanos(1),
                TimeUnit.NANOSECONDS);
        if (!completed) {
          problem = "the queue did not go idle within " + Durations.format(bound);
        }
      } catch (TimeoutException e) {
        future.cancel(true);
        completed = false;
        problem = "could not reach " + provider.name() + " within " + Durations.format(bound);
      } catch (ExecutionException e) {
        completed = false;
        problem = Errors.oneLine(e.getCause());
      }
      Accounting after = drainer.accounting(completed);
      long found = missing - after.ledger().lost();
      return new Result(after, found, completed, Optional.ofNullable(problem));
    } finally {
      draining.shutdownNow();
    }
  }

  /**
   * The drain itself, on its own thread; its accounting is read once that thread is done.
   *
   * @param tasks one per connection: a drain that reconnected counts what every connection received
   */
  private record Drainer(
      MqProvider provider,
      MqConfig config,
      int runId,
      int senders,
      Accounting before,
      Duration idle,
      long deadline,
      List<ReceiverTask> tasks) {

    /**
     * Returns true once the queue was idle or every missing message arrived. A broker that refuses
     * or drops the connection (one restarting after a failure, typically) is tried again until the
     * deadline: the drain's whole window, not its first attempt, decides.
     */
    boolean run() throws InterruptedException {
      MqException last = null;
      while (System.nanoTime() - deadline < 0) {
        try (Mq mq = provider.open(config);
            MqReceiver receiver = mq.createReceiver()) {
          ReceiverTask t = new ReceiverTask(receiver, runId, senders, BATCH, RECEIVE_WAIT);
          tasks.add(t);
          long lastProgress = System.nanoTime();
          while (System.nanoTime() - deadline < 0) {
            if (t.receiveOnce() > 0) {
              lastProgress = System.nanoTime();
              if (accounting(false).ledger().lost() == 0) {
                return true;
              }
            } else if (System.nanoTime() - lastProgress >= idle.toNanos()) {
              return true;
            }
          }
          return false;
        } catch (MqException e) {
          last = e;
          long left = deadline - System.nanoTime();
          if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(Math.min(left, RETRY_AFTER.toNanos()));
          }
        }
      }
      if (last != null) {
        throw last;
      }
      return false;
    }

    /** The accounting before the drain plus what the drain received so far. */
    Accounting accounting(boolean completed) {
      if (tasks.isEmpty()) {
        return new Accounting(before.bitmaps(), before.received(), completed, before.settled());
      }
      Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
      long received = 0;
      for (ReceiverTask t : tasks) {
        for (int id = 0; id < senders; id++) {
          Roaring64NavigableMap bits = new Roaring64NavigableMap();
          t.addSeen(id, bits);
          if (!bits.isEmpty()) {
            seen.merge(
                id,
                bits,
                (a, b) -> {
                  a.or(b);
                  return a;
                });
          }
        }
        received += t.receivedCount();
      }
      DeliveryBitmaps merged = before.bitmaps().plus(new DeliveryBitmaps(Map.of(), seen));
      long found = before.ledger().lost() - DeliveryLedger.of(merged, 0).lost();
      return new Accounting(
          merged, before.received() + received, completed, before.settled() + found);
    }
  }
}
