package io.mqbench.engine.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * How busy the host was while a cell ran, and how long the run's own processes waited for a CPU:
 * the figures that tell a queue that was slow from a host that was busy with other work. Read from
 * Linux's {@code /proc}: the host's CPU time from {@code /proc/stat}, and the CPU time and
 * run-queue wait of every thread of the harness's process and of the processes it started (a local
 * broker) from their {@code schedstat}.
 *
 * <p>A run on a quiet host waits for a CPU too (its broker and its harness share the cores), so
 * neither figure alone says the host set the pace; {@link #starved} asks for both: the run's
 * processes waited a large share of the time they could have run, and other work took a large share
 * of the machine.
 *
 * @param hostBusyNanos CPU time the whole host spent busy (every core, every process), user,
 *     system, interrupts and steal; -1 where unknown
 * @param cpus the host's online CPUs
 * @param runCpuNanos CPU time of the run's processes (this one, those it started and the broker it
 *     is connected to on this host), their ended threads' included
 * @param runWaitNanos time the threads of the run's processes were runnable but waiting for a CPU
 * @param wallNanos the wall-clock time these were measured over
 * @param runProcesses the process ids of the run's processes at the reading; not reported (a
 *     difference of two readings is only known when none of the first reading's processes ended in
 *     between: a broker killed by a fault takes what it used with it)
 */
public record HostLoad(
    long hostBusyNanos,
    int cpus,
    long runCpuNanos,
    long runWaitNanos,
    long wallNanos,
    @JsonIgnore java.util.Set<Long> runProcesses) {

  /** Nothing measured: not Linux, an older report, or a cell that never started. */
  public static final HostLoad NONE = new HostLoad(-1, 0, 0, 0, 0, java.util.Set.of());

  /** A reading without its process ids: a difference, or one read back. */
  public HostLoad {
    runProcesses = runProcesses == null ? java.util.Set.of() : java.util.Set.copyOf(runProcesses);
  }

  /** A difference of two readings, or one read back: no process ids. */
  public HostLoad(
      long hostBusyNanos, int cpus, long runCpuNanos, long runWaitNanos, long wallNanos) {
    this(hostBusyNanos, cpus, runCpuNanos, runWaitNanos, wallNanos, java.util.Set.of());
  }

  /**
   * The share of their runnable time the run's processes spent waiting for a CPU at which the host
   * may have set the pace; with {@link #OTHER_WORK_LIMIT}, the host-limited verdict's threshold.
   */
  public static final double RUN_WAIT_LIMIT = 0.4;

  /** The share of the host's CPU capacity that other work must have taken, beside the run. */
  public static final double OTHER_WORK_LIMIT = 0.15;

  /**
   * @return whether anything was measured
   */
  public boolean known() {
    return hostBusyNanos >= 0 && cpus > 0 && wallNanos > 0;
  }

  /**
   * @return the share of the time the run's threads could have run that they waited for a CPU
   *     instead, from 0 to 1; 0 when unknown
   */
  public double runWaitShare() {
    long runnable = runCpuNanos + runWaitNanos;
    return runnable <= 0 ? 0 : (double) runWaitNanos / runnable;
  }

  /**
   * @return the share of the host's CPU capacity (its CPUs over the wall time) that processes other
   *     than the run's used, from 0 to 1; 0 when unknown
   */
  public double otherWorkShare() {
    if (!known()) {
      return 0;
    }
    double others = Math.max(0, hostBusyNanos - runCpuNanos);
    return Math.min(1, others / ((double) cpus * wallNanos));
  }

  /**
   * @return true when the run's processes waited for a CPU at least {@value #RUN_WAIT_LIMIT} of
   *     their runnable time while other work took at least {@value #OTHER_WORK_LIMIT} of the host
   */
  public boolean starved() {
    return known() && runWaitShare() >= RUN_WAIT_LIMIT && otherWorkShare() >= OTHER_WORK_LIMIT;
  }

  /**
   * @param earlier a reading of the same host and processes taken before
   * @return what happened between the two readings; {@link #NONE} when one of the run's processes
   *     of the earlier reading ended in between (a broker restarted by a fault): what it used is
   *     gone from {@code /proc}, and would read as other work
   */
  public HostLoad since(HostLoad earlier) {
    if (!known() || earlier.hostBusyNanos < 0 || !runProcesses.containsAll(earlier.runProcesses)) {
      return NONE;
    }
    return new HostLoad(
        Math.max(0, hostBusyNanos - earlier.hostBusyNanos),
        cpus,
        Math.max(0, runCpuNanos - earlier.runCpuNanos),
        Math.max(0, runWaitNanos - earlier.runWaitNanos),
        wallNanos - earlier.wallNanos);
  }

  /**
   * @param nanos waits of the run's threads that ended before this reading (gone from {@code
   *     /proc})
   * @return this reading with them added
   */
  public HostLoad plusRunWait(long nanos) {
    return known()
        ? new HostLoad(hostBusyNanos, cpus, runCpuNanos, runWaitNanos + nanos, wallNanos)
        : this;
  }

  /**
   * @param other another process's host over the same run (a worker's)
   * @return the more starved of the two: a verdict on the hosts holds if it holds for one of them
   */
  public HostLoad worse(HostLoad other) {
    if (!other.known()) {
      return this;
    }
    if (!known()) {
      return other;
    }
    return other.runWaitShare() > runWaitShare() ? other : this;
  }
}
