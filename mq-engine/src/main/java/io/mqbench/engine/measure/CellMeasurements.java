package io.mqbench.engine.measure;

import io.mqbench.mq.RequestCounts;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Everything a cell measured, as a value: counts, encoded histograms and delivery bitmaps. Reports
 * of several cells {@link #plus merge} exactly: counts add, histograms add, bitmaps OR; merging a
 * cell's report with an empty one changes nothing.
 *
 * <p>Times are nanoseconds from the run's start (the instant senders were released).
 *
 * @param senders per sender, by global id
 * @param receivers per receiver
 * @param serviceMicros per batch, microseconds from the start of the send call to its completion
 * @param responseMicros per batch, microseconds from the intended send time to its completion
 * @param scheduleLagMicros per batch, microseconds from the intended send time to the send call
 * @param harnessLagMicros per batch, microseconds the send started late although a window slot was
 *     free: delay of the harness (thread wake-up, CPU starvation), not of the backend
 * @param endToEndMicros per message, microseconds from the intended send time to its receipt
 * @param delivery what was acknowledged and what was delivered
 * @param failure what stopped the cell, if anything
 * @param requests the requests the cell's backend made to its service ({@code Mq.requests()}), for
 *     backends billed per request; {@link RequestCounts#NONE} otherwise
 * @param negativeEndToEnd messages received before their intended send time by the receiver's
 *     reading of the run clock; not in {@code endToEndMicros}
 * @param clockUncertaintiesNanos per worker, how far its run clock may be off the coordinator's
 * @param clockDriftNanos how far a worker's clock moved during the run, the largest of them
 * @param partial one line per place whose measurements end before the run did (a worker that died:
 *     what it measured up to its last checkpoint), naming it; empty when the report is whole
 * @param processUsage what the harness's processes used over the run (CPU, GC, memory), added up
 *     over the cells' processes; {@link ProcessUsage#NONE} in older reports
 * @param clientErrors the backend errors the cells rode through, added up; {@link
 *     ClientErrors#NONE} when none, and in older reports
 */
@RecordBuilder
public record CellMeasurements(
    List<SenderStats> senders,
    List<ReceiverStats> receivers,
    EncodedHistogram serviceMicros,
    EncodedHistogram responseMicros,
    EncodedHistogram scheduleLagMicros,
    EncodedHistogram harnessLagMicros,
    EncodedHistogram endToEndMicros,
    DeliveryBitmaps delivery,
    Optional<CellFailure> failure,
    RequestCounts requests,
    long negativeEndToEnd,
    List<Long> clockUncertaintiesNanos,
    long clockDriftNanos,
    List<String> partial,
    ProcessUsage processUsage,
    ClientErrors clientErrors)
    implements CellMeasurementsBuilder.With {

  /**
   * Copies the lists; no request counts ({@code null}, as from an older report) are none, and no
   * clock uncertainties or partial lines are none.
   */
  public CellMeasurements {
    partial = partial == null ? List.of() : List.copyOf(partial);
    clockUncertaintiesNanos =
        clockUncertaintiesNanos == null ? List.of() : List.copyOf(clockUncertaintiesNanos);
    senders = List.copyOf(senders);
    receivers = List.copyOf(receivers);
    requests = requests == null ? RequestCounts.NONE : requests;
    processUsage = processUsage == null ? ProcessUsage.NONE : processUsage;
    clientErrors = clientErrors == null ? ClientErrors.NONE : clientErrors;
  }

  /**
   * @return the report of a cell that did nothing
   */
  public static CellMeasurements empty() {
    EncodedHistogram none = EncodedHistogram.empty();
    return new CellMeasurements(
        List.of(),
        List.of(),
        none,
        none,
        none,
        none,
        none,
        DeliveryBitmaps.empty(),
        Optional.empty(),
        RequestCounts.NONE,
        0,
        List.of(),
        0,
        List.of(),
        ProcessUsage.NONE,
        ClientErrors.NONE);
  }

  /**
   * @param other another cell's report of the same run
   * @return both merged; senders sorted by id, receivers this cell's first; the first failure wins;
   *     request counts, negative end-to-end samples, process usages and client errors add; clock
   *     uncertainties and partial lines are both cells'
   */
  public CellMeasurements plus(CellMeasurements other) {
    List<SenderStats> s = new ArrayList<>(senders);
    s.addAll(other.senders);
    s.sort(Comparator.comparingInt(SenderStats::senderId));
    List<ReceiverStats> r = new ArrayList<>(receivers);
    r.addAll(other.receivers);
    return new CellMeasurements(
        s,
        r,
        serviceMicros.plus(other.serviceMicros),
        responseMicros.plus(other.responseMicros),
        scheduleLagMicros.plus(other.scheduleLagMicros),
        harnessLagMicros.plus(other.harnessLagMicros),
        endToEndMicros.plus(other.endToEndMicros),
        delivery.plus(other.delivery),
        failure.isPresent() ? failure : other.failure,
        requests.plus(other.requests),
        negativeEndToEnd + other.negativeEndToEnd,
        concat(clockUncertaintiesNanos, other.clockUncertaintiesNanos),
        Math.max(clockDriftNanos, other.clockDriftNanos),
        concat(partial, other.partial),
        processUsage.plus(other.processUsage),
        clientErrors.plus(other.clientErrors));
  }

  private static <T> List<T> concat(List<T> a, List<T> b) {
    List<T> both = new ArrayList<>(a);
    both.addAll(b);
    return both;
  }

  /**
   * How far any end-to-end latency of the run may be off either way because of the clocks: a
   * latency from a sender on one worker to a receiver on another is read on two clocks, each true
   * within its offset's uncertainty, so it is true within the sum of the two; the worst pair is the
   * two largest uncertainties. One clock (a run in one process, or on one worker, where sender and
   * receiver read the same clock) has a bound of 0.
   *
   * @return the bound in nanoseconds
   */
  public long clockBoundNanos() {
    if (clockUncertaintiesNanos.size() < 2) {
      return 0;
    }
    List<Long> sorted = new ArrayList<>(clockUncertaintiesNanos);
    sorted.sort(Comparator.reverseOrder());
    return sorted.get(0) + sorted.get(1);
  }

  /**
   * @param nanos how far the run clock of the worker that made this report (one cell) may be off
   *     the coordinator's, either way
   * @param driftNanos how far that worker's clock moved during the run beyond what the
   *     measurements' uncertainties explain
   * @return this report with that uncertainty as its only one, and that drift
   */
  public CellMeasurements withClock(long nanos, long driftNanos) {
    return with(m -> m.clockUncertaintiesNanos(List.of(nanos)).clockDriftNanos(driftNanos));
  }

  /**
   * @param nanos how far the run clock of the worker that made this report may be off
   * @return this report with that uncertainty as its only one, and no drift
   */
  public CellMeasurements withClockUncertainty(long nanos) {
    return withClock(nanos, 0);
  }

  /**
   * @param reports reports of every cell of a run
   * @return them merged
   */
  public static CellMeasurements merge(List<CellMeasurements> reports) {
    CellMeasurements sum = empty();
    for (CellMeasurements r : reports) {
      sum = sum.plus(r);
    }
    return sum;
  }

  /**
   * @return messages of the run received, duplicates included
   */
  public long received() {
    return receivers.stream().mapToLong(ReceiverStats::received).sum();
  }

  /**
   * @return bodies received that were not messages of the run
   */
  public long foreign() {
    return receivers.stream().mapToLong(ReceiverStats::foreign).sum();
  }

  /**
   * @return the delivery accounting of this report
   */
  public DeliveryLedger ledger() {
    return DeliveryLedger.of(delivery, received());
  }

  /**
   * @param queue a queue, from 0
   * @param queues how many queues the run had; sender {@code i} sent to queue {@code i % queues}
   * @return the delivery accounting of that queue: its senders' messages and its receivers
   */
  public DeliveryLedger ledgerOfQueue(int queue, int queues) {
    long received =
        receivers.stream().filter(r -> r.queue() == queue).mapToLong(ReceiverStats::received).sum();
    return DeliveryLedger.of(delivery, received, id -> id % queues == queue, s -> true);
  }

  /**
   * @param subscription a subscription, from 0
   * @return the delivery accounting of that subscription: every message, its receivers
   */
  public DeliveryLedger ledgerOfSubscription(int subscription) {
    long received =
        receivers.stream()
            .filter(r -> r.subscription() == subscription)
            .mapToLong(ReceiverStats::received)
            .sum();
    return DeliveryLedger.of(delivery, received, id -> true, s -> s == subscription);
  }
}
