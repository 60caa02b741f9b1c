package io.mqbench.engine.measure;

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
 */
public record SenderStats(
    int senderId,
    long sent,
    long batches,
    long lastAckNanos,
    long cpuNanos,
    long sentBytes,
    int minMessageBytes,
    int maxMessageBytes) {

  /** As above, with the sizes not measured. */
  public SenderStats(int senderId, long sent, long batches, long lastAckNanos, long cpuNanos) {
    this(senderId, sent, batches, lastAckNanos, cpuNanos, 0, 0, 0);
  }
}
