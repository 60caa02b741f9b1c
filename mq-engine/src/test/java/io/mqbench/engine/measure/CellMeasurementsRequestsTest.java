package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.RequestCounts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Request counts travel in cell reports and add up when cells merge. */
class CellMeasurementsRequestsTest {
  private static CellMeasurements withRequests(RequestCounts requests) {
    EncodedHistogram h = EncodedHistogram.empty();
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(List.of())
        .receivers(List.of())
        .serviceMicros(h)
        .responseMicros(h)
        .scheduleLagMicros(h)
        .harnessLagMicros(h)
        .endToEndMicros(h)
        .delivery(DeliveryBitmaps.empty())
        .failure(Optional.empty())
        .requests(requests)
        .build();
  }

  @Test
  void requestCountsOfMergedCellsAdd() {
    CellMeasurements merged =
        CellMeasurements.merge(
            List.of(
                withRequests(new RequestCounts(Map.of("send", 3L), 3)),
                withRequests(new RequestCounts(Map.of("send", 2L, "delete", 1L), 4))));

    assertThat(merged.requests()).isEqualTo(new RequestCounts(Map.of("send", 5L, "delete", 1L), 7));
  }

  @Test
  void aReportWithoutCountsHasNone() {
    EncodedHistogram h = EncodedHistogram.empty();
    CellMeasurements plain =
        CellMeasurementsBuilder.builder(CellMeasurements.empty())
            .senders(List.of())
            .receivers(List.of())
            .serviceMicros(h)
            .responseMicros(h)
            .scheduleLagMicros(h)
            .harnessLagMicros(h)
            .endToEndMicros(h)
            .delivery(DeliveryBitmaps.empty())
            .failure(Optional.empty())
            .build();
    assertThat(plain.requests()).isEqualTo(RequestCounts.NONE);
    assertThat(CellMeasurements.empty().requests()).isEqualTo(RequestCounts.NONE);
    assertThat(withRequests(null).requests()).isEqualTo(RequestCounts.NONE);
  }
}
