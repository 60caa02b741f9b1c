package io.mqbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.CellFailure;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.report.CellReport;
import io.mqbench.engine.report.DeliveryBitmaps;
import io.mqbench.engine.report.EncodedHistogram;
import io.mqbench.engine.report.ReceiverStats;
import io.mqbench.engine.report.SenderStats;
import io.mqbench.mq.RequestCounts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The JSON bodies of the worker protocol. Written out field by field rather than by reflection: the
 * engine's records hold {@code Optional}s, {@code Duration}s and bitmaps, and an explicit mapping
 * keeps the wire format readable and independent of how those records evolve inside. Durations
 * travel as nanoseconds, histograms and bitmaps as base64 of their portable encodings.
 */
final class Wire {
  static final ObjectMapper JSON = new ObjectMapper();

  private Wire() {}

  static byte[] bytes(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a JSON body: " + e.getMessage(), e);
    }
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  static ObjectNode spec(CellSpec spec) {
    ObjectNode n = object();
    n.put("queue", spec.queue());
    ObjectNode props = n.putObject("backendProperties");
    spec.backendProperties().forEach(props::put);
    n.set("settings", settings(spec.settings()));
    n.put("runId", spec.runId());
    n.put("seed", spec.seed());
    n.put("firstSenderId", spec.firstSenderId());
    n.put("senders", spec.senders());
    n.put("receivers", spec.receivers());
    return n;
  }

