package io.mqbench.worker.server;

import static io.mqbench.worker.server.Exchanges.required;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellSpec;
import io.mqbench.mq.Errors;
import io.mqbench.worker.server.hosting.HostedCell;
import io.mqbench.worker.server.hosting.HostedCells;
import io.mqbench.worker.wire.Wire;
import java.time.Duration;
import java.util.Optional;

/**
 * The routes under {@code /v1/cells}: {@code POST /v1/cells} prepares a cell, {@code
 * /v1/cells/<id>/<action>} drives it. Instants from the coordinator arrive on this worker's clock
 * and are turned into readings of the clock the cells run on here.
 */
final class CellRoutes {
  private final HostedCells hosted;
  private final WorkerClock clock;

  CellRoutes(HostedCells hosted, WorkerClock clock) {
    this.hosted = hosted;
    this.clock = clock;
  }

  /**
   * @param body the cell spec
   * @return what the prepared cell answered, with its id
   * @throws Refused with 400 for a spec that is no spec, names an unknown queue or key, or is
   *     beyond this worker's limits; with 409 when every place is taken
   */
  JsonNode prepare(JsonNode body) throws InterruptedException {
    CellSpec spec;
    try {
      spec = Wire.spec(body);
    } catch (IllegalArgumentException e) {
      throw new Refused(400, "not a cell spec: " + Errors.oneLine(e));
    }
    try {
      HostedCells.Prepared prepared = hosted.prepare(spec);
      return Wire.ready(prepared.id(), prepared.ready());
    } catch (HostedCells.Refused e) {
      throw new Refused(e.full() ? 409 : 400, e.getMessage());
    } catch (ConfigException e) {
      // An unknown queue or backend key, a value out of range: the coordinator's request is wrong.
      throw new Refused(400, Errors.oneLine(e));
    }
  }

  /**
   * @param id the cell's id
   * @param action what to do with it
   * @param body the action's parameters, if it takes any
   * @return the answer
   * @throws Refused with 404 for a cell not hosted here or an unknown action, with 400 for a
   *     missing parameter
   */
  JsonNode act(String id, String action, JsonNode body) throws InterruptedException {
    Optional<HostedCell> found = hosted.find(id);
    if (found.isEmpty()) {
      throw new Refused(404, "no cell " + id + " on this worker (closed or abandoned)");
    }
    HostedCell h = found.get();
    h.requestStarted();
    try {
      return act(h, action, body);
    } finally {
      h.requestEnded();
    }
  }

  private JsonNode act(HostedCell h, String action, JsonNode body) throws InterruptedException {
    Cell cell = h.cell();
    switch (action) {
      case "start-senders" -> cell.startSenders(at(body));
      case "start-receivers" -> cell.startReceivers(at(body));
      case "run-origin" -> cell.moveRunOrigin(at(body));
      case "progress" -> {
        return Wire.progress(cell.poll());
      }
      case "checkpoint" -> {
        return Wire.report(h.checkpoint());
      }
      case "delivery" -> {
        return Wire.object().put("bitmaps", cell.delivery().serialize());
      }
      case "hold-senders" -> cell.holdSenders(required(body, "hold").asBoolean());
      case "stop-senders" -> cell.stopSenders();
      case "stop-receivers" -> cell.stopReceivers();
      case "finish" -> {
        return Wire.report(h.finish(Duration.ofNanos(required(body, "timeoutNanos").asLong())));
      }
      case "close" -> hosted.close(h);
      default -> throw new Refused(404, "no such action: " + action);
    }
    return Wire.object();
  }

  /** The instant the body names, on the clock the cells run on. */
  private long at(JsonNode body) {
    return clock.received(required(body, "at").asLong());
  }
}
