package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A local broker's process: started with its output in a log file, waited for until ready, and
 * stopped through one path ({@link #close()}), which also runs when this JVM shuts down.
 *
 * <p><b>No orphans.</b> The child's standard input is a pipe from this JVM. A Java broker started
 * through {@link StdinWatchdog} exits when that pipe closes; any other command is wrapped by {@link
 * #start} in a small shell that stops it when the pipe closes. The pipe closes on {@link #close()},
 * and also when this JVM dies for any reason (even SIGKILL), so a broker never outlives its
 * harness.
 *
 * <p><b>Stopped by its owner only.</b> The process runs in a session of its own ({@code setsid},
 * where installed), so that a signal to the harness's process group (a Ctrl-C on the terminal, a
 * service manager's or a script's {@code kill -- -PGID}) reaches the harness, which stops its run
 * and writes its results, and not the broker, which would die before the run had settled.
 *
 * <p><b>One shutdown hook.</b> When this JVM shuts down, the process's one hook stops it; while its
 * owner {@linkplain #holdStop holds} the stop, the hook first waits for the release (or the hold's
 * longest wait), so that a run being stopped ends against a live broker.
 *
 * <p>Thread-safe.
 */
public final class BrokerProcess implements AutoCloseable {
  /** Starts a command in a session of its own; absent where util-linux is not installed. */
  private static final Optional<String> SETSID =
      Stream.of("/usr/bin/setsid", "/bin/setsid")
          .filter(p -> Files.isExecutable(Path.of(p)))
          .findFirst();

  private final String name;
  private final Process process;
  private final OutputStream stdin;
  private final Path log;
  private final Thread shutdownHook;
  private volatile StopHold hold;
  private boolean closed;

  private BrokerProcess(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.stdin = process.getOutputStream();
    this.log = log;
    this.shutdownHook = new Thread(this::stopAtShutdown, "stop-" + name);
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * Starts a command.
   *
   * @param name what the broker is, for messages ({@code "local Kafka broker 1"})
   * @param command the command; a Java broker's starts with {@link JavaBroker#command}
   * @param watchesStdin true if the command itself exits when its standard input closes (a Java
   *     broker run through {@link StdinWatchdog}); false to wrap it in a shell that stops it then
   * @param directory the working directory
   * @param log the file its standard output and error go to
   * @param environment adjusts the child's environment (may be a no-op)
   * @return the running process
   * @throws MqException if it cannot be started
   */
  public static BrokerProcess start(
      String name,
      List<String> command,
      boolean watchesStdin,
      Path directory,
      Path log,
      Consumer<Map<String, String>> environment) {
    List<String> cmd = new ArrayList<>();
    SETSID.ifPresent(cmd::add);
    if (!watchesStdin) {
      // The command runs in the background; a watcher holds our pipe (as fd 3) and sends the
      // command SIGTERM when the pipe closes. The shell exits with the command's status.
      cmd.addAll(
          List.of(
              "/bin/sh",
              "-c",
              "exec 3<&0; \"$@\" </dev/null 3<&- & child=$!;"
                  + " (cat <&3 >/dev/null; kill -TERM $child 2>/dev/null) & watcher=$!;"
                  + " exec 3<&-; wait $child; status=$?; kill $watcher 2>/dev/null; exit $status",
              "sh"));
    }
    cmd.addAll(command);
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    environment.accept(pb.environment());
    try {
      return new BrokerProcess(name, pb.start(), log);
    } catch (IOException e) {
      throw new MqException("cannot start " + name + " (" + command.get(0) + "): " + e, e);
    }
  }

  /**
   * Holds this process's stop at JVM shutdown: the shutdown hook waits in {@link
   * StopHold#awaitRelease()} before it stops the process. {@link #close()} is not held.
   *
   * @param hold the hold; replaces an earlier one
   */
  public void holdStop(StopHold hold) {
    this.hold = hold;
  }

  private void stopAtShutdown() {
    StopHold h = hold;
    if (h != null) {
      h.awaitRelease();
    }
    close();
  }

  /** A check that the broker serves clients. */
  @FunctionalInterface
  public interface Readiness {
    /**
     * @return true once the broker serves clients
     * @throws Exception meaning "not yet"
     */
    boolean ready() throws Exception;
  }

  /**
   * Waits until {@code check} passes, the process exits, or the time is up.
   *
   * @param check polled every 200 ms
   * @param timeout how long to wait
   * @throws MqException if the process exited or the time ran out; the message ends with the last
   *     lines of the broker's log
   * @throws InterruptedException if interrupted while waiting
   */
  public void awaitReady(Readiness check, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (!process.isAlive()) {
        throw new MqException(
            name
                + " exited with status "
                + process.exitValue()
                + " during startup; its log ("
                + log
                + ") ends with: "
                + logTail(15));
      }
      try {
        if (check.ready()) {
          return;
        }
      } catch (InterruptedException e) {
        throw e;
      } catch (Exception e) {
        // not ready yet
      }
      if (System.nanoTime() > deadline) {
        throw new MqException(
            name
                + " did not start within "
                + timeout.toSeconds()
                + " s; its log ("
                + log
                + ") ends with: "
                + logTail(15));
      }
      Thread.sleep(200);
    }
  }

  /**
   * @param lines how many lines
   * @return the last lines of the broker's log, joined with {@code " | "}
   */
  public String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /**
   * @return the process id of the started command (or of its wrapping shell)
   */
  public long pid() {
    return process.pid();
  }

  /**
   * @return whether the process is running
   */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Waits until the process has exited, whoever stopped it.
   *
   * @param timeout how long to wait at most
   * @return whether it has exited
   * @throws InterruptedException if interrupted while waiting
   */
  public boolean awaitExit(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Freezes the broker (SIGSTOP to it and its descendants): connections stay open, nothing answers.
   * For tests of what clients do when a broker stops answering.
   *
   * @throws InterruptedException if interrupted while signalling
   */
  public void suspend() throws InterruptedException {
    signal("-STOP");
    awaitStopped(Duration.ofSeconds(5));
  }

  /**
   * A stop signal is delivered at once but takes effect thread by thread, as each returns to user
   * space: a loaded machine can leave a thread answering a request a moment after {@code kill}
   * returned. Waits until every thread of the broker's process shows as stopped in {@code
   * /proc/PID/task/TID/stat}; where there is no {@code /proc}, returns at once.
   */
  private void awaitStopped(Duration bound) throws InterruptedException {
    Path tasks = Path.of("/proc", String.valueOf(process.pid()), "task");
    long deadline = System.nanoTime() + bound.toNanos();
    while (System.nanoTime() < deadline) {
      try (Stream<Path> threads = Files.list(tasks)) {
        if (threads.allMatch(BrokerProcess::stopped)) {
          return;
        }
      } catch (IOException | UncheckedIOException e) {
        return; // no /proc, or the process is gone: nothing to wait for
      }
      Thread.sleep(5);
    }
    throw new MqException(name + " did not stop within " + bound.toMillis() + " ms of SIGSTOP");
  }

  private static boolean stopped(Path task) {
    try {
      String stat = Files.readString(task.resolve("stat"));
      char state = stat.charAt(stat.lastIndexOf(')') + 2);
      return state == 'T' || state == 't';
    } catch (IOException | UncheckedIOException | IndexOutOfBoundsException e) {
      return true; // the thread ended
    }
  }

  /**
   * Lets a {@linkplain #suspend() frozen} broker run again (SIGCONT).
   *
   * @throws InterruptedException if interrupted while signalling
   */
  public void resume() throws InterruptedException {
    signal("-CONT");
  }

  private void signal(String signal) throws InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("kill", signal, String.valueOf(process.pid())));
    process.descendants().forEach(p -> cmd.add(String.valueOf(p.pid())));
    try {
      Process kill = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new MqException("cannot signal " + name + " with kill " + signal);
      }
    } catch (IOException e) {
      throw new MqException("cannot signal " + name + ": " + e, e);
    }
  }

  /**
   * Kills the broker at once (SIGKILL to it and its descendants), as a crash would.
   *
   * @throws InterruptedException if interrupted while waiting for it to die
   */
  public void kill() throws InterruptedException {
    List<ProcessHandle> descendants = process.descendants().toList();
    descendants.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    process.waitFor(30, TimeUnit.SECONDS);
    // The wrapping shell dies first; the server under it (and its ports) only once it is gone too,
    // so that a start on the same ports right after finds them free and answers for itself.
    for (ProcessHandle d : descendants) {
      try {
        d.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        // gone or unkillable: nothing more to wait for
      }
    }
  }

  /**
   * Stops the broker: closes its standard input (a graceful stop), waits up to 15 s, then kills it
   * and its descendants. Idempotent; never held. Also runs on JVM shutdown, once a {@linkplain
   * #holdStop held} stop is released.
   */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // Already shutting down: this is the hook.
    }
    try {
      stdin.close();
    } catch (IOException e) {
      process.destroy();
    }
    try {
      if (!process.waitFor(15, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
