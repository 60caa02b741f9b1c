package io.mqbench.engine.measure;

/**
 * What one receiver did.
 *
 * @param received messages of the run received, duplicates included
 * @param foreign bodies received that were not messages of the run
 * @param firstReceiveNanos nanoseconds from the run's start to the first message; 0 if none
 * @param lastReceiveNanos nanoseconds from the run's start to the last message; 0 if none
 */
public record ReceiverStats(
    long received, long foreign, long firstReceiveNanos, long lastReceiveNanos) {}
