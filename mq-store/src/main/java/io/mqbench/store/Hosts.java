package io.mqbench.store;

import io.mqbench.results.Environment;
import io.mqbench.results.HostFacts;
import java.util.Locale;

/**
 * A host's fingerprint and its identity: runs are compared with runs of the same CPU model, cores,
 * memory, kernel and disk, whatever the machine is called.
 */
public final class Hosts {
  private static final String UNKNOWN = "unknown";

  private Hosts() {}

  /**
   * @param environment where a run ran, as its run.json recorded it
   * @return the host's fingerprint; facts a file written before they were recorded lacks read
   *     {@code unknown}, so that such runs make a host of their own rather than join another
   */
  public static StoredRun.Host of(Environment environment) {
    HostFacts f = environment.hostFacts();
    return new StoredRun.Host(
        environment.host(),
        f == null ? UNKNOWN : f.cpuModel(),
        environment.cores(),
        f == null ? -1 : f.memoryBytes(),
        f == null ? UNKNOWN : f.kernel(),
        f == null ? UNKNOWN : f.disk());
  }

  /**
   * @param host a host's fingerprint
   * @return its identity: the first 8 hex digits of the SHA-256 of every fact but the name
   */
  public static String id(StoredRun.Host host) {
    return Workload.sha256(
            String.join(
                "\n",
                host.cpuModel(),
                String.valueOf(host.cores()),
                String.valueOf(host.memoryBytes()),
                host.kernel(),
                host.disk()))
        .substring(0, 8);
  }

  /**
   * @param host a host's fingerprint
   * @return one line: {@code name (AMD EPYC, 2 cores, 23.4 GiB, kernel 6.1.0, disk vda)}
   */
  public static String describe(StoredRun.Host host) {
    return String.format(
        Locale.ROOT,
        "%s (%s, %d cores, %s, kernel %s, disk %s)",
        host.name(),
        host.cpuModel(),
        host.cores(),
        host.memoryBytes() < 0
            ? "memory unknown"
            : String.format(Locale.ROOT, "%.1f GiB", host.memoryBytes() / 1073741824.0),
        host.kernel(),
        host.disk());
  }
}
