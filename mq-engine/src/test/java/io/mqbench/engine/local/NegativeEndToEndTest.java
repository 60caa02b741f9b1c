package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A sending worker whose clock is ahead of the receiving worker's stamps intended send times that,
 * on the receiver's clock, lie in the future: such receipts have no latency to record and are
 * counted, never recorded as latencies of 0.
 */
class NegativeEndToEndTest {
  private static final int RUN = 42;

  /** Hands out the given bodies once, then nothing. */
  private static MqReceiver receiving(List<byte[]> bodies) {
    return new MqReceiver() {
      private boolean given;

      @Override
      public List<Received> receive(int max, Duration wait) {
        if (given) {
          return List.of();
        }
        given = true;
        List<Received> out = new ArrayList<>();
        bodies.forEach(b -> out.add(() -> b));
        return out;
      }

      @Override
      public void ack(List<Received> messages) {}

      @Override
      public void close() {}
    };
  }

  private static byte[] message(long sequence, long intendedSendNanos) {
    byte[] body = new byte[Envelope.SIZE];
    Envelope.write(body, RUN, 0, sequence, intendedSendNanos);
    return body;
  }

  @Test
  void receiptsStampedInTheFutureAreCountedAsNegativeAndNotRecordedAsZero() throws Exception {
    long start = System.nanoTime();
    List<byte[]> bodies = new ArrayList<>();
    // Sent 1 ms ago on the receiver's clock: 8 true latencies of about 1 ms.
    for (int i = 0; i < 8; i++) {
      bodies.add(message(i, -Duration.ofMillis(1).toNanos()));
    }
    // Stamped 10 s after the run's start by a sender whose clock is ahead: 12 in the future.
    for (int i = 8; i < 20; i++) {
      bodies.add(message(i, Duration.ofSeconds(10).toNanos()));
    }
    ReceiverTask task = new ReceiverTask(receiving(bodies), RUN, 1, 100, Duration.ZERO);
    task.runStartsAt(start);

    assertThat(task.receiveOnce()).isEqualTo(20);

    assertThat(task.negativeEndToEnd()).isEqualTo(12);
    Histogram recorded = task.endToEndMicros();
    assertThat(recorded.getTotalCount()).as("only the true latencies").isEqualTo(8);
    assertThat(recorded.getMinValue()).as("no clamped 0 among them, us").isGreaterThan(500);
    assertThat(task.receivedCount()).as("still received, and accounted for").isEqualTo(20);
  }

  @Test
  void negativeEndToEndSamplesOfCellsAddAndTheClockBoundIsTheWorstPairOfWorkers() {
    EncodedHistogram none = EncodedHistogram.empty();
    CellMeasurements a =
        CellMeasurementsBuilder.builder(CellMeasurements.empty())
            .senders(List.of())
            .receivers(List.of())
            .serviceMicros(none)
            .responseMicros(none)
            .scheduleLagMicros(none)
            .harnessLagMicros(none)
            .endToEndMicros(none)
            .delivery(DeliveryBitmaps.empty())
            .failure(Optional.empty())
            .requests(null)
            .negativeEndToEnd(5)
            .clockUncertaintiesNanos(List.of())
            .clockDriftNanos(0)
            .build()
            .withClockUncertainty(200_000);
    CellMeasurements b =
        CellMeasurementsBuilder.builder(CellMeasurements.empty())
            .senders(List.of())
            .receivers(List.of())
            .serviceMicros(none)
            .responseMicros(none)
            .scheduleLagMicros(none)
            .harnessLagMicros(none)
            .endToEndMicros(none)
            .delivery(DeliveryBitmaps.empty())
            .failure(Optional.empty())
            .requests(null)
            .negativeEndToEnd(7)
            .clockUncertaintiesNanos(List.of(1_500_000L))
            .clockDriftNanos(0)
            .build();
    CellMeasurements c = a.withClockUncertainty(100_000);

    CellMeasurements merged = CellMeasurements.merge(List.of(a, b, c));

    assertThat(merged.negativeEndToEnd()).isEqualTo(17);
    // A sender on b and a receiver on a: each clock true within its own uncertainty.
    assertThat(merged.clockBoundNanos()).isEqualTo(1_700_000);
    assertThat(a.clockBoundNanos()).as("one worker: sender and receiver share its clock").isZero();
    assertThat(CellMeasurements.empty().clockBoundNanos()).as("one process, one clock").isZero();
  }
}
