package io.mqbench.engine.local;

import io.mqbench.engine.measure.HostLoad;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads {@link HostLoad}: the host's busy CPU time from {@code /proc/stat}, and the CPU time and
 * run-queue wait of every thread of this process, of its descendants and of the local broker it is
 * connected to ({@link BrokerPeers}), from {@code /proc/PID/task/TID/schedstat}. Taken at a run's
 * start and end and at its checkpoints, never per message: a broker's hundred threads are a hundred
 * small reads.
 */
final class HostMeter {
  /** Clock ticks per second of {@code /proc/stat}: USER_HZ, fixed at 100 for user space. */
  private static final long USER_HZ = 100;

  private static final Path STAT = Path.of("/proc/stat");

  /** The CPU a process of the run must have used to count as lasting. */
  private static final long LASTING_NANOS = 500_000_000L;

  private HostMeter() {}

  /**
   * @param wallNanos the reading's instant, on the cell's clock
   * @return the reading; {@link HostLoad#NONE} where {@code /proc} does not tell
   */
  static HostLoad read(long wallNanos) {
    return read(wallNanos, Set.of());
  }

  /**
   * @param wallNanos the reading's instant, on the cell's clock
   * @param peers processes of the run beside this one and its descendants: the broker it measures
   *     on this host ({@link BrokerPeers}), with their descendants
   * @return the reading; {@link HostLoad#NONE} where {@code /proc} does not tell
   */
  static HostLoad read(long wallNanos, Set<Long> peers) {
    try {
      long[] host = hostBusyNanosAndCpus();
      long[] run = new long[2];
      Set<Long> counted = new HashSet<>();
      Set<Long> lasting = new HashSet<>();
      ProcessHandle self = ProcessHandle.current();
      addTree(self, run, counted, lasting);
      for (long pid : peers) {
        ProcessHandle.of(pid).ifPresent(p -> addTree(p, run, counted, lasting));
      }
      return new HostLoad(host[0], (int) host[1], run[0], run[1], wallNanos, lasting);
    } catch (IOException | RuntimeException e) {
      return HostLoad.NONE;
    }
  }

  /**
   * Adds a process and its descendants once each; those that used at least {@link #LASTING_NANOS}
   * go into {@code lasting}: if one of them ends before the next reading (a broker a fault killed),
   * what it used is gone, and the difference of the readings is unknown. A short-lived helper (a
   * command the run ran) is too small to matter.
   */
  private static void addTree(
      ProcessHandle root, long[] run, Set<Long> counted, Set<Long> lasting) {
    List<ProcessHandle> all = new java.util.ArrayList<>();
    all.add(root);
    try (Stream<ProcessHandle> children = root.descendants()) {
      children.forEach(all::add);
    }
    for (ProcessHandle p : all) {
      if (counted.add(p.pid())) {
        long before = run[0];
        add(p.pid(), run);
        if (run[0] - before >= LASTING_NANOS) {
          lasting.add(p.pid());
        }
      }
    }
  }

  /** The first line of /proc/stat, busy = all but idle and iowait; CPUs = the cpuN lines. */
  private static long[] hostBusyNanosAndCpus() throws IOException {
    List<String> lines = Files.readAllLines(STAT);
    String[] f = lines.get(0).trim().split("\\s+");
    long busy = 0;
    for (int i = 1; i < Math.min(f.length, 9); i++) {
      if (i != 4 && i != 5) { // idle, iowait
        busy += Long.parseLong(f[i]);
      }
    }
    long cpus = lines.stream().filter(l -> l.matches("cpu\\d+ .*")).count();
    return new long[] {busy * (1_000_000_000L / USER_HZ), cpus};
  }

  /**
   * Adds one process's CPU (utime and stime of {@code /proc/PID/stat}, which keep what its ended
   * threads used) and its live threads' waits for a CPU; a process that ended is skipped.
   */
  private static void add(long pid, long[] run) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      run[0] += (Long.parseLong(f[11]) + Long.parseLong(f[12])) * (1_000_000_000L / USER_HZ);
    } catch (IOException | RuntimeException e) {
      return; // the process ended
    }
    try (DirectoryStream<Path> tasks =
        Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
      for (Path task : tasks) {
        try {
          String[] s = Files.readString(task.resolve("schedstat")).trim().split(" ");
          run[1] += Long.parseLong(s[1]);
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the read
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process ended
    }
  }
}
