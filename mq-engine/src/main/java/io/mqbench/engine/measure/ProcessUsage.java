package io.mqbench.engine.measure;

/**
 * What the harness's own process used while a cell ran: CPU time, garbage collection and resident
 * memory, from the JVM's management beans and, where the operating system tells (Linux), from
 * {@code /proc/self}. The CPU of a process that also runs the coordinator, progress and the
 * backend's client threads is all in here; a cell's sender and receiver threads are also counted
 * apart ({@link SenderStats#cpuNanos()}, {@link ReceiverStats#cpuNanos()}), so that what is left is
 * the rest of the process.
 *
 * <p>Usages of several processes (workers) {@link #plus add up}: CPU and GC time and counts add,
 * the peak resident memories add (an upper bound of the processes' combined peak), the wall time is
 * the longest.
 *
 * @param cpuNanos CPU time of the whole process, user and system, over the cell's run
 * @param userNanos of which in user mode; -1 where the operating system does not tell
 * @param systemNanos of which in the kernel; -1 where the operating system does not tell
 * @param gcMillis time the garbage collectors reported spent collecting (their pauses and, for a
 *     concurrent collector, its cycles), over the cell's run
 * @param gcCount collections over the cell's run
 * @param residentPeakBytes the process's peak resident memory since it started; -1 where unknown
 * @param wallNanos wall-clock time over which the rest was measured
 * @param processes how many processes this adds up; 0 for no measurement
 * @param host how busy the host was and how long the run's processes waited for a CPU; of several
 *     processes, the most starved host's
 */
public record ProcessUsage(
    long cpuNanos,
    long userNanos,
    long systemNanos,
    long gcMillis,
    long gcCount,
    long residentPeakBytes,
    long wallNanos,
    int processes,
    HostLoad host) {

  /** A usage with no host figures: an older report's. */
  public ProcessUsage {
    host = host == null ? HostLoad.NONE : host;
  }

  /** No measurement: what an older report, or a cell that never started, carries. */
  public static final ProcessUsage NONE =
      new ProcessUsage(0, -1, -1, 0, 0, -1, 0, 0, HostLoad.NONE);

  /**
   * @param other another process's usage over the same run
   * @return both added up
   */
  public ProcessUsage plus(ProcessUsage other) {
    if (other.processes == 0) {
      return this;
    }
    if (processes == 0) {
      return other;
    }
    return new ProcessUsage(
        cpuNanos + other.cpuNanos,
        known(userNanos, other.userNanos),
        known(systemNanos, other.systemNanos),
        gcMillis + other.gcMillis,
        gcCount + other.gcCount,
        known(residentPeakBytes, other.residentPeakBytes),
        Math.max(wallNanos, other.wallNanos),
        processes + other.processes,
        host.worse(other.host));
  }

  /**
   * @param earlier a reading of the same process taken before
   * @return what was used between the two readings; the resident peak is this reading's
   */
  public ProcessUsage since(ProcessUsage earlier) {
    return new ProcessUsage(
        cpuNanos - earlier.cpuNanos,
        userNanos < 0 || earlier.userNanos < 0 ? -1 : userNanos - earlier.userNanos,
        systemNanos < 0 || earlier.systemNanos < 0 ? -1 : systemNanos - earlier.systemNanos,
        gcMillis - earlier.gcMillis,
        gcCount - earlier.gcCount,
        residentPeakBytes,
        wallNanos - earlier.wallNanos,
        processes,
        host.since(earlier.host));
  }

  /**
   * @param other the host's figures to carry instead
   * @return this usage with them
   */
  public ProcessUsage withHost(HostLoad other) {
    return new ProcessUsage(
        cpuNanos,
        userNanos,
        systemNanos,
        gcMillis,
        gcCount,
        residentPeakBytes,
        wallNanos,
        processes,
        other);
  }

  private static long known(long a, long b) {
    return a < 0 || b < 0 ? -1 : a + b;
  }
}
