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
 */
public record SenderStats(
    int senderId, long sent, long batches, long lastAckNanos, long cpuNanos) {}
