package io.mqbench.runner.cli.process;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * In the load's JVM ({@link ChildJvm}): ends it when the process that started it is gone, however
 * busy the load keeps it. The parent counts as gone once its process no longer exists, exists as
 * another process (its id reused), or is a zombie: killed, and not yet reaped by its own parent (a
 * supervisor that drains output before it reaps would otherwise wait for this JVM forever).
 *
 * <p>The watch is a daemon thread (of the highest priority, a hint the JVM may ignore) that only
 * sleeps and reads {@code /proc/<pid>/stat}: a thread waking from sleep is scheduled within a slice
 * however many threads keep the cores busy, so the load delays it little (a collection that stops
 * every thread still delays it by its pause). On the parent's death it asks for a stop as at
 * SIGTERM (partial results are written) on a thread of its own, and halts the JVM if that stop has
 * not ended it within {@link #GRACE}: a stop that cannot finish (a heap thrashing in collections, a
 * backend call that never returns) does not keep a JVM nobody watches alive. Where there is no
 * {@code /proc}, the JDK's view of the process is used, which takes a zombie for alive.
 */
public final class ParentWatch {
  /** How often the parent is looked at. */
  public static final Duration POLL = Duration.ofMillis(200);

  /** How long the stop asked for may take before the JVM is halted. */
  public static final Duration GRACE = Duration.ofSeconds(5);

  /** The exit status of a JVM halted after its parent's death: as after SIGTERM. */
  public static final int HALT_STATUS = StopSignals.SIGTERM_EXIT;

  /** Whether this system has {@code /proc} with process states (Linux). */
  private static final boolean PROC = Files.isReadable(Path.of("/proc/self/stat"));

  private final long pid;
  private final Optional<String> startTime;

  private ParentWatch(long pid) {
    this.pid = pid;
    this.startTime = stat(pid).map(ParentWatch::startTime);
  }

  /**
   * Starts watching.
   *
   * @param parentPid the parent's process id
   * @param stop asked once when the parent is gone; should end the JVM within {@code grace}
   * @param grace how long the stop may take before the JVM is halted
   * @param err where the stop is said
   */
  public static void start(long parentPid, Runnable stop, Duration grace, PrintStream err) {
    ParentWatch parent = new ParentWatch(parentPid);
    Thread watch =
        new Thread(
            () -> {
              try {
                while (parent.alive()) {
                  Thread.sleep(POLL.toMillis());
                }
                err.println(
                    "mqbench: the mqbench process that started this JVM is gone; stopping (at"
                        + " once if not stopped within "
                        + grace.toSeconds()
                        + " s)");
                err.flush();
                Thread stopping = new Thread(stop, "mqbench-parent-gone-stop");
                stopping.setDaemon(true);
                stopping.start();
                Thread.sleep(grace.toMillis());
                Runtime.getRuntime().halt(HALT_STATUS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // only this JVM's end interrupts the watch
              }
            },
            "mqbench-parent-watch");
    watch.setDaemon(true);
    watch.setPriority(Thread.MAX_PRIORITY);
    watch.start();
  }

  /**
   * @return whether the parent is still the process it was, and not a zombie
   */
  public boolean alive() {
    if (!PROC) {
      return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
    Optional<String> stat = stat(pid);
    if (stat.isEmpty()) {
      return false;
    }
    if (startTime.isPresent() && !startTime.get().equals(startTime(stat.get()))) {
      return false; // another process with the parent's id
    }
    char state = state(stat.get());
    return state != 'Z' && state != 'X' && state != 'x';
  }

  /**
   * {@code /proc/<pid>/stat}, every byte a character (a command name may hold any); empty when the
   * process does not exist.
   */
  private static Optional<String> stat(long pid) {
    try {
      return Optional.of(
          Files.readString(
              Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The state letter: the first field after the command, which ends at the last ')'. */
  public static char state(String stat) {
    int end = stat.lastIndexOf(')');
    return end < 0 || end + 2 >= stat.length() ? 'X' : stat.charAt(end + 2);
  }

  /** The start time, field 22: what tells the parent from a process that reused its id. */
  public static String startTime(String stat) {
    int end = stat.lastIndexOf(')');
    if (end < 0) {
      return "";
    }
    String[] fields = stat.substring(end + 2).trim().split(" ");
    // fields[0] is field 3 (the state), so field 22 is fields[19]
    return fields.length > 19 ? fields[19] : "";
  }
}
