package io.mqbench.engine;

import java.util.Optional;

/**
 * What happened around one fault of a run ({@link ScheduledFault}): when it was injected and over,
 * what its action said, and what the run did in the windows before, during and after it, each
 * measured by the difference of the cells' cumulative reports taken at its ends (exact counts and
 * histograms). Instants are nanoseconds from the run's start.
 *
 * <p>The <b>before</b> window runs from the end of the previous fault (or the run's start) to this
 * one's injection; <b>during</b> from the injection until its action returned (a restarted broker
 * serving again, a pause undone); <b>after</b> from then to the next fault's injection or the end
 * of the run.
 *
 * @param kind the fault's kind ({@code restart-broker})
 * @param target what it hit
 * @param scheduledNanos when it was due
 * @param injected whether it was injected: false when the run ended before it was due
 * @param startNanos when its action started; its due time when it was not injected
 * @param endNanos when its action returned
 * @param detail what the action said happened, or why it was not injected
 * @param error why the action failed, in one line; empty if it did not
 * @param before the window before it
 * @param during the window of the fault itself
 * @param after the window after it
 */
public record FaultRecord(
    String kind,
    String target,
    long scheduledNanos,
    boolean injected,
    long startNanos,
    long endNanos,
    String detail,
    Optional<String> error,
    CatchUp.Window before,
    CatchUp.Window during,
    CatchUp.Window after) {}
