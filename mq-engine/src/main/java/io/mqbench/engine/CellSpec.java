package io.mqbench.engine;

import java.util.Map;
import java.util.TreeMap;

/**
 * Everything a cell needs to prepare its part of a run, as plain values, so that the cell may live
 * in another process.
 *
 * @param queue the backend's name, such as {@code kafka}
 * @param backendProperties the backend's keys, such as {@code kafka.acks -> all}, with the broker
 *     address resolved
 * @param settings the whole run's settings (its sender count is the run's, not the cell's)
 * @param runId the run's id, written into every envelope
 * @param seed the run's seed; each sender derives its own from it and its global id
 * @param firstSenderId the global id of this cell's first sender
 * @param senders how many senders this cell runs, with global ids {@code firstSenderId} onwards
 * @param receivers how many receivers this cell runs for each subscription, with global ids {@code
 *     firstReceiverId} onwards within each
 * @param label the matrix cell the run belongs to ({@code senders=4 size=1024}), which live metrics
 *     carry as their {@code cell} label; empty outside a matrix. The engine does not read it
 * @param firstReceiverId the global id of this cell's first receiver (of each subscription), which
 *     says the queue it reads ({@link RunSettings#queueOfReceiver}); 0 in specs written before it
 *     existed
 */
public record CellSpec(
    String queue,
    Map<String, String> backendProperties,
    RunSettings settings,
    int runId,
    long seed,
    int firstSenderId,
    int senders,
    int receivers,
    String label,
    int firstReceiverId) {

  /** Validates the ranges; no label (an older spec) is none. */
  public CellSpec {
    label = label == null ? "" : label;
    backendProperties = Map.copyOf(new TreeMap<>(backendProperties));
    if (firstSenderId < 0
        || senders < 0
        || receivers < 0
        || firstSenderId + senders > settings.senders()
        || firstReceiverId < 0
        || (firstReceiverId > 0 && firstReceiverId + receivers > settings.receivers())) {
      throw new IllegalArgumentException(
          "senders "
              + firstSenderId
              + ".."
              + (firstSenderId + senders - 1)
              + " or receivers "
              + firstReceiverId
              + ".."
              + (firstReceiverId + receivers - 1)
              + " are outside the run's "
              + settings.senders()
              + " and "
              + settings.receivers());
    }
  }

  /**
   * @param label the matrix cell the run belongs to
   * @return this spec with that label
   */
  public CellSpec withLabel(String label) {
    return new CellSpec(
        queue,
        backendProperties,
        settings,
        runId,
        seed,
        firstSenderId,
        senders,
        receivers,
        label,
        firstReceiverId);
  }

  /**
   * The cell of a run that has only one: every sender and receiver.
   *
   * @param queue the backend's name
   * @param backendProperties the backend's keys
   * @param settings the run's settings
   * @param runId the run's id
   * @param seed the run's seed
   * @return the spec
   */
  public static CellSpec whole(
      String queue,
      Map<String, String> backendProperties,
      RunSettings settings,
      int runId,
      long seed) {
    return new CellSpec(
        queue,
        backendProperties,
        settings,
        runId,
        seed,
        0,
        settings.senders(),
        settings.receivers(),
        "",
        0);
  }
}
