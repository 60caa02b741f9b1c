package io.mqbench.engine.local;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.mq.Mq;
import io.mqbench.mq.RequestCounts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * A {@link LocalCell}'s report of what it measured so far, assembled from each sender's and
 * receiver's snapshot, and its exact delivery bitmaps.
 */
final class CellReport {
  private final CellThreads cell;

  CellReport(CellThreads cell) {
    this.cell = cell;
  }

  /** See {@link LocalCell#checkpoint}. */
  CellMeasurements checkpoint() {
    Senders senders = senders(cell.startNanos);
    Receivers receivers = receivers(cell.startNanos);
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(senders.stats)
        .receivers(receivers.stats)
        .serviceMicros(EncodedHistogram.of(senders.service))
        .responseMicros(EncodedHistogram.of(senders.response))
        .scheduleLagMicros(EncodedHistogram.of(senders.lag))
        .harnessLagMicros(EncodedHistogram.of(senders.harnessLag))
        .endToEndMicros(EncodedHistogram.of(receivers.endToEnd))
        .delivery(
            new DeliveryBitmaps(
                senders.acknowledged, receivers.seen, cell.settings().subscriptions()))
        .failure(Optional.ofNullable(cell.failure.get()))
        .requests(requests(cell.queues))
        .negativeEndToEnd(receivers.negativeEndToEnd)
        .clockUncertaintiesNanos(List.of())
        .clockDriftNanos(0)
        .processUsage(processUsage())
        .clientErrors(cell.errors.read())
        .build();
  }

  /** The senders' parts of a report, each of one instant. */
  private static final class Senders {
    final Histogram service = Latencies.newHistogram();
    final Histogram response = Latencies.newHistogram();
    final Histogram lag = Latencies.newHistogram();
    final Histogram harnessLag = Latencies.newHistogram();
    final Map<Integer, Roaring64NavigableMap> acknowledged = new HashMap<>();
    final List<SenderStats> stats = new ArrayList<>();
  }

  private Senders senders(long start) {
    Senders all = new Senders();
    for (int i = 0; i < cell.senders.length; i++) {
      SenderTask task = cell.senders[i];
      if (task == null) {
        continue;
      }
      SenderSnapshot s = task.snapshot();
      all.service.add(s.serviceMicros());
      all.response.add(s.responseMicros());
      all.lag.add(s.scheduleLagMicros());
      all.harnessLag.add(s.harnessLagMicros());
      all.acknowledged.put(s.senderId(), s.acknowledged());
      all.stats.add(
          new SenderStats(
              s.senderId(),
              s.sent(),
              s.batches(),
              since(start, s.lastAckNanos()),
              cpuNanos(cell.senderCpu, i),
              s.sentBytes(),
              s.minMessageBytes(),
              s.maxMessageBytes(),
              cpuWaitNanos(cell.senderCpu, i)));
    }
    return all;
  }

  /** The receivers' parts of a report, each of one instant. */
  private static final class Receivers {
    final Histogram endToEnd = Latencies.newHistogram();
    final Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    final List<ReceiverStats> stats = new ArrayList<>();
    long negativeEndToEnd;
  }

  private Receivers receivers(long start) {
    Receivers all = new Receivers();
    for (int i = 0; i < cell.receivers.length; i++) {
      ReceiverTask task = cell.receivers[i];
      if (task == null) {
        continue;
      }
      ReceiverTask.Snapshot r = task.snapshot();
      all.endToEnd.add(r.endToEndMicros());
      all.negativeEndToEnd += r.negativeEndToEnd();
      Roaring64NavigableMap[] bySender = r.seenBySender();
      for (int id = 0; id < bySender.length; id++) {
        if (!bySender[id].isEmpty()) {
          all.seen
              .computeIfAbsent(
                  DeliveryBitmaps.seenKey(cell.receiverSubscription[i], id),
                  k -> new Roaring64NavigableMap())
              .or(bySender[id]);
        }
      }
      all.stats.add(
          new ReceiverStats(
              r.received(),
              r.foreign(),
              since(start, r.firstReceiveNanos()),
              since(start, r.lastReceiveNanos()),
              cpuNanos(cell.receiverCpu, i),
              cell.receiverQueue[i],
              cell.receiverSubscription[i],
              cpuWaitNanos(cell.receiverCpu, i),
              r.receiveOnlyDuplicates()));
    }
    return all;
  }

  /** See {@link LocalCell#delivery}. */
  DeliveryBitmaps delivery() {
    Map<Integer, Roaring64NavigableMap> acknowledged = new HashMap<>();
    Map<Integer, Roaring64NavigableMap> seen = new HashMap<>();
    boolean sendersFinished = cell.sendersDone.getCount() == 0;
    for (SenderTask s : cell.senders) {
      if (s != null && sendersFinished) {
        Roaring64NavigableMap copy = new Roaring64NavigableMap();
        copy.or(s.acknowledged());
        acknowledged.put(s.senderId(), copy);
      }
    }
    for (int id = 0; id < cell.settings().senders(); id++) {
      for (int i = 0; i < cell.receivers.length; i++) {
        if (cell.receivers[i] != null) {
          Roaring64NavigableMap bits =
              seen.computeIfAbsent(
                  DeliveryBitmaps.seenKey(cell.receiverSubscription[i], id),
                  k -> new Roaring64NavigableMap());
          cell.receivers[i].addSeen(id, bits);
        }
      }
    }
    seen.values().removeIf(Roaring64NavigableMap::isEmpty);
    return new DeliveryBitmaps(acknowledged, seen, cell.settings().subscriptions());
  }

  private static long cpuNanos(HarnessMeter.ThreadCpu[] cpu, int index) {
    HarnessMeter.ThreadCpu c = cpu[index];
    return c == null ? 0 : c.usedNanos();
  }

  private static Long cpuWaitNanos(HarnessMeter.ThreadCpu[] cpu, int index) {
    HarnessMeter.ThreadCpu c = cpu[index];
    return c == null ? null : c.waitedNanos();
  }

  /** This process's usage since the run started; none before it did. */
  private ProcessUsage processUsage() {
    ProcessUsage atStart = cell.usageAtStart;
    if (atStart == null) {
      return ProcessUsage.NONE;
    }
    ProcessUsage used = HarnessMeter.read(cell.clock.getAsLong(), cell.hostMeter).since(atStart);
    // A thread that ended is gone from /proc: its wait for a CPU, which it read itself at its
    // end, is added back (a thread still running is in the reading).
    long ended = endedWaits(cell.senderCpu) + endedWaits(cell.receiverCpu);
    return ended == 0 ? used : used.withHost(used.host().plusRunWait(ended));
  }

  private static long endedWaits(HarnessMeter.ThreadCpu[] threads) {
    long sum = 0;
    for (HarnessMeter.ThreadCpu t : threads) {
      Long waited = t == null ? null : t.waitedNanos();
      sum += waited == null ? 0 : waited;
    }
    return sum;
  }

  /** Read after every thread ended, the counts cover the whole run; before, what was counted. */
  private static RequestCounts requests(List<Mq> queues) {
    RequestCounts sum = RequestCounts.NONE;
    for (Mq mq : queues) {
      try {
        sum = sum.plus(mq.requests());
      } catch (RuntimeException e) {
        // counts are an extra; a backend failing here fails nothing else
      }
    }
    return sum;
  }

  private static long since(long start, long nanos) {
    return nanos == 0 ? 0 : Math.max(1, nanos - start);
  }
}
