package io.mqbench.worker.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.PayloadFile;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellFailure;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.envelope.MessageSizes;
import io.mqbench.mq.RequestCounts;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WireTest {
  @Test
  void aReportCrossesTheWireWithTheBackendsRequestCountsSoThatCostAddsUpAcrossNodes() {
    RequestCounts counts = new RequestCounts(Map.of("send", 12L, "receive", 30L, "delete", 9L), 52);
    EncodedHistogram none = EncodedHistogram.empty();
    CellMeasurements sent =
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
            .requests(counts)
            .build();

    CellMeasurements received =
        Wire.report(
            Wire.parse(
                Wire.report(sent).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));

    assertThat(received.requests()).isEqualTo(counts);
    assertThat(
            Wire.report(
                    Wire.parse(
                        Wire.report(CellMeasurements.empty())
                            .toString()
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .requests())
        .isEqualTo(RequestCounts.NONE);
  }

  @Test
  void everySettingOfACellReachesTheWorkerWithNoEditToTheWire() {
    RunSettings settings =
        TestSettings.rate(2_500, Duration.ofMillis(7_250))
            .withSenders(3)
            .withReceivers(5)
            .withMaxBatch(4)
            .withMessageSizes(MessageSizes.parse("300:3,1kb:1"))
            .withCompressibility(0.5)
            .withPayloadFile(
                Optional.of(
                    new PayloadFile(
                        "/data/events.jsonl",
                        PayloadFile.Format.LENGTH_PREFIXED,
                        3,
                        10,
                        900,
                        "00ff00ff00ff00ff00ff00ff00ff00ff")))
            .withInFlight(6)
            .withPhases(Phases.SEND_THEN_DRAIN)
            .withReceiverIdle(Duration.ofMillis(1_500))
            .withReceiveWait(Duration.ofMillis(20))
            .withConnectTimeout(Duration.ofSeconds(9))
            .withMaxBacklog(BacklogLimit.of(7_000))
            .withOnClientError(io.mqbench.engine.OnClientError.RECONNECT)
            .withFixedBatch(true)
            .withMessagesPerSender(900);
    CellSpec spec =
        new CellSpec("kafka", Map.of("kafka.acks", "all"), settings, 42, 7L, 1, 2, 3, "", 0)
            .withLabel("senders=4 size=1024");

    JsonNode onTheWire = Wire.parse(Wire.bytes(Wire.spec(spec)));
    CellSpec received = Wire.spec(onTheWire);

    assertThat(received).isEqualTo(spec);
    assertThat(received.label())
        .as("the matrix cell, for live metrics")
        .isEqualTo("senders=4 size=1024");
    // A catch-up run's backlog, which excludes a message limit, travels in a spec of its own.
    RunSettings catchUpSettings =
        TestSettings.rate(2_500, Duration.ofSeconds(10))
            .with(
                b ->
                    b.phases(Phases.BACKLOG_THEN_CATCH_UP)
                        .backlog(Optional.of(Duration.ofMillis(3_500))));
    CellSpec catchUp = new CellSpec("kafka", Map.of(), catchUpSettings, 42, 7L, 0, 1, 1, "", 0);
    JsonNode catchUpOnTheWire = Wire.parse(Wire.bytes(Wire.spec(catchUp)));
    assertThat(Wire.spec(catchUpOnTheWire)).isEqualTo(catchUp);
    // Every component travels under a name of its own: none is left behind by a mapping.
    java.util.Set<String> names = new java.util.TreeSet<>();
    onTheWire.path("settings").fieldNames().forEachRemaining(names::add);
    catchUpOnTheWire.path("settings").fieldNames().forEachRemaining(names::add);
    assertThat(names).hasSize(RunSettings.class.getRecordComponents().length);
  }

  @Test
  void progressWithAFailureCrossesTheWire() {
    CellProgress p = new CellProgress(10, 8, 2, Optional.of(new CellFailure("sender 1", "no")));

    assertThat(Wire.progress(Wire.parse(Wire.bytes(Wire.progress(p))))).isEqualTo(p);
  }

  @Test
  void aSpecThatDoesNotFitItsRecordIsAnErrorNamingTheField() {
    JsonNode bad =
        Wire.spec(CellSpec.whole("memory", Map.of(), TestSettings.throughput(1, 1, 10), 1, 1));
    ((ObjectNode) bad.path("settings")).put("phases", "sideways");

    assertThatThrownBy(() -> Wire.spec(bad))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("phases");
  }
}
