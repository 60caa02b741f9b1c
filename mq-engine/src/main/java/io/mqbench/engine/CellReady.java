package io.mqbench.engine;

import java.util.Map;

/**
 * A prepared cell: its backend is open and its senders and receivers are connected, waiting to be
 * started.
 *
 * @param target where the backend connected, such as {@code 127.0.0.1:9092}
 * @param versions versions worth recording beside results (client library, broker)
 */
public record CellReady(String target, Map<String, String> versions) {
  /** Copies the map. */
  public CellReady {
    versions = Map.copyOf(versions);
  }
}
