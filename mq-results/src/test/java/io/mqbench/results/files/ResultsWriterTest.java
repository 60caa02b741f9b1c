package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.PayloadFile;
import io.mqbench.engine.Phases;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.mq.Durability;
import io.mqbench.results.CatchUpResult;
import io.mqbench.results.DurabilityCheck;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FaultResult;
import io.mqbench.results.FixedResults;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.Limit;
import io.mqbench.results.MachineCost;
import io.mqbench.results.PartTotals;
import io.mqbench.results.RequestCost;
import io.mqbench.results.RunCost;
import io.mqbench.results.RunDelivery;
import io.mqbench.results.RunFaults;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Settings;
import io.mqbench.results.Totals;
import io.mqbench.results.TotalsBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;
import org.dhatim.fastexcel.reader.Sheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

class ResultsWriterTest {
  /** The workbook's sheets this package writes: a report adds its summary sheet before them. */
  static final List<SummaryWorkbook.Sheet> SHEETS =
      List.of(SummaryWorkbook.RUNS, SummaryWorkbook.TIMELINE, SummaryWorkbook.ENVIRONMENT);

  @TempDir Path tmp;

  @Test
  void summaryCsvMatchesTheGoldenFile() throws IOException {
    String golden;
    try (InputStream in = getClass().getResourceAsStream("/golden/summary.csv")) {
      golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    assertThat(
            ResultsWriter.csv(List.of(FixedResults.fixedResult(0), FixedResults.fixedRateResult())))
        .isEqualTo(golden);
  }

  @Test
  void spreadsheetHasTheSameColumnsAsTheCsvAndMarksLostMessages() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SummaryWorkbook.write(List.of(FixedResults.fixedResult(7)), SHEETS, bytes);

    try (ReadableWorkbook wb =
        new ReadableWorkbook(new ByteArrayInputStream(bytes.toByteArray()))) {
      Sheet summary =
          wb.getSheets().filter(s -> s.getName().equals("runs")).findFirst().orElseThrow();
      List<Row> rows = summary.read();
      assertThat(rows).hasSize(2);
      List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
      assertThat(headers)
          .containsExactlyElementsOf(
              SummaryRow.ALL.stream().map(SummaryColumns.Column::header).toList());
      Row row = rows.get(1);
      int lost = headers.indexOf("lost");
      int rate = headers.indexOf("received_msgs_per_s");
      assertThat(row.getCellAsNumber(lost).orElseThrow().intValue()).isEqualTo(7);
      assertThat(row.getCellAsNumber(rate).orElseThrow().doubleValue()).isEqualTo(40_001.2);
      assertThat(row.getCellAsString(headers.indexOf("queue")).orElseThrow()).isEqualTo("memory");
      Sheet timeline =
          wb.getSheets().filter(s -> s.getName().equals("timeline")).findFirst().orElseThrow();
      assertThat(timeline.read()).hasSize(4);
    }
    String xml = unzipEntry(bytes.toByteArray(), "xl/styles.xml");
    assertThat(xml).as("a red fill for lost messages").contains("FFC7CE");
  }

  @Test
  void timelineSheetGivesTheLastPartialSecondAsARatePerSecondOfItsLength() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SummaryWorkbook.write(List.of(FixedResults.fixedResult(0)), SHEETS, bytes);

