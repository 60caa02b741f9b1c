package io.mqbench.engine.local;

import io.mqbench.engine.measure.HostLoad;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Reads {@link HostLoad}: the host's busy CPU time from {@code /proc/stat}, and the CPU time and
 * run-queue wait of every thread of this process, of its descendants and of the local broker it is
 * connected to ({@link BrokerPeers}), from {@code /proc/PID/task/TID/schedstat}. Taken at a run's
 * start and end and once a second in between ({@link #sample}), never per message: a broker's
 * hundred threads are a hundred small reads.
 *
 * <p>One meter follows one run: it keeps what each of the run's processes had used when last seen,
 * so that a process that ends before the run's last reading still counts, up to its last sample, as
 * the run's. A broker that serves each connection with a process of its own (PostgreSQL) ends those
 * processes when the run's connections close, just before the last reading: forgotten, their CPU
 * read as other work and their wait for a CPU was lost, so that a quiet host read as busy and a
 * starved broker's run as not starved.
 */
final class HostMeter {
  /** Clock ticks per second of {@code /proc/stat}: USER_HZ, fixed at 100 for user space. */
  private static final long USER_HZ = 100;

  private static final Path STAT = Path.of("/proc/stat");

  /** The CPU a process of the run must have used to count as lasting. */
  private static final long LASTING_NANOS = 500_000_000L;

  private final Set<Long> peers;

  /** The run's processes as last seen: pid to {CPU, wait} nanoseconds, those ended included. */
  private final Map<Long, long[]> lastSeen = new HashMap<>();

  /**
   * @param peers processes of the run beside this one and its descendants: the broker it measures
   *     on this host ({@link BrokerPeers}), with their descendants
   */
  HostMeter(Set<Long> peers) {
    this.peers = Set.copyOf(peers);
  }

  /**
   * One reading by a meter of its own: this process and its descendants.
   *
   * @param wallNanos the reading's instant, on the cell's clock
   * @return the reading; {@link HostLoad#NONE} where {@code /proc} does not tell
   */
  static HostLoad readOnce(long wallNanos) {
    return new HostMeter(Set.of()).read(wallNanos);
  }

  /**
   * @param wallNanos the reading's instant, on the cell's clock
   * @return the reading, the processes that ended since an earlier one counted as last seen; {@link
   *     HostLoad#NONE} where {@code /proc} does not tell
   */
  synchronized HostLoad read(long wallNanos) {
    try {
      long[] host = hostBusyNanosAndCpus();
      Set<Long> lasting = note();
      long cpu = 0;
      long wait = 0;
      for (long[] used : lastSeen.values()) {
        cpu += used[0];
        wait += used[1];
      }
      return new HostLoad(host[0], (int) host[1], cpu, wait, wallNanos, lasting);
    } catch (IOException | RuntimeException e) {
      return HostLoad.NONE;
    }
  }

  /** Notes what each of the run's processes has used by now, for {@link #read} to count later. */
  synchronized void sample() {
    try {
      note();
    } catch (RuntimeException e) {
      // /proc did not tell this time: the next reading notes them again
    }
  }

  /** Notes the run's processes as they are now; returns those that count as lasting. */
  private Set<Long> note() {
    Set<Long> lasting = new HashSet<>();
    Set<Long> counted = new HashSet<>();
    addTree(ProcessHandle.current(), counted, lasting);
    for (long pid : peers) {
      ProcessHandle.of(pid).ifPresent(p -> addTree(p, counted, lasting));
    }
    return lasting;
  }

  /**
   * Notes a process and its descendants once each; those that used at least {@link #LASTING_NANOS}
   * go into {@code lasting}: if one of them ends before the next reading (a broker a fault killed),
   * what it used since its last sample is gone, and the difference of the readings is unknown. A
   * short-lived helper (a command the run ran) is too small to matter.
   */
  private void addTree(ProcessHandle root, Set<Long> counted, Set<Long> lasting) {
    List<ProcessHandle> all = new java.util.ArrayList<>();
    all.add(root);
    try (Stream<ProcessHandle> children = root.descendants()) {
      children.forEach(all::add);
    }
    for (ProcessHandle p : all) {
      if (counted.add(p.pid())) {
        long[] used = usage(p.pid());
        if (used != null) {
          lastSeen.put(p.pid(), used);
          if (used[0] >= LASTING_NANOS) {
            lasting.add(p.pid());
          }
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
   * One process's CPU (utime and stime of {@code /proc/PID/stat}, which keep what its ended threads
   * used) and its live threads' waits for a CPU; null if the process ended.
   */
  private static long[] usage(long pid) {
    long[] used = new long[2];
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      used[0] = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * (1_000_000_000L / USER_HZ);
    } catch (IOException | RuntimeException e) {
      return null; // the process ended
    }
    try (DirectoryStream<Path> tasks =
        Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
      for (Path task : tasks) {
        try {
          String[] s = Files.readString(task.resolve("schedstat")).trim().split(" ");
          used[1] += Long.parseLong(s[1]);
        } catch (IOException | RuntimeException e) {
          // the thread ended between the listing and the read
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process ended: its CPU was read
    }
    return used;
  }
}
