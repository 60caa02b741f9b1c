package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.report.CellReport;
import io.mqbench.engine.report.DeliveryBitmaps;
import io.mqbench.engine.report.EncodedHistogram;
import io.mqbench.mq.RequestCounts;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WireTest {
  @Test
  void aReportCrossesTheWireWithTheBackendsRequestCountsSoThatCostAddsUpAcrossNodes() {
    RequestCounts counts = new RequestCounts(Map.of("send", 12L, "receive", 30L, "delete", 9L), 52);
    EncodedHistogram none = EncodedHistogram.empty();
    CellReport sent =
        new CellReport(
            List.of(),
            List.of(),
            none,
            none,
            none,
            none,
            none,
            DeliveryBitmaps.empty(),
            Optional.empty(),
            counts);

    CellReport received =
        Wire.report(
            Wire.parse(
                Wire.report(sent).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));

    assertThat(received.requests()).isEqualTo(counts);
    assertThat(
            Wire.report(
                    Wire.parse(
                        Wire.report(CellReport.empty())
                            .toString()
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .requests())
        .isEqualTo(RequestCounts.NONE);
  }
}
