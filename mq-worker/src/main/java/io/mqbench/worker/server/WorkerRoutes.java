package io.mqbench.worker.server;

import static io.mqbench.worker.server.Exchanges.error;
import static io.mqbench.worker.server.Exchanges.respond;
import static io.mqbench.worker.server.Exchanges.respondQuietly;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.mqbench.mq.Errors;
import io.mqbench.worker.server.hosting.HostedCells;
import io.mqbench.worker.wire.Protocol;
import io.mqbench.worker.wire.Wire;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The routes of a worker under {@code /v1/}: the token check before anything is read, then {@code
 * hello}, {@code clock}, {@code shutdown}, {@code halt}, and the cells' routes ({@link
 * CellRoutes}). Every request is answered with a status and, when refused, a one-line JSON error.
 */
final class WorkerRoutes {
  /** The exit status of a worker halted on request ({@code POST /v1/halt}), as after SIGKILL. */
  static final int HALT_STATUS = 137;

  private final Optional<byte[]> token;
  private final String version;
  private final WorkerClock clock;
  private final int maxRequestBytes;
  private final HostedCells hosted;
  private final CellRoutes cells;
  private final PrintStream log;
  private volatile Runnable onShutdownRequest = () -> {};

  WorkerRoutes(
      Optional<String> token,
      String version,
      WorkerClock clock,
      int maxRequestBytes,
      HostedCells hosted,
      PrintStream log) {
    this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
    this.version = version;
    this.clock = clock;
    this.maxRequestBytes = maxRequestBytes;
    this.hosted = hosted;
    this.cells = new CellRoutes(hosted, clock);
    this.log = log;
  }

  void onShutdownRequest(Runnable action) {
    this.onShutdownRequest = action;
  }

  /**
   * Answers a request: the exchange is closed only after that answer went out, since closing it
   * first leaves the coordinator with an empty reply instead of the cause.
   */
  void handle(HttpExchange exchange) {
    try {
      serve(exchange);
    } catch (Refused e) {
      respondQuietly(exchange, e.status, error(e.getMessage()));
    } catch (RuntimeException e) {
      // Answered, not thrown: the coordinator shows the message as the cell's failure.
      respondQuietly(exchange, 500, error(Errors.oneLine(e)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      respondQuietly(exchange, 503, error("worker interrupted"));
    } catch (IOException e) {
      // The coordinator went away mid-request: nobody to answer.
    } finally {
      exchange.close();
    }
  }

  private void serve(HttpExchange exchange) throws IOException, InterruptedException {
    if (token.isPresent() && !tokenMatches(exchange)) {
      respond(exchange, 401, error("wrong or missing token"));
      return;
    }
    String[] path = exchange.getRequestURI().getPath().substring("/v1/".length()).split("/");
    String method = exchange.getRequestMethod();
    JsonNode body = method.equals("POST") ? Exchanges.body(exchange, maxRequestBytes) : null;
    switch (path[0]) {
      case "hello" ->
          respond(
              exchange,
              200,
              Wire.object().put("mqbench", version).put("protocol", Protocol.VERSION));
      case "clock" -> clock(exchange);
      case "shutdown" -> shutdown(exchange);
      case "halt" -> {
        if (!method.equals("POST")) {
          throw new Refused(405, "POST /v1/halt");
        }
        halt(exchange);
      }
      case "cells" -> {
        if (path.length == 1 && method.equals("POST")) {
          respond(exchange, 200, cells.prepare(body));
        } else if (path.length == 3) {
          respond(exchange, 200, cells.act(path[1], path[2], body));
        } else {
          throw new Refused(404, "no such resource");
        }
      }
      default -> throw new Refused(404, "no such resource");
    }
  }

  private void clock(HttpExchange exchange) throws IOException, InterruptedException {
    long nanos = clock.reported();
    if (!clock.answerDelay().isZero()) {
      Thread.sleep(clock.answerDelay().toMillis());
    }
    respond(exchange, 200, Wire.object().put("nanos", nanos));
  }

  private void shutdown(HttpExchange exchange) throws IOException {
    respond(exchange, 200, Wire.object());
    log.println("mqbench worker: the coordinator asked this worker to exit");
    // After this answer has gone out: the handler thread must not close its own server.
    Thread stop = new Thread(onShutdownRequest, "mqbench-worker-shutdown");
    stop.start();
  }

  private void halt(HttpExchange exchange) throws IOException, InterruptedException {
    log.println(
        "mqbench worker: the coordinator asked this worker to halt at once (a fault, as kill"
            + " -9 would): its senders and receivers stop where they are, nothing is"
            + " acknowledged");
    // Every thread stops first, without acknowledging what it holds, so that what the worker
    // measured up to its death goes back with the answer: the run's ledger stays exact.
    HostedCells.Halted halted = hosted.halt(Protocol.HALT_THREADS);
    ObjectNode died = Wire.object();
    halted.reports().forEach((id, report) -> died.set(id, Wire.report(report)));
    respond(exchange, 200, Wire.object().put("held", halted.held()).<ObjectNode>set("cells", died));
    log.flush();
    // After this answer has gone out; no shutdown hook runs, no cell is closed.
    Thread halt =
        new Thread(
            () -> {
              try {
                Thread.sleep(50);
              } catch (InterruptedException e) {
                // halting anyway
              }
              Runtime.getRuntime().halt(HALT_STATUS);
            },
            "mqbench-worker-halt");
    halt.start();
  }

  private boolean tokenMatches(HttpExchange exchange) {
    String given = exchange.getRequestHeaders().getFirst(Protocol.TOKEN_HEADER);
    return given != null
        && MessageDigest.isEqual(token.get(), given.getBytes(StandardCharsets.UTF_8));
  }
}
