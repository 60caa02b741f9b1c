package io.mqbench.runner.results;

/**
 * The run's totals and rates.
 *
 * @param sent messages acknowledged to senders
 * @param received deliveries of this run's messages, duplicates included
 * @param distinct distinct messages delivered
 * @param lost acknowledged messages never delivered
 * @param duplicates deliveries beyond the first of a message
 * @param foreign bodies received that were not this run's messages (leftovers of earlier runs)
 * @param unacknowledgedDelivered delivered messages whose send was not acknowledged
 * @param sendSeconds from the start to the last acknowledged send
 * @param receiveSeconds from the receivers' start to the last delivery; send-then-drain: from the
 *     first delivery of the drain to the last
 * @param sentPerSecond {@code sent / sendSeconds}
 * @param receivedPerSecond {@code received / receiveSeconds}: in a send-then-drain run, the drain
 *     rate
 * @param drainStartSeconds send-then-drain: from the start to the drain's start; 0 otherwise
 * @param drainWaitSeconds send-then-drain: from the drain's start to its first delivery
 *     (connecting, a consumer group's join); 0 otherwise
 * @param endedIdle true if receivers stopped because nothing more arrived
 */
public record Totals(
    long sent,
    long received,
    long distinct,
    long lost,
    long duplicates,
    long foreign,
    long unacknowledgedDelivered,
    double sendSeconds,
    double receiveSeconds,
    double sentPerSecond,
    double receivedPerSecond,
    double drainStartSeconds,
    double drainWaitSeconds,
    boolean endedIdle) {}
