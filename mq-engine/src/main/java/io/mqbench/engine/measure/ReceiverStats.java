package io.mqbench.engine.measure;

/**
 * What one receiver did.
 *
 * @param received messages of the run received, duplicates included
 * @param foreign bodies received that were not messages of the run
 * @param firstReceiveNanos nanoseconds from the run's start to the first message; 0 if none
 * @param lastReceiveNanos nanoseconds from the run's start to the last message; 0 if none
 * @param cpuNanos CPU time its thread used from its start (the backend's receive and ack calls made
 *     on it, reading envelopes, recording); 0 where not measured
 */
public record ReceiverStats(
    long received, long foreign, long firstReceiveNanos, long lastReceiveNanos, long cpuNanos) {}
