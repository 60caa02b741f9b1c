package io.mqbench.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes what a harness made outside its own process (a scratch directory, a network of
 * namespaces) when the harness dies without removing it, as after {@code kill -9}: a small shell
 * process, in a session of its own, whose standard input is a pipe from this JVM. The pipe ends
 * when the JVM does, however it ends; the shell then removes what it was given, unless its owner
 * {@linkplain #cancel() cancelled} it first, having removed it itself.
 *
 * <p>A directory goes once no process works in it any more (none has its working directory there,
 * as every broker started in it has: they are stopping, their own pipes ended too), or after a
 * minute; a network's links and namespaces go at once (a namespace whose processes still run lives
 * on, unnamed and cut off, until they exit).
 *
 * <p>The next harness also removes what a dead one left ({@link ScratchDirectory}, {@link
 * AbandonedNetworks}); this does it without waiting for a next one. Best effort: where the shell
 * cannot be started, nothing is reaped, and the next harness still removes it.
 */
final class OrphanReaper {
  /** Until the pipe ends; then while a process works in "$1" (a minute at most); then rm. */
  private static final String DIRECTORY =
      "while read -r _; do :; done; i=0; while [ $i -lt 600 ]; do busy=;"
          + " for c in /proc/[0-9]*/cwd; do case \"$(readlink \"$c\" 2>/dev/null)\" in"
          + " \"$1\"|\"$1\"/*) busy=1; break;; esac; done; [ -z \"$busy\" ] && break;"
          + " sleep 0.1; i=$((i+1)); done; rm -rf \"$1\"";

  /** Until the pipe ends; then "$1" (ip) deletes each link, namespace and the bridge given. */
  private static final String NETWORK =
      "while read -r _; do :; done; ip=\"$1\"; shift; for a in \"$@\"; do case \"$a\" in"
          + " ns:*) \"$ip\" netns delete \"${a#ns:}\" 2>/dev/null;;"
          + " *) \"$ip\" link delete dev \"$a\" 2>/dev/null;; esac; done";

  private static final List<String> SETSID =
      Stream.of("/usr/bin/setsid", "/bin/setsid")
          .filter(p -> Files.isExecutable(Path.of(p)))
          .findFirst()
          .map(List::of)
          .orElse(List.of());

  private final Process process;

  private OrphanReaper(Process process) {
    this.process = process;
  }

  /**
   * @param directory a scratch directory this JVM owns
   * @return its reaper, running
   */
  static OrphanReaper ofDirectory(Path directory) {
    return start(DIRECTORY, List.of(directory.toAbsolutePath().toString()));
  }

  /**
   * @param ip the {@code ip} executable
   * @param links links to delete, in order (veths, then the bridge)
   * @param namespaces network namespaces to delete
   * @return their reaper, running
   */
  static OrphanReaper ofNetwork(String ip, List<String> links, List<String> namespaces) {
    List<String> args = new ArrayList<>();
    args.add(ip);
    namespaces.forEach(ns -> args.add("ns:" + ns));
    args.addAll(links);
    return start(NETWORK, args);
  }

  private static OrphanReaper start(String script, List<String> args) {
    List<String> command = new ArrayList<>(SETSID);
    command.addAll(List.of("/bin/sh", "-c", script, "mqbench-reaper"));
    command.addAll(args);
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      return new OrphanReaper(p);
    } catch (IOException e) {
      return new OrphanReaper(null); // best effort: the next harness removes what is left
    }
  }

  /** Stops the reaper without it removing anything: the owner removed it. Idempotent. */
  void cancel() {
    if (process != null) {
      process.destroyForcibly();
    }
  }

  /**
   * Ends the pipe as this JVM's death would, so that the reaper removes what it was given (tests).
   */
  void abandon() throws IOException {
    if (process != null) {
      process.getOutputStream().close();
    }
  }

  /**
   * @return the reaper's process, while it runs (tests)
   */
  Process process() {
    return process;
  }
}
