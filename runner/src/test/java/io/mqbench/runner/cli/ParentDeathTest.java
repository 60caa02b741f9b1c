package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ParentWatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load's JVM ends within seconds of its parent's death (SIGKILL), however busy it is: when the
 * parent is reaped, when it is left a zombie by a supervisor that has not reaped it yet, and when
 * the stop it asks for never ends. Real processes throughout: a shell stands for the parent that
 * started the load's JVM ({@code java -Dmqbench.parent=<its pid> ...}).
 */
@Timeout(120)
class ParentDeathTest {
  /** How long after the parent's death the child may take to be gone. */
  private static final Duration GONE_WITHIN = ParentWatch.GRACE.plusSeconds(3);

  @TempDir Path tmp;

  private final List<Long> started = new ArrayList<>();
  private final List<String> lines = new ArrayList<>();

  @AfterEach
  void killWhatIsLeft() {
    for (long pid : started) {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  /**
   * A shell that starts {@code java -Dmqbench.parent=$$ <args>} in the background, says its pid as
   * "child PID", and waits for it.
   */
  private Path parentScript() throws IOException {
    Path script = tmp.resolve("parent.sh");
    Files.writeString(
        script,
        "java=\"$1\"; shift\n\"$java\" -Dmqbench.parent=$$ \"$@\" &\necho \"child $!\"\nwait\n");
    return script;
  }

  /** Another shell that starts the parent, says "parent PID", then never reaps it. */
  private Path grandparentScript() throws IOException {
    Path script = tmp.resolve("grandparent.sh");
    Files.writeString(
        script,
        "/bin/sh \"" + parentScript() + "\" \"$@\" &\necho \"parent $!\"\nexec sleep 300\n");
    return script;
  }

  private List<String> childCommand(String mainClass, String... args) {
    List<String> command =
        new ArrayList<>(
            List.of(
                RunnerProcess.java(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass));
    command.addAll(List.of(args));
    return command;
  }

  /** A run of the memory queue at full speed, long enough to still be under way. */
  private List<String> busyRun() {
    return childCommand(
        Main.class.getName(),
        "run",
        "--queue",
        "memory",
        "--senders",
        "4",
        "--receivers",
        "4",
        "--duration",
        "90s",
        "--warmup",
        "0s",
        "--limit-probe",
        "0s",
        "--progress",
        "never",
        "--out",
        tmp.resolve("results").toString());
  }

  private Process start(Path script, List<String> command) throws IOException {
    List<String> all = new ArrayList<>(List.of("/bin/sh", script.toString()));
    all.addAll(command);
    Process p = new ProcessBuilder(all).redirectErrorStream(true).start();
    started.add(p.pid());
    read(p.getInputStream());
    return p;
  }

  /** Collects every line of the processes' output (the child's too: it inherits the pipe). */
  private void read(InputStream in) {
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                  }
                }
              } catch (IOException e) {
                // the pipe closed
              }
            });
    reader.setDaemon(true);
    reader.start();
  }

  private String awaitLine(Predicate<String> wanted) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    synchronized (lines) {
      while (true) {
        Optional<String> line = lines.stream().filter(wanted).findFirst();
        if (line.isPresent()) {
          return line.get();
        }
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        assertThat(left).as("waited for a line; got: %s", lines).isPositive();
        lines.wait(left);
      }
    }
  }

  private long pidOf(String role) throws InterruptedException {
    long pid =
        Long.parseLong(awaitLine(l -> l.startsWith(role + " ")).substring(role.length() + 1));
    started.add(pid);
    return pid;
  }

  /** Gone: no such process, or a dead one its new parent has not reaped yet. */
  private static boolean gone(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      return ParentWatch.state(stat) == 'Z';
    } catch (IOException e) {
      return true;
    }
  }

  private static char state(long pid) throws IOException {
    return ParentWatch.state(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
  }

  private static void killHard(long pid) throws IOException, InterruptedException {
    assertThat(new ProcessBuilder("kill", "-KILL", Long.toString(pid)).start().waitFor()).isZero();
  }

  /** Waits for the child to be gone; returns how long it took. */
  private static Duration awaitGone(long pid) throws InterruptedException {
    long from = System.nanoTime();
    while (!gone(pid) && System.nanoTime() - from < TimeUnit.SECONDS.toNanos(60)) {
      Thread.sleep(50);
    }
    return Duration.ofNanos(System.nanoTime() - from);
  }

  @Test
  void aBusyRunStopsWhenItsParentIsKilled() throws Exception {
    Process parent = start(parentScript(), busyRun());
    long child = pidOf("child");
    awaitLine(l -> l.startsWith("mqbench: memory,"));
    Thread.sleep(1_000); // the load under way

    killHard(parent.pid());
    parent.waitFor(10, TimeUnit.SECONDS);
    Duration took = awaitGone(child);

    System.out.printf("[parent-death] reaped parent: child gone after %d ms%n", took.toMillis());
    assertThat(took).isLessThan(GONE_WITHIN);
    assertThat(awaitLine(l -> l.contains("started this JVM is gone"))).isNotEmpty();
    // Stopped as at SIGTERM, within the grace: the partial results are on disk.
    try (var folders = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      assertThat(folders.map(f -> f.resolve("run.json")).filter(Files::isRegularFile).count())
          .isEqualTo(1);
    }
  }

  @Test
  void aBusyRunStopsWhenItsParentIsAnUnreapedZombie() throws Exception {
    start(grandparentScript(), busyRun());
    long parent = pidOf("parent");
    long child = pidOf("child");
    awaitLine(l -> l.startsWith("mqbench: memory,"));
    Thread.sleep(1_000);

    killHard(parent);
    Thread.sleep(100);
    assertThat(state(parent)).as("the killed parent, never reaped").isEqualTo('Z');
    Duration took = awaitGone(child);

    System.out.printf("[parent-death] zombie parent: child gone after %d ms%n", took.toMillis());
    assertThat(took).isLessThan(GONE_WITHIN);
    assertThat(state(parent)).as("still a zombie: nothing else ended the child").isEqualTo('Z');
  }

  @Test
  void aJvmWhoseStopNeverEndsIsHaltedAfterTheGrace() throws Exception {
    Process parent = start(parentScript(), childCommand(BusyChildWithAStuckStop.class.getName()));
    long child = pidOf("child");
    awaitLine(l -> l.startsWith("busy with"));
    Thread.sleep(1_000);

    killHard(parent.pid());
    parent.waitFor(10, TimeUnit.SECONDS);
    Duration took = awaitGone(child);

    System.out.printf("[parent-death] stuck stop: child gone after %d ms%n", took.toMillis());
    assertThat(took).isGreaterThanOrEqualTo(ParentWatch.GRACE).isLessThan(GONE_WITHIN);
  }
}
