package io.mqbench.runner.metrics;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.DeliveryLedger;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.measure.SenderStats;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Exemplars;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * Turns the reports a process holds into Prometheus metrics at each scrape: nothing is recorded
 * twice, and nothing runs on the per-message path. Every metric is labelled {@code run}, {@code
 * cell}, {@code node}, {@code queue} and {@code view} (see {@link Figures}).
 *
 * <p>Counters and histograms add up across workers: the coordinator's merged view is their sum,
 * bucket by bucket. The delivery figures (lost so far, duplicates, in flight) need every receiver's
 * view of every sender, so only the view of a whole run (the coordinator's) has them.
 */
final class MqbenchCollector implements MultiCollector {
  private final Supplier<List<Figures>> figures;

  /**
   * @param figures what the process shows now; called once per scrape
   */
  MqbenchCollector(Supplier<List<Figures>> figures) {
    this.figures = figures;
  }

  @Override
  public MetricSnapshots collect() {
    List<Figures> all = grouped(figures.get());
    List<MetricSnapshot> out = new ArrayList<>();
    addCounters(all, out);
    addLedgerGauges(all, out);
    out.add(
        gauge(
            "mqbench_run_finished",
            "1 once the figures are the run's final ones, 0 while it goes on",
            all,
            f -> f.finished() ? 1 : 0));
    out.add(
        gauge(
            "mqbench_warming_up",
            "1 while the run warms up (unmeasured: its counts stay 0 until the measured run"
                + " starts), 0 once it is measured",
            all,
            f -> f.warmingUp() ? 1 : 0));
    addHistograms(all, out);
    return new MetricSnapshots(out);
  }

  /** What senders and receivers counted. */
  private static void addCounters(List<Figures> all, List<MetricSnapshot> out) {
    out.add(
        counter(
            "mqbench_sent_messages",
            "Messages the backend acknowledged to senders (a message counts as sent once"
                + " acknowledged), as run.json's sent",
            all,
            f -> f.report().senders().stream().mapToLong(SenderStats::sent).sum()));
    out.add(
        counter(
            "mqbench_sent_batches",
            "Batches the backend acknowledged to senders",
            all,
            f -> f.report().senders().stream().mapToLong(SenderStats::batches).sum()));
    out.add(
        counter(
            "mqbench_received_messages",
            "Messages of the run delivered to receivers, duplicates included (each is"
                + " acknowledged after it is counted)",
            all,
            f -> f.report().received()));
  }

  /** What a whole run's delivery ledger knows: lost, duplicates, backlog. */
  private static void addLedgerGauges(List<Figures> all, List<MetricSnapshot> out) {
    List<Figures> whole = all.stream().filter(Figures::wholeRun).toList();
    Map<String, DeliveryLedger> ledgers = new LinkedHashMap<>();
    whole.forEach(f -> ledgers.put(f.key(), f.report().ledger()));
    out.add(
        gauge(
            "mqbench_lost_messages",
            "Messages acknowledged to senders and not (yet) received, as the run's delivery"
                + " ledger knows it: while the run goes on, those still on their way count too;"
                + " at its end (mqbench_run_finished 1), the run's loss before any settle drain."
                + " Whole runs only (the coordinator)",
            whole,
            f -> ledgers.get(f.key()).lost()));
    out.add(
        gauge(
            "mqbench_duplicate_messages",
            "Deliveries beyond the first of a message. Whole runs only (the coordinator)",
            whole,
            f -> ledgers.get(f.key()).duplicates()));
    out.add(
        gauge(
            "mqbench_in_flight_messages",
            "Messages acknowledged to senders minus messages received (never below 0): the"
                + " backlog. Whole runs only (the coordinator)",
            whole,
            f -> Math.max(0, ledgers.get(f.key()).sent() - ledgers.get(f.key()).received())));
  }

  /** The latency histograms. */
  private static void addHistograms(List<Figures> all, List<MetricSnapshot> out) {
    out.add(
        histogram(
            "mqbench_send_latency_seconds",
            "Per batch, from the start of the send call to its acknowledgement",
            all,
            CellMeasurements::serviceMicros));
    out.add(
        histogram(
            "mqbench_response_latency_seconds",
            "Per batch, from its intended send time to its acknowledgement (rate mode: corrected"
                + " for coordinated omission)",
            all,
            CellMeasurements::responseMicros));
    out.add(
        histogram(
            "mqbench_end_to_end_latency_seconds",
            "Per message, from its intended send time to its receipt",
            all,
            CellMeasurements::endToEndMicros));
    out.add(
        histogram(
            "mqbench_schedule_lag_seconds",
            "Per batch, from its intended send time to the send call",
            all,
            CellMeasurements::scheduleLagMicros));
    out.add(
        histogram(
            "mqbench_harness_lag_seconds",
            "Per batch, how late the send started although a window slot was free: the"
                + " harness's delay, not the backend's",
            all,
            CellMeasurements::harnessLagMicros));
  }

  /** Figures with the same labels (two cells of one run on one worker) are one series. */
  private static List<Figures> grouped(List<Figures> figures) {
    Map<String, Figures> byKey = new LinkedHashMap<>();
    for (Figures f : figures) {
      byKey.merge(f.key(), f, Figures::plus);
    }
    return List.copyOf(byKey.values());
  }

  private static Labels labels(Figures f) {
    return Labels.of(
        "run", f.run(), "cell", f.cell(), "node", f.node(), "queue", f.queue(), "view", f.view());
  }

  private static CounterSnapshot counter(
      String name, String help, List<Figures> all, ToDoubleFunction<Figures> value) {
    List<CounterDataPointSnapshot> points = new ArrayList<>();
    for (Figures f : all) {
      points.add(new CounterDataPointSnapshot(value.applyAsDouble(f), labels(f), null, 0));
    }
    return new CounterSnapshot(new MetricMetadata(name, help), points);
  }

  private static GaugeSnapshot gauge(
      String name, String help, List<Figures> all, ToDoubleFunction<Figures> value) {
    List<GaugeDataPointSnapshot> points = new ArrayList<>();
    for (Figures f : all) {
      points.add(new GaugeDataPointSnapshot(value.applyAsDouble(f), labels(f), null));
    }
    return new GaugeSnapshot(new MetricMetadata(name, help), points);
  }

  private static HistogramSnapshot histogram(
      String name,
      String help,
      List<Figures> all,
      Function<CellMeasurements, EncodedHistogram> which) {
    List<HistogramDataPointSnapshot> points = new ArrayList<>();
    for (Figures f : all) {
      LatencyBuckets.Bucketed b = LatencyBuckets.of(which.apply(f.report()).decode());
      points.add(
          new HistogramDataPointSnapshot(
              ClassicHistogramBuckets.of(LatencyBuckets.UPPER_BOUNDS, b.counts()),
              b.sumSeconds(),
              labels(f),
              Exemplars.EMPTY,
              0));
    }
    return new HistogramSnapshot(
        new MetricMetadata(name, help + " (fixed buckets, which add up across workers)"), points);
  }
}
