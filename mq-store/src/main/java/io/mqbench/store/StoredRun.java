package io.mqbench.store;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * One run as the store keeps it: what it measured, where it came from, and its figures. Runs of one
 * workload on one queue and one host make a series ({@link #seriesKey}); everything else here is
 * provenance that may explain why a series moved.
 *
 * @param runId the run's id, as in its {@code run.json}; unique in a store
 * @param batch the invocation the run belonged to: a single run, a matrix, a sweep or a suite
 * @param startedAt when the run started
 * @param queue the backend, such as {@code kafka}
 * @param workloadId a stable hash of the settings that define the workload (see {@code Workload}):
 *     equal for two runs that put the same load on a queue
 * @param workload those settings, as text ({@code mode=throughput senders=1 ...})
 * @param hostId a hash of the host's fingerprint (see {@code Hosts})
 * @param host the host's fingerprint and name
 * @param mqbenchVersion mqbench's version
 * @param mqbenchCommit the commit mqbench was built from, or {@code unknown}
 * @param versions client library and broker versions the backend reported
 * @param cluster the broker's shape, such as {@code 1 node} or {@code 3 nodes}
 * @param durability how safely an acknowledged message was kept, as a level's label
 * @param status the run's verdict, as {@code run.json} names it ({@code ok}, {@code failed} ...)
 * @param backendConfig the backend's keys that say what the broker does (where it is left out)
 * @param figures the run's figures by their {@code summary.csv} column names; a figure the run did
 *     not have is absent
 */
public record StoredRun(
    String runId,
    Batch batch,
    Instant startedAt,
    String queue,
    String workloadId,
    String workload,
    String hostId,
    Host host,
    String mqbenchVersion,
    String mqbenchCommit,
    Map<String, String> versions,
    String cluster,
    String durability,
    String status,
    Map<String, String> backendConfig,
    Map<String, Double> figures) {

  /**
   * The invocation a run belonged to.
   *
   * @param id unique per invocation (its results folder's name and a random part)
   * @param kind {@code run}, {@code matrix}, {@code sweep} or {@code suite}
   * @param name the suite's name ({@code standard-1}), the scenario's file name, or the queue
   */
  public record Batch(String id, String kind, String name) {}

  /**
   * A host's fingerprint: what decides whether two runs' figures may be compared at all.
   *
   * @param name the host name (not part of the fingerprint: two identical machines are one host)
   * @param cpuModel the CPU's model name
   * @param cores available processors
   * @param memoryBytes physical memory
   * @param kernel the kernel's release
   * @param disk the disk results were written to: device, model and kind where known
   */
  public record Host(
      String name, String cpuModel, int cores, long memoryBytes, String kernel, String disk) {}

  /**
   * @return the series this run belongs to: workload, queue and host
   */
  public String seriesKey() {
    return workloadId + "/" + queue + "/" + hostId;
  }

  /**
   * @param name a figure's {@code summary.csv} column name
   * @return its value, if the run has it
   */
  public Optional<Double> figure(String name) {
    return Optional.ofNullable(figures.get(name));
  }
}
