package io.mqbench.runner.engine;

import java.util.List;
import java.util.Optional;

/**
 * What a throughput run produced, before it is summarised into results.
 *
 * @param runId the run's random id, as in every envelope
 * @param seed the seed used
 * @param startNanos when senders were released ({@code nanoTime})
 * @param senders the sender tasks, in id order, ended
 * @param receivers the receiver tasks, ended
 * @param timeline counts per second
 * @param ledger delivery accounting
 * @param failure what stopped the run early, if anything
 * @param endedIdle true if receivers stopped because nothing more arrived (rather than because
 *     everything sent had arrived)
 * @param interrupted true if the run was stopped early on request (Ctrl-C)
 */
public record RunOutcome(
    int runId,
    long seed,
    long startNanos,
    List<SenderTask> senders,
    List<ReceiverTask> receivers,
    List<Tick> timeline,
    DeliveryLedger ledger,
    Optional<RunFailure> failure,
    boolean endedIdle,
    boolean interrupted) {}
