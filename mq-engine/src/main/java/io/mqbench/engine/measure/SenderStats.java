package io.mqbench.engine.measure;

/**
 * What one sender did.
 *
 * @param senderId the sender's global id within the run
 * @param sent messages the backend acknowledged
 * @param batches batches acknowledged
 * @param lastAckNanos nanoseconds from the run's start to the last acknowledgement; 0 if none
 */
public record SenderStats(int senderId, long sent, long batches, long lastAckNanos) {}
