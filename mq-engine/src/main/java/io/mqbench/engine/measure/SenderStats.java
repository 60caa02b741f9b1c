package io.mqbench.engine.measure;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one sender did.
 *
 * @param senderId the sender's global id within the run
 * @param sent messages the backend acknowledged
 * @param batches batches acknowledged
 * @param lastAckNanos nanoseconds from the run's start to the last acknowledgement; 0 if none
 * @param cpuNanos CPU time its thread used from the run's start (building envelopes, the backend's
 *     send calls made on it, recording); 0 where not measured
 * @param sentBytes the bytes of the messages the backend acknowledged, envelopes included; 0 where
 *     not measured (results and workers from before sizes were counted)
 * @param minMessageBytes the smallest message acknowledged; 0 if none or not measured
 * @param maxMessageBytes the largest message acknowledged; 0 if none or not measured
 * @param cpuWaitNanos how long its thread was runnable but waiting for a CPU from the run's start
 *     (Linux's run-queue time): sends it started late while waiting were late for want of a core,
 *     not for the harness's own work; null where not measured
 */
public record SenderStats(
    int senderId,
    long sent,
    long batches,
    long lastAckNanos,
    long cpuNanos,
    long sentBytes,
    int minMessageBytes,
    int maxMessageBytes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long cpuWaitNanos) {

  /** As above, with the sizes and the wait for a CPU not measured. */
  public SenderStats(int senderId, long sent, long batches, long lastAckNanos, long cpuNanos) {
    this(senderId, sent, batches, lastAckNanos, cpuNanos, 0, 0, 0, null);
  }
}
