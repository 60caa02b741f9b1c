package io.mqbench.worker.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.mqbench.mq.Errors;
import io.mqbench.worker.wire.Wire;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Reading requests and writing answers: bodies within a size, JSON answers, one-line errors. */
final class Exchanges {
  private Exchanges() {}

  static ObjectNode error(String message) {
    return Wire.object().put("error", message);
  }

  /** A field the action needs, refused with 400 when missing: the coordinator's mistake. */
  static JsonNode required(JsonNode body, String field) {
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      throw new Refused(400, "the request needs a JSON body with \"" + field + "\"");
    }
    return value;
  }

  /**
   * The request body as JSON, refused with 413 beyond {@code max} bytes: from its declared length
   * before anything is read, else (a chunked body) once that much has been read.
   */
  static JsonNode body(HttpExchange exchange, int max) throws IOException {
    byte[] body = read(exchange, max);
    try {
      return Wire.parse(body);
    } catch (IllegalArgumentException e) {
      throw new Refused(400, Errors.oneLine(e));
    }
  }

  private static byte[] read(HttpExchange exchange, int max) throws IOException {
    String declared = exchange.getRequestHeaders().getFirst("Content-Length");
    if (declared != null) {
      long length;
      try {
        length = Long.parseLong(declared.strip());
      } catch (NumberFormatException e) {
        throw new Refused(400, "Content-Length is not a number: " + declared);
      }
      if (length > max) {
        throw new Refused(413, tooLarge(length + " bytes", max));
      }
    }
    try (InputStream in = exchange.getRequestBody()) {
      byte[] body = in.readNBytes(max + 1);
      if (body.length > max) {
        throw new Refused(413, tooLarge("more than " + max + " bytes", max));
      }
      return body;
    }
  }

  private static String tooLarge(String size, int max) {
    return "request body of " + size + ", a worker takes at most " + (max >> 10) + " KiB";
  }

  static void respond(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = Wire.bytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  static void respondQuietly(HttpExchange exchange, int status, JsonNode body) {
    try {
      respond(exchange, status, body);
    } catch (IOException | RuntimeException e) {
      // The coordinator went away or the response had started; nothing more to tell it.
    }
  }
}
