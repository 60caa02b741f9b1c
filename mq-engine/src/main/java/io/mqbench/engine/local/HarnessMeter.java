package io.mqbench.engine.local;

import io.mqbench.engine.measure.ProcessUsage;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads what this JVM uses, for {@link ProcessUsage}: process CPU from the platform's operating
 * system bean, its user/system split and peak resident memory from {@code /proc/self} (Linux), GC
 * time and counts from the collectors' beans, and one thread's CPU from the thread bean. Each
 * reading is a few system calls: taken at a run's start and end and at checkpoints, never per
 * message.
 */
final class HarnessMeter {
  /**
   * Clock ticks per second of {@code /proc/self/stat}'s times: USER_HZ, which Linux fixes at 100
   * for every architecture's user-space ABI whatever the kernel's own tick rate.
   */
  private static final long USER_HZ = 100;

  private static final Path STAT = Path.of("/proc/self/stat");
  private static final Path STATUS = Path.of("/proc/self/status");
  private static final Path THREAD_SCHEDSTAT = Path.of("/proc/thread-self/schedstat");
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private HarnessMeter() {}

  /**
   * @param wallNanos the reading's wall-clock instant, on the cell's clock
   * @return this process's usage since it started
   */
  static ProcessUsage read(long wallNanos) {
    return read(wallNanos, new HostMeter(java.util.Set.of()));
  }

  /**
   * @param wallNanos the reading's wall-clock instant, on the cell's clock
   * @param host the run's meter of the host: this process's and the broker's processes on it
   * @return this process's usage since it started, with the host's load
   */
  static ProcessUsage read(long wallNanos, HostMeter host) {
    long gcMillis = 0;
    long gcCount = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcMillis += Math.max(0, gc.getCollectionTime());
      gcCount += Math.max(0, gc.getCollectionCount());
    }
    long[] userSystem = userAndSystemNanos();
    return new ProcessUsage(
        processCpuNanos(userSystem),
        userSystem[0],
        userSystem[1],
        gcMillis,
        gcCount,
        residentPeakBytes(),
        wallNanos,
        1,
        host.read(wallNanos));
  }

  private static long processCpuNanos(long[] userSystem) {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      long nanos = os.getProcessCpuTime();
      if (nanos >= 0) {
        return nanos;
      }
    }
    return userSystem[0] < 0 ? 0 : userSystem[0] + userSystem[1];
  }

  /** utime and stime of {@code /proc/self/stat} (fields 14 and 15), or -1 each. */
  private static long[] userAndSystemNanos() {
    try {
      String stat = Files.readString(STAT);
      // The command name (field 2) is in parentheses and may hold spaces: count after it.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      long tick = 1_000_000_000L / USER_HZ;
      return new long[] {Long.parseLong(f[11]) * tick, Long.parseLong(f[12]) * tick};
    } catch (IOException | RuntimeException e) {
      return new long[] {-1, -1};
    }
  }

  /** VmHWM of {@code /proc/self/status}, or -1. */
  private static long residentPeakBytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return -1;
  }

  /**
   * @return the calling thread's CPU time in nanoseconds, or -1 where the JVM does not measure it
   */
  static long currentThreadCpuNanos() {
    try {
      return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    } catch (UnsupportedOperationException e) {
      return -1;
    }
  }

  /**
   * How long the calling thread was runnable but not running since it started: the time it waited
   * in the scheduler's run queue for a core that other threads held (this JVM's compiler and
   * collector threads, the backend client's threads, other processes such as a broker on the same
   * machine). A thread late for its schedule while waiting here was starved of CPU, not slow.
   *
   * @return nanoseconds, or -1 where the operating system does not tell (it is Linux's {@code
   *     schedstat}, the second of its three figures)
   */
  static long currentThreadCpuWaitNanos() {
    try {
      String schedstat = Files.readString(THREAD_SCHEDSTAT);
      int from = schedstat.indexOf(' ') + 1;
      int to = schedstat.indexOf(' ', from);
      return Long.parseLong(schedstat.substring(from, to));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * @param threadId a live thread's id
   * @return its CPU time in nanoseconds, or -1 if it ended or the JVM does not measure it
   */
  static long threadCpuNanos(long threadId) {
    try {
      return THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(threadId) : -1;
    } catch (UnsupportedOperationException e) {
      return -1;
    }
  }

  /**
   * One thread's CPU over the run: read by the thread itself when it is released and when it ends,
   * and by any other thread in between. Its wait for a CPU only the thread itself can read, so that
   * is known once it ended.
   */
  static final class ThreadCpu {
    private final long threadId;
    private volatile long atStart = -1;
    private volatile long atEnd = -1;
    private volatile long waitAtStart = -1;
    private volatile long waitAtEnd = -1;

    ThreadCpu(long threadId) {
      this.threadId = threadId;
    }

    /** Called by the thread itself when the run releases it. */
    void started() {
      waitAtStart = currentThreadCpuWaitNanos();
      atStart = currentThreadCpuNanos();
    }

    /** Called by the thread itself when it is done. */
    void ended() {
      if (atStart >= 0) {
        atEnd = currentThreadCpuNanos();
      }
      if (waitAtStart >= 0) {
        waitAtEnd = currentThreadCpuWaitNanos();
      }
    }

    /**
     * @return nanoseconds the thread waited for a CPU between its release and its end; null if it
     *     has not ended, or where the operating system does not tell
     */
    Long waitedNanos() {
      long start = waitAtStart;
      long end = waitAtEnd;
      return start < 0 || end < 0 ? null : Math.max(0, end - start);
    }

    /**
     * @return CPU nanoseconds the thread used since it was released; 0 if it never was
     */
    long usedNanos() {
      long start = atStart;
      if (start < 0) {
        return 0;
      }
      long end = atEnd;
      if (end < 0) {
        end = threadCpuNanos(threadId);
      }
      if (end < 0) {
        end = atEnd; // it ended between the two reads
      }
      return Math.max(0, end - start);
    }
  }
}