    List<Row> rows = sheet(bytes.toByteArray(), "timeline");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    Row last = rows.get(3);
    assertThat(number(last, headers, "seconds")).isEqualTo(0.5);
    assertThat(number(last, headers, "messages_received")).isEqualTo(10_003);
    assertThat(number(last, headers, "received_msgs_per_s")).isEqualTo(20_006);
    assertThat(number(rows.get(1), headers, "sent_msgs_per_s")).isEqualTo(50_000);
  }

  private static List<Row> sheet(byte[] workbook, String name) throws IOException {
    try (ReadableWorkbook wb = new ReadableWorkbook(new ByteArrayInputStream(workbook))) {
      return wb.getSheets().filter(s -> s.getName().equals(name)).findFirst().orElseThrow().read();
    }
  }

  private static double number(Row row, List<String> headers, String header) {
    assertThat(headers).contains(header);
    return row.getCellAsNumber(headers.indexOf(header)).orElseThrow().doubleValue();
  }

  @Test
  void aLatencyWithoutValuesIsEmptyInCsvAndSpreadsheetAndNullInRunJson() throws IOException {
    // A receive-only run: no send latency; its columns sit between columns that have values.
    RunResult receiveOnly =
        FixedResults.fixedResult(0, Latencies.newHistogram(), FixedResults.histogram(1000, 100));
    ResultsWriter.write(receiveOnly, tmp.resolve("run"), SHEETS);

    Map<String, String> csv = csvRows(ResultsWriter.csv(List.of(receiveOnly))).get(0);
    List<String> sendColumns =
        SummaryRow.ALL.stream()
            .map(SummaryColumns.Column::header)
            .filter(h -> h.startsWith("send_"))
            .toList();
    assertThat(sendColumns).hasSize(8);
    sendColumns.forEach(h -> assertThat(csv.get(h)).as(h).isEmpty());
    assertThat(csv.get("e2e_p50_ms")).isEqualTo("50.015");

    List<Row> rows =
        sheet(Files.readAllBytes(tmp.resolve("run").resolve(ResultsWriter.SUMMARY_XLSX)), "runs");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    sendColumns.forEach(
        h -> assertThat(rows.get(1).hasCell(headers.indexOf(h))).as("a cell for " + h).isFalse());
    assertThat(number(rows.get(1), headers, "e2e_p50_ms")).isEqualTo(50.015);

    Path runJson = tmp.resolve("run").resolve(ResultsWriter.RUN_JSON);
    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(runJson.toFile());
    for (String field : List.of("minMs", "meanMs", "p50Ms", "p999999Ms", "maxMs")) {
      assertThat(json.at("/latencies/send-latency/" + field).isNull()).as(field).isTrue();
    }
    Latency send = ResultsWriter.read(runJson).latency().byKind().get(LatencyKind.SEND);
    assertThat(send.count()).isZero();
    assertThat(send.minMs()).isNull();
    assertThat(send.maxMs()).isNull();
    assertThat(send.histogram().getTotalCount()).isZero();
  }

  @Test
  void harnessLimitedAndHostLimitedAreBooleanCellsInEveryModesRow() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    SummaryWorkbook.write(
        List.of(FixedResults.fixedResult(0), FixedResults.fixedRateResult()), SHEETS, bytes);

    List<Row> rows = sheet(bytes.toByteArray(), "runs");
    List<String> header = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    int harness = header.indexOf("harness_limited");
    int host = header.indexOf("host_limited");
    assertThat(rows.get(1).getCell(harness).getType()).isEqualTo(CellType.BOOLEAN);
    assertThat(rows.get(1).getCellAsBoolean(harness)).as("a throughput run").contains(false);
    assertThat(rows.get(2).getCellAsBoolean(harness)).contains(true);
    assertThat(rows.get(1).getCell(host).getType()).isEqualTo(CellType.BOOLEAN);
    assertThat(rows.get(1).getCellAsBoolean(host)).contains(false);
    assertThat(rows.get(2).getCellAsBoolean(host)).contains(false);
  }

  @Test
  void aMatrixTimelineHasEveryRunEachRowLabelledWithItsCellAndRepetition() throws IOException {
    RunResult first = FixedResults.fixedResult(0).inCell(Map.of("senders", "2"), 1);
    RunResult second = FixedResults.fixedRateResult(); // senders=4, repetition 2
    ResultsWriter.writeMatrix(List.of(first, second), tmp.resolve("matrix"), SHEETS);

    List<Row> rows =
        sheet(
            Files.readAllBytes(tmp.resolve("matrix").resolve(ResultsWriter.SUMMARY_XLSX)),
            "timeline");
    List<String> headers = rows.get(0).stream().map(c -> c.getRawValue()).toList();
    assertThat(headers).startsWith("run_id", "cell", "repetition", "second");
    assertThat(rows)
        .hasSize(1 + first.rates().timeline().size() + second.rates().timeline().size());
    List<String> labels =
        rows.subList(1, rows.size()).stream()
            .map(
                r ->
                    r.getCellAsString(0).orElseThrow()
                        + " "
                        + r.getCellAsString(1).orElseThrow()
                        + " #"
                        + r.getCellAsNumber(2).orElseThrow().intValue()
                        + " s"
                        + r.getCellAsNumber(3).orElseThrow().intValue())
            .toList();
    assertThat(labels)
        .containsExactly(
            "0000002a senders=2 #1 s1",
            "0000002a senders=2 #1 s2",
            "0000002a senders=2 #1 s3",
            "0000002b senders=4 #2 s1",
            "0000002b senders=4 #2 s2",
            "0000002b senders=4 #2 s3");
  }

  private static List<Map<String, String>> csvRows(String csv) throws IOException {
    try (var it =
        new com.fasterxml.jackson.dataformat.csv.CsvMapper()
            .readerFor(Map.class)
            .with(com.fasterxml.jackson.dataformat.csv.CsvSchema.emptySchema().withHeader())
            .<Map<String, String>>readValues(csv)) {
      return it.readAll();
    }
  }

  @Test
  void runJsonKeepsTheHistogramsLosslessly() throws IOException {
    RunResult result = FixedResults.fixedResult(0);
    ResultsWriter.write(result, tmp.resolve("run"), SHEETS);

    RunResult read = ResultsWriter.read(tmp.resolve("run").resolve(ResultsWriter.RUN_JSON));
    Latency e2e = read.latency().byKind().get(LatencyKind.END_TO_END);

    assertThat(e2e.histogram())
        .isEqualTo(result.latency().byKind().get(LatencyKind.END_TO_END).histogram());
    assertThat(e2e.p99Ms()).isEqualTo(99.007); // 99,000 µs at 3 significant digits
    assertThat(e2e.p9999Ms()).as("p99.99 of 1,000 values").isNull();
    assertThat(read.rates().timeline().get(2).receivedInSecond()).isEqualTo(10_003);
    assertThat(read.rates().timeline().get(2).seconds()).isEqualTo(0.5);
  }

  @Test
  void hgrmFilesAreInMillisecondsForTheHdrHistogramPlotter() throws IOException {
    ResultsWriter.write(FixedResults.fixedResult(0), tmp.resolve("run"), SHEETS);

    List<String> lines =
        Files.readAllLines(
            tmp.resolve("run").resolve(ResultsWriter.hgrmFile(LatencyKind.END_TO_END)));
    assertThat(lines.get(0)).contains("Value").contains("Percentile");
    assertThat(lines).anyMatch(l -> l.matches("\\s+50\\.015 0\\.500000000000.*"));
    assertThat(lines).anyMatch(l -> l.startsWith("#[Max     =      100.031"));
  }

  /** A result with every part set and every total non-zero, as no real run has them. */
  static RunResult fullyPopulated() {
    Roaring64NavigableMap sent = new Roaring64NavigableMap();
    sent.addRange(0, 100);
    RunResult rate = FixedResults.fixedRateResult();
    return rate.with(
        r ->
            r.failure("receiver 1: connection reset")
                .status(RunStatus.UNSETTLED)
                .setup(
                    rate.setup()
                        .withSettings(
                            Settings.of(
                                rate.setup()
                                    .settings()
                                    .run()
                                    .with(
                                        b ->
                                            b.messagesPerSender(25_000L)
                                                .phases(Phases.BACKLOG_THEN_CATCH_UP)
                                                .backlog(Optional.of(Duration.ofSeconds(2))))
                                    .withCompressibility(0.5)
                                    .withOnClientError(io.mqbench.engine.OnClientError.RECONNECT)
                                    .withFixedBatch(true)
                                    .withPayloadFile(
                                        Optional.of(
                                            new PayloadFile(
                                                "events.jsonl",
                                                PayloadFile.Format.LINES,
                                                2,
                                                26,
                                                40,
                                                "0123456789abcdef0123456789abcdef"))),
                                Duration.ofSeconds(5),
                                rate.setup().settings().seed()))
                        .withEnvironment(
                            rate.setup()
                                .environment()
                                .withVersions(Map.of("kafka-clients", "4.4.0")))
                        .withWarnings(List.of("memory.drop=10: every so many batches are dropped")))
                .totals(
                    TotalsBuilder.builder()
                        .sent(100_000)
                        .received(99_990)
                        .distinct(99_980)
                        .lost(7)
                        .unsettled(13)
                        .settled(5)
                        .duplicates(10)
                        .foreign(2)
                        .unacknowledgedDelivered(3)
                        .sendSeconds(2.25)
                        .receiveSeconds(2.5)
                        .sentPerSecond(44_444.4)
                        .receivedPerSecond(39_996.1)
                        .drainStartSeconds(0.125)
                        .drainWaitSeconds(0.0625)
                        .endedIdle(true)
                        .endToEndPerSecond(39_000.5)
                        .sendersHeldShare(0.25)
                        .sentBytes(10_000_000)
                        .sentBytesPerSecond(4_444_440.5)
                        .minMessageBytes(100)
                        .maxMessageBytes(1_024)
                        .build())
                .rates(
                    rate.rates()
                        .withLimit(
                            Limit.probed(
                                new Limit.Measured(2, 39_000.5, List.of(38_000.0, 40_000.0)),
                                new Limit.Measured(4, 71_000.25, List.of(70_000.0, 72_000.0)))))
                .latency(
                    rate.latency()
                        .withEndToEndClock(
                            new EndToEndClock(
                                12,
                                0.25,
                                0.5,
                                0.125,
                                false,
                                "12 of 48 end-to-end samples (25.0 %) arrived before they were sent")))
                .delivery(
                    new RunDelivery(
                        new Durability(
                            Durability.Level.FSYNC,
                            "on a majority of the queue's replicas",
                            "rabbitmq.queueType=quorum"),
                        new DurabilityCheck(
                            new Durability(
                                Durability.Level.FSYNC,
                                "on a majority of the queue's replicas",
                                "rabbitmq.queueType=quorum"),
                            null,
                            null),
                        List.of(
                            "worker 127.0.0.1:7391: measured up to its last checkpoint, 4.0 s into the"
                                + " run; what it did after that is missing"),
                        List.of(
                            new PartTotals(0, 50_000, 49_990, 49_990, 4, 0, 22_222.2, 19_996.0),
                            new PartTotals(1, 50_000, 50_000, 49_990, 3, 10, 22_222.2, 20_000.1)),
                        List.of(
                            new PartTotals(0, 100_000, 99_990, 99_990, 7, 0, 44_444.4, 39_996.1),
                            new PartTotals(1, 100_000, 100_000, 99_990, 0, 10, 44_444.4, 40_000.0)),
                        new DeliveryBitmaps(
                            Map.of(0, sent),
                            Map.of(0, sent, DeliveryBitmaps.seenKey(1, 0), sent),
                            2)))
                .harness(
                    new HarnessUse(
                        4.5, 3.25, 1.25, 1.5, 0.75, 2.25, 50.0, 16.75, 8.5, 0.0625, 0.03125, 0.5,
                        0.25, 0.125, 7, 312.5, 2, 0.5, 0.125, false))
                .faults(
                    new RunFaults(
                        List.of(
                            new FaultResult(
                                "restart-broker",
                                "kafka node 2 (the partitions' leader)",
                                10.0,
                                true,
                                10.015,
                                14.25,
                                "restarted, serving again",
                                null,
                                3_000.5,
                                125.0,
                                6.985,
                                4.5,
                                window(0, 10.015, 30_045, 30_000, rate),
                                window(10.015, 14.25, 12_700, 600, rate),
                                window(14.25, 30.0, 47_250, 59_300, rate),
                                10.5,
                                3.25),
                            new FaultResult(
                                "pause-broker",
                                "kafka node 1",
                                40.0,
                                false,
                                40.0,
                                40.0,
                                "not injected: the run ended before it was due",
                                "no such node",
                                0,
                                0,
                                null,
                                0,
                                window(40, 40, 0, 0, rate),
                                window(40, 40, 0, 0, rate),
                                window(40, 40, 0, 0, rate),
                                null,
                                0)),
                        new io.mqbench.engine.measure.ClientErrors(
                            3, 30, 2, 5, "rabbitmq: connection reset"),
                        List.of(
                            new io.mqbench.results.Outage(
                                io.mqbench.results.Outage.NO_DELIVERY, 10.25, 14.5, 4.25))))
                .catchUp(
                    new CatchUpResult(
                        2.0,
                        2.015,
                        3_000,
                        6_000,
                        true,
                        3.25,
                        5.5,
                        30.0,
                        40,
                        window(0, 2.015, 6_000, 0, rate),
                        window(2.015, 5.265, 9_750, 14_500, rate),
                        window(5.5, 30.0, 73_500, 73_480, rate)))
                .cost(
                    new RunCost(
                        new RequestCost(
                            Map.of("send", 10L, "receive", 20L),
                            30,
                            0.4,
                            "USD",
                            "sqs.pricePerMillionRequests=0.40",
                            0.12),
                        new MachineCost(0.384, "USD", "end to end", 39_000.5, 0.00273))));
  }

  /** A catch-up window whose latencies are the run's own. */
  private static CatchUpResult.Window window(
      double start, double end, long sent, long received, RunResult rate) {
    return new CatchUpResult.Window(
        start,
        end,
        sent,
        received,
        sent / (end - start),
        received / (end - start),
        rate.latency().byKind());
  }

  @Test
  void aFullyPopulatedResultReadsBackEqualInEveryFigureToWhatWasWritten() throws Exception {
    RunResult written = fullyPopulated();
    for (RecordComponent c : Totals.class.getRecordComponents()) {
      assertThat(c.getAccessor().invoke(written.totals()))
          .as("totals." + c.getName() + " is set")
          .isNotIn(0L, 0.0, false);
    }
    Path dir = tmp.resolve("run");

    ResultsWriter.write(written, dir, SHEETS);
    RunResult read = ResultsWriter.read(dir.resolve(ResultsWriter.RUN_JSON));

    assertThat(read).isEqualTo(written.withDelivery(written.delivery().withBitmaps(null)));
    assertThat(read.formatVersion()).isEqualTo(RunResult.FORMAT_VERSION).isEqualTo(11);
    assertThat(read.latency().byKind().get(LatencyKind.RESPONSE).histogram())
        .isEqualTo(written.latency().byKind().get(LatencyKind.RESPONSE).histogram());
    assertThat(DeliveryFile.read(dir).bitmaps()).isEqualTo(written.delivery().bitmaps());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(ResultsWriter.RUN_JSON).toFile());
    assertThat(json.fieldNames().next()).isEqualTo("formatVersion");
    assertThat(json.path("formatVersion").asInt()).isEqualTo(11);
    assertThat(json.has("delivery")).isFalse();
  }

  @Test
  void aRunJsonWithFieldsThisVersionDoesNotKnowStillReads() throws IOException {
    Path dir = tmp.resolve("run");
    ResultsWriter.write(FixedResults.fixedResult(0), dir, SHEETS);
    Path file = dir.resolve(ResultsWriter.RUN_JSON);
    String written = Files.readString(file);
    String version = "\"formatVersion\" : " + RunResult.FORMAT_VERSION + ",";
    assertThat(written).contains(version);
    Files.writeString(
        file,
        written
            .replace(
                version,
                "\"formatVersion\" : "
                    + (RunResult.FORMAT_VERSION + 1)
                    + ", \"later\": {\"field\": [1]},")
            .replace("\"sent\" :", "\"sentLater\": 5, \"sent\" :"));

    RunResult read = ResultsWriter.read(file);

    assertThat(read.formatVersion()).isEqualTo(RunResult.FORMAT_VERSION + 1);
    assertThat(read.totals()).isEqualTo(FixedResults.fixedResult(0).totals());
  }

  @Test
  void aMalformedRunJsonIsOneLineNamingTheFile() throws IOException {
    Path broken =
        Files.writeString(tmp.resolve("run.json"), "{\"runId\": \"0000002a\", \"totals\": {");
    Path wrongType =
        Files.writeString(tmp.resolve("wrong.json"), "{\"status\": \"ok\", \"totals\": 3}");
    Path notARun = Files.writeString(tmp.resolve("other.json"), "{\"finding\": \"none\"}");

    for (Path file : List.of(broken, wrongType, notARun)) {
      assertThatThrownBy(() -> ResultsWriter.read(file))
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith(file + " is not a run.json mqbench can read: ")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
    assertThatThrownBy(() -> ResultsWriter.read(tmp.resolve("missing.json")))
        .isInstanceOf(java.io.UncheckedIOException.class)
        .hasMessageStartingWith("cannot read " + tmp.resolve("missing.json"));
  }

  private static String unzipEntry(byte[] zip, String name) throws IOException {
    Path file = Files.createTempFile("workbook", ".xlsx");
    try (var z = new java.util.zip.ZipFile(Files.write(file, zip).toFile())) {
      var entry = z.getEntry(name);
      assertThat(entry).as(name + " in workbook").isNotNull();
      return new String(z.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
    } finally {
      Files.delete(file);
    }
  }
}
