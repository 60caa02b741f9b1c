package io.mqbench.worker.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.engine.CellProgress;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.json.EngineJson;
import io.mqbench.engine.measure.CellMeasurements;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The JSON bodies of the worker protocol: the engine's own records as {@link EngineJson} writes
 * them, so a component added to a cell's settings, progress or report reaches the worker with no
 * edit here. A body that does not fit its record is an {@link IllegalArgumentException} naming the
 * field.
 */
public final class Wire {
  public static final ObjectMapper JSON = EngineJson.newMapper();

  private Wire() {}

  public static byte[] bytes(JsonNode node) {
    try {
      return JSON.writeValueAsBytes(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static JsonNode parse(byte[] body) {
    try {
      return JSON.readTree(body);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a JSON body: " + e.getMessage(), e);
    }
  }

  public static ObjectNode object() {
    return JSON.createObjectNode();
  }

  public static ObjectNode spec(CellSpec spec) {
    return JSON.valueToTree(spec);
  }

  /**
   * @param n a prepare request's body
   * @return the cell spec it holds
   * @throws IllegalArgumentException for an empty body, or one without the fields every spec has
   */
  public static CellSpec spec(JsonNode n) {
    if (n == null || n.isMissingNode() || n.isNull()) {
      throw new IllegalArgumentException(
          "the body is empty; POST /v1/cells takes a JSON cell spec");
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException("the body is not a JSON object");
    }
    for (String field : List.of("queue", "backendProperties", "settings")) {
      if (!n.hasNonNull(field)) {
        throw new IllegalArgumentException("no \"" + field + "\" field");
      }
    }
    return read(n, CellSpec.class);
  }

  public static ObjectNode ready(String cellId, CellReady ready) {
    ObjectNode n = JSON.valueToTree(ready);
    n.put("cell", cellId);
    return n;
  }

  public static CellReady ready(JsonNode n) {
    return read(n, CellReady.class);
  }

  public static ObjectNode progress(CellProgress p) {
    return JSON.valueToTree(p);
  }

  public static CellProgress progress(JsonNode n) {
    return read(n, CellProgress.class);
  }

  public static ObjectNode report(CellMeasurements r) {
    return JSON.valueToTree(r);
  }

  public static CellMeasurements report(JsonNode n) {
    return read(n, CellMeasurements.class);
  }

  private static <T> T read(JsonNode n, Class<T> type) {
    try {
      return JSON.treeToValue(n, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }
}
