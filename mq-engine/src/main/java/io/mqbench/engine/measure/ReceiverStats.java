package io.mqbench.engine.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one receiver did.
 *
 * @param received messages of the run received, duplicates included
 * @param foreign bodies received that were not messages of the run
 * @param firstReceiveNanos nanoseconds from the run's start to the first message; 0 if none
 * @param lastReceiveNanos nanoseconds from the run's start to the last message; 0 if none
 * @param cpuNanos CPU time its thread used from its start (the backend's receive and ack calls made
 *     on it, reading envelopes, recording); 0 where not measured
 * @param queue the queue it read, from 0 ({@code --queues}); 0 in reports written before it existed
 * @param subscription the subscription it read, from 0 ({@code --subscriptions}); 0 in reports
 *     written before it existed
 * @param cpuWaitNanos how long its thread was runnable but waiting for a CPU from its start
 *     (Linux's run-queue time); null where not measured
 * @param receiveOnlyDuplicates a receive-only run (no senders, draining what a queue holds): the
 *     messages this receiver got again after it had received them once, told apart by their run,
 *     sender and sequence; 0 in other runs, whose duplicates the delivery ledger counts
 */
public record ReceiverStats(
    long received,
    long foreign,
    long firstReceiveNanos,
    long lastReceiveNanos,
    long cpuNanos,
    int queue,
    int subscription,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long cpuWaitNanos,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) long receiveOnlyDuplicates) {

  /** A receiver that counted no receive-only duplicates. */
  public ReceiverStats(
      long received,
      long foreign,
      long firstReceiveNanos,
      long lastReceiveNanos,
      long cpuNanos,
      int queue,
      int subscription,
      Long cpuWaitNanos) {
    this(
        received,
        foreign,
        firstReceiveNanos,
        lastReceiveNanos,
        cpuNanos,
        queue,
        subscription,
        cpuWaitNanos,
        0);
  }

  /**
   * A receiver of the only queue and subscription.
   *
   * @see #ReceiverStats(long, long, long, long, long, int, int, Long)
   */
  public ReceiverStats(
      long received, long foreign, long firstReceiveNanos, long lastReceiveNanos, long cpuNanos) {
    this(received, foreign, firstReceiveNanos, lastReceiveNanos, cpuNanos, 0, 0, null);
  }
}
