package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.RequestCounts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Request counts travel in cell reports and add up when cells merge. */
class CellReportRequestsTest {
  private static CellMeasurements withRequests(RequestCounts requests) {
    EncodedHistogram h = EncodedHistogram.empty();
    return new CellMeasurements(
        List.of(), List.of(), h, h, h, h, h, DeliveryBitmaps.empty(), Optional.empty(), requests);
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
        new CellMeasurements(
            List.of(), List.of(), h, h, h, h, h, DeliveryBitmaps.empty(), Optional.empty());
    assertThat(plain.requests()).isEqualTo(RequestCounts.NONE);
    assertThat(CellMeasurements.empty().requests()).isEqualTo(RequestCounts.NONE);
    assertThat(withRequests(null).requests()).isEqualTo(RequestCounts.NONE);
  }
}
