package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

class CellMeasurementsTest {

  private static Histogram latencies(long seed, int n) {
    Histogram h = Latencies.newHistogram();
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < n; i++) {
      h.recordValue(1 + r.nextLong(5_000_000));
    }
    return h;
  }

  private static Roaring64NavigableMap range(long from, long to) {
    Roaring64NavigableMap b = new Roaring64NavigableMap();
    b.addRange(from, to);
    return b;
  }

  private static CellMeasurements report(
      List<SenderStats> senders,
      List<ReceiverStats> receivers,
      Histogram latency,
      DeliveryBitmaps delivery) {
    EncodedHistogram h = EncodedHistogram.of(latency);
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(senders)
        .receivers(receivers)
        .serviceMicros(h)
        .responseMicros(h)
        .scheduleLagMicros(h)
        .harnessLagMicros(h)
        .endToEndMicros(h)
        .delivery(delivery)
        .failure(Optional.empty())
        .build();
  }

  @Test
  void twoCellsReportsMergedEqualOneCellWithBoth() {
    Histogram a = latencies(1, 10_000);
    Histogram b = latencies(2, 7_000);
    Histogram both = Latencies.newHistogram();
    both.add(a);
    both.add(b);
    // Cell A sent sender 0's messages 0..999; cell B sender 1's 0..499. A's receiver saw sender 0's
    // 0..599 and sender 1's 0..99; B's receiver saw the rest of both, and sender 0's 500..599
    // again.
    CellMeasurements cellA =
        report(
            List.of(new SenderStats(0, 1_000, 100, 9, 0)),
            List.of(new ReceiverStats(700, 0, 1, 9, 0)),
            a,
            new DeliveryBitmaps(
                Map.of(0, range(0, 1_000)), Map.of(0, range(0, 600), 1, range(0, 100))));
    CellMeasurements cellB =
        report(
            List.of(new SenderStats(1, 500, 50, 8, 0)),
            List.of(new ReceiverStats(900, 2, 2, 10, 0)),
            b,
            new DeliveryBitmaps(
                Map.of(1, range(0, 500)), Map.of(0, range(500, 1_000), 1, range(100, 500))));
    CellMeasurements oneCell =
        report(
            List.of(new SenderStats(0, 1_000, 100, 9, 0), new SenderStats(1, 500, 50, 8, 0)),
            List.of(new ReceiverStats(700, 0, 1, 9, 0), new ReceiverStats(900, 2, 2, 10, 0)),
            both,
            new DeliveryBitmaps(
                Map.of(0, range(0, 1_000), 1, range(0, 500)),
                Map.of(0, range(0, 1_000), 1, range(0, 500))));

    CellMeasurements merged = cellB.plus(cellA);

    assertThat(merged.senders()).isEqualTo(oneCell.senders());
    assertThat(merged.delivery()).isEqualTo(oneCell.delivery());
    assertThat(merged.endToEndMicros().decode()).isEqualTo(both);
    assertThat(merged.serviceMicros().decode().getValueAtPercentile(99.9))
        .isEqualTo(both.getValueAtPercentile(99.9));
    DeliveryLedger ledger = merged.ledger();
    assertThat(ledger.sent()).isEqualTo(1_500);
    assertThat(ledger.received()).isEqualTo(1_600);
    assertThat(ledger.distinct()).isEqualTo(1_500);
    assertThat(ledger.duplicates()).isEqualTo(100);
    assertThat(ledger.lost()).isZero();
    assertThat(merged.foreign()).isEqualTo(2);
  }

  @Test
  void mergingWithAnEmptyReportChangesNothing() {
    CellMeasurements only =
        report(
            List.of(new SenderStats(3, 10, 1, 5, 0)),
            List.of(new ReceiverStats(10, 0, 1, 5, 0)),
            latencies(3, 100),
            new DeliveryBitmaps(Map.of(3, range(0, 10)), Map.of(3, range(0, 10))));

    CellMeasurements merged = CellMeasurements.merge(List.of(only, CellMeasurements.empty()));

    assertThat(merged.senders()).isEqualTo(only.senders());
    assertThat(merged.receivers()).isEqualTo(only.receivers());
    assertThat(merged.responseMicros().decode()).isEqualTo(only.responseMicros().decode());
    assertThat(merged.delivery()).isEqualTo(only.delivery());
  }

  @Test
  void theFirstFailureOfAnyCellIsKept() {
    CellMeasurements failed =
        CellMeasurements.empty()
            .plus(
                CellMeasurementsBuilder.builder(CellMeasurements.empty())
                    .senders(List.of())
                    .receivers(List.of())
                    .serviceMicros(EncodedHistogram.empty())
                    .responseMicros(EncodedHistogram.empty())
                    .scheduleLagMicros(EncodedHistogram.empty())
                    .harnessLagMicros(EncodedHistogram.empty())
                    .endToEndMicros(EncodedHistogram.empty())
                    .delivery(DeliveryBitmaps.empty())
                    .failure(Optional.of(new CellFailure("sender 2", "nacked")))
                    .build());

    assertThat(failed.failure()).contains(new CellFailure("sender 2", "nacked"));
  }

  @Test
  void deliveryBitmapsSurviveSerialization() {
    DeliveryBitmaps bitmaps =
        new DeliveryBitmaps(
            Map.of(0, range(0, 1_000_000), 7, range(5, 9)), Map.of(0, range(10, 999_000)));

    assertThat(DeliveryBitmaps.deserialize(bitmaps.serialize())).isEqualTo(bitmaps);
  }

  @Test
  void anEncodedHistogramDecodesToTheSameCounts() {
    Histogram h = latencies(4, 50_000);
    h.recordValue(3_600_000_000L); // an hour: histograms resize, never overflow

    assertThat(EncodedHistogram.of(h).decode()).isEqualTo(h);
  }
}