  static CellSpec spec(JsonNode n) {
    Map<String, String> props = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : n.required("backendProperties").properties()) {
      props.put(e.getKey(), e.getValue().asText());
    }
    return new CellSpec(
        n.required("queue").asText(),
        props,
        settings(n.required("settings")),
        n.required("runId").asInt(),
        n.required("seed").asLong(),
        n.required("firstSenderId").asInt(),
        n.required("senders").asInt(),
        n.required("receivers").asInt());
  }

  static ObjectNode settings(RunSettings s) {
    ObjectNode n = object();
    n.put("mode", s.mode().name());
    n.put("senders", s.senders());
    n.put("receivers", s.receivers());
    n.put("messagesPerSender", s.messagesPerSender());
    s.duration().ifPresent(d -> n.put("durationNanos", d.toNanos()));
    s.rate().ifPresent(r -> n.put("rate", r));
    n.put("maxBatch", s.maxBatch());
    n.put("messageSizeBytes", s.messageSizeBytes());
    n.put("inFlight", s.inFlight());
    n.put("phases", s.phases().name());
    n.put("receiverIdleNanos", s.receiverIdle().toNanos());
    n.put("receiveWaitNanos", s.receiveWait().toNanos());
    n.put("maxBacklog", s.maxBacklog().text());
    n.put("connectTimeoutNanos", s.connectTimeout().toNanos());
    return n;
  }

  static RunSettings settings(JsonNode n) {
    return new RunSettings(
        Mode.valueOf(n.required("mode").asText()),
        n.required("senders").asInt(),
        n.required("receivers").asInt(),
        n.required("messagesPerSender").asLong(),
        n.has("durationNanos")
            ? Optional.of(Duration.ofNanos(n.get("durationNanos").asLong()))
            : Optional.empty(),
        n.has("rate") ? Optional.of(n.get("rate").asDouble()) : Optional.empty(),
        n.required("maxBatch").asInt(),
        n.required("messageSizeBytes").asInt(),
        n.required("inFlight").asInt(),
        Phases.valueOf(n.required("phases").asText()),
        Duration.ofNanos(n.required("receiverIdleNanos").asLong()),
        Duration.ofNanos(n.required("receiveWaitNanos").asLong()),
        Duration.ofNanos(n.required("connectTimeoutNanos").asLong()),
        BacklogLimit.parse(n.required("maxBacklog").asText()));
  }

  static ObjectNode ready(String cellId, CellReady ready) {
    ObjectNode n = object();
    n.put("cell", cellId);
    n.put("target", ready.target());
    ObjectNode versions = n.putObject("versions");
    ready.versions().forEach(versions::put);
    return n;
  }

  static CellReady ready(JsonNode n) {
    Map<String, String> versions = new TreeMap<>();
    for (Map.Entry<String, JsonNode> e : n.required("versions").properties()) {
      versions.put(e.getKey(), e.getValue().asText());
    }
    return new CellReady(n.required("target").asText(), versions);
  }

  static ObjectNode progress(CellProgress p) {
    ObjectNode n = object();
    n.put("sent", p.sent());
    n.put("received", p.received());
    n.put("sendersRunning", p.sendersRunning());
    p.failure().ifPresent(f -> n.set("failure", failure(f)));
    return n;
  }

  static CellProgress progress(JsonNode n) {
    return new CellProgress(
        n.required("sent").asLong(),
        n.required("received").asLong(),
        n.required("sendersRunning").asInt(),
        failure(n.get("failure")));
  }

  private static ObjectNode failure(CellFailure f) {
    ObjectNode n = object();
    n.put("where", f.where());
    n.put("message", f.message());
    return n;
  }

  private static Optional<CellFailure> failure(JsonNode n) {
    if (n == null || n.isNull()) {
      return Optional.empty();
    }
    return Optional.of(
        new CellFailure(n.required("where").asText(), n.required("message").asText()));
  }

  static ObjectNode report(CellReport r) {
    ObjectNode n = object();
    ArrayNode senders = n.putArray("senders");
    for (SenderStats s : r.senders()) {
      senders
          .addObject()
          .put("senderId", s.senderId())
          .put("sent", s.sent())
          .put("batches", s.batches())
          .put("lastAckNanos", s.lastAckNanos());
    }
    ArrayNode receivers = n.putArray("receivers");
    for (ReceiverStats s : r.receivers()) {
      receivers
          .addObject()
          .put("received", s.received())
          .put("foreign", s.foreign())
          .put("firstReceiveNanos", s.firstReceiveNanos())
          .put("lastReceiveNanos", s.lastReceiveNanos());
    }
    n.put("serviceMicros", r.serviceMicros().compressed());
    n.put("responseMicros", r.responseMicros().compressed());
    n.put("scheduleLagMicros", r.scheduleLagMicros().compressed());
    n.put("harnessLagMicros", r.harnessLagMicros().compressed());
    n.put("endToEndMicros", r.endToEndMicros().compressed());
    n.put("delivery", r.delivery().serialize());
    r.failure().ifPresent(f -> n.set("failure", failure(f)));
    ObjectNode requests = n.putObject("requests");
    requests.put("billed", r.requests().billed());
    ObjectNode calls = requests.putObject("calls");
    r.requests().calls().forEach(calls::put);
    return n;
  }

  static CellReport report(JsonNode n) {
    List<SenderStats> senders = new ArrayList<>();
    for (JsonNode s : n.required("senders")) {
      senders.add(
          new SenderStats(
              s.required("senderId").asInt(),
              s.required("sent").asLong(),
              s.required("batches").asLong(),
              s.required("lastAckNanos").asLong()));
    }
    List<ReceiverStats> receivers = new ArrayList<>();
    for (JsonNode s : n.required("receivers")) {
      receivers.add(
          new ReceiverStats(
              s.required("received").asLong(),
              s.required("foreign").asLong(),
              s.required("firstReceiveNanos").asLong(),
              s.required("lastReceiveNanos").asLong()));
    }
    return new CellReport(
        senders,
        receivers,
        histogram(n, "serviceMicros"),
        histogram(n, "responseMicros"),
        histogram(n, "scheduleLagMicros"),
        histogram(n, "harnessLagMicros"),
        histogram(n, "endToEndMicros"),
        DeliveryBitmaps.deserialize(binary(n, "delivery")),
        failure(n.get("failure")),
        requests(n.get("requests")));
  }

  /** A backend's request counts (SQS bills per request); none where the report has none. */
  private static RequestCounts requests(JsonNode n) {
    if (n == null || n.isNull()) {
      return RequestCounts.NONE;
    }
    Map<String, Long> calls = new TreeMap<>();
    n.path("calls").properties().forEach(e -> calls.put(e.getKey(), e.getValue().asLong()));
    return new RequestCounts(calls, n.path("billed").asLong());
  }

  private static EncodedHistogram histogram(JsonNode n, String field) {
    return new EncodedHistogram(binary(n, field));
  }

  private static byte[] binary(JsonNode n, String field) {
    try {
      return n.required(field).binaryValue();
    } catch (IOException e) {
      throw new IllegalArgumentException(field + " is not base64: " + e.getMessage(), e);
    }
  }
}
