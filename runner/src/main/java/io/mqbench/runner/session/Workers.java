package io.mqbench.runner.session;

import io.mqbench.worker.HttpCell;
import io.mqbench.worker.NodeLayout;
import io.mqbench.worker.WorkerAddress;
import io.mqbench.worker.WorkerClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The worker processes a run is placed on.
 *
 * @param layout which nodes send and receive, with how many threads
 * @param token the shared token the workers want, if any: secret, never shown
 * @param version this coordinator's mqbench version, which every worker must run
 * @param given every worker of {@code --workers}, of this run or not
 * @param stopAfterRuns whether the workers are told to exit after the last run ({@code
 *     --stop-workers})
 */
public record Workers(
    NodeLayout layout,
    Optional<String> token,
    String version,
    List<WorkerAddress> given,
    boolean stopAfterRuns) {

  /** Copies the list. */
  public Workers {
    given = List.copyOf(given);
  }

  /**
   * Asks every worker given (not only this run's nodes) to exit; best effort, as the end of a
   * deployment whose workers live only for this coordinator's runs (a Kubernetes Job, a compose
   * service).
   *
   * @return one line per worker that could not be told
   */
  public List<String> stopAll() {
    List<String> failures = new ArrayList<>();
    for (WorkerAddress a : given) {
      try {
        new WorkerClient(a, token).shutdown();
      } catch (RuntimeException e) {
        failures.add("worker " + a + " was not stopped: " + e.getMessage());
      }
    }
    return failures;
  }

  /**
   * Checks every worker before a run: reachable, token accepted, same version.
   *
   * @throws io.mqbench.mq.MqException naming a worker that cannot be reached
   * @throws io.mqbench.config.ConfigException naming a worker that refuses the token or runs
   *     another version
   */
  public void check() {
    for (NodeLayout.Part p : layout.parts()) {
      new WorkerClient(p.address(), token).hello(version);
    }
  }

  /**
   * @return a fresh cell per node, in node order
   */
  public List<HttpCell> cells() {
    List<HttpCell> cells = new ArrayList<>();
    for (NodeLayout.Part p : layout.parts()) {
      cells.add(new HttpCell(new WorkerClient(p.address(), token)));
    }
    return cells;
  }

  /** Never shows the token. */
  @Override
  public String toString() {
    return "Workers[" + layout + (token.isPresent() ? ", token set" : "") + "]";
  }
}
