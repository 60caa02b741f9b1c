package io.mqbench.engine;

import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryLedger;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Optional;

/**
 * What a run produced, merged over its cells, before it is summarised into results.
 *
 * @param runId the run's random id, as in every envelope
 * @param seed the seed used
 * @param cells what each cell reported when it was prepared (address, versions), in cell order
 * @param measurements what every cell measured, merged
 * @param timeline counts per second
 * @param ledger delivery accounting
 * @param drainStartNanos send-then-drain: nanoseconds from the run's start to the start of the
 *     drain; backlog-then-catch-up: to the receivers' start; 0 when receivers ran beside senders
 * @param failure what stopped the run early, if anything
 * @param endedIdle true if receivers stopped because nothing more arrived (rather than because
 *     everything sent had arrived)
 * @param interrupted true if the run was stopped early on request (Ctrl-C)
 * @param pacing how senders were held back against receivers, and what was received while they sent
 * @param catchUp backlog-then-catch-up: what catching up took; empty for other phases, and when
 *     receivers never started (a stop or failure during the backlog)
 * @param faults what happened around each fault the run was given, in the order they were due;
 *     empty for a run without faults
 * @param deliveryGaps the times of at least {@link #GAP_NANOS} during which receivers ran and
 *     nothing arrived, in order; the longest {@link #MAX_GAPS} when there were more
 * @param receivedEveryTenth for a run with faults: messages received so far at every tenth of a
 *     second from the run's start (element k at k/10 s), for rates around a fault finer than the
 *     timeline's seconds; empty for a run without faults
 * @param sendGaps the times of at least {@link #GAP_NANOS} during which senders ran, were not held
 *     back, and no send was acknowledged, from the first acknowledgement on, in order; the longest
 *     {@link #MAX_GAPS} when there were more
 */
@RecordBuilder
public record RunOutcome(
    int runId,
    long seed,
    List<CellReady> cells,
    CellMeasurements measurements,
    List<Tick> timeline,
    DeliveryLedger ledger,
    long drainStartNanos,
    Optional<CellFailure> failure,
    boolean endedIdle,
    boolean interrupted,
    Pacing pacing,
    Optional<CatchUp> catchUp,
    List<FaultRecord> faults,
    List<DeliveryGap> deliveryGaps,
    List<Long> receivedEveryTenth,
    List<DeliveryGap> sendGaps) {

  /** The shortest time without a delivery that is recorded as a gap. */
  public static final long GAP_NANOS = 100_000_000L;

  /** The most gaps recorded: the longest ones. */
  public static final int MAX_GAPS = 1_000;

  /**
   * Copies the lists; what a run's features did not contribute (null) is none: no failure, no
   * pacing, no catch-up, no faults, gaps or tenths. Build one with {@link RunOutcomeBuilder}.
   */
  public RunOutcome {
    cells = List.copyOf(cells);
    timeline = List.copyOf(timeline);
    failure = failure == null ? Optional.empty() : failure;
    pacing = pacing == null ? Pacing.NONE : pacing;
    catchUp = catchUp == null ? Optional.empty() : catchUp;
    faults = faults == null ? List.of() : List.copyOf(faults);
    deliveryGaps = deliveryGaps == null ? List.of() : List.copyOf(deliveryGaps);
    receivedEveryTenth = receivedEveryTenth == null ? List.of() : List.copyOf(receivedEveryTenth);
    sendGaps = sendGaps == null ? List.of() : List.copyOf(sendGaps);
  }
}
