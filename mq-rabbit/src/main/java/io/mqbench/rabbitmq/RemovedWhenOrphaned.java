package io.mqbench.rabbitmq;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A server's command wrapped so that its scratch directory goes with it when its owner dies. The
 * broker kit stops a server whose runner is gone, even killed with SIGKILL, by sending it SIGTERM;
 * its directory would stay until the next run swept it. Wrapped, the SIGTERM is passed on, and once
 * the server has stopped the directory is deleted if its owner (the pid in {@code owner.pid}) is
 * gone. While the owner lives (a stop that keeps the data for a restart, a close that deletes the
 * directory itself) and after a kill (a fault) the directory stays.
 */
final class RemovedWhenOrphaned {
  /**
   * On SIGTERM: pass it on, wait for the server, and delete the directory if the process named in
   * its {@code owner.pid} (the runner) is gone.
   */
  private static final String SCRIPT =
      "dir=\"$1\"; shift;"
          + " trap 'kill -TERM $pid 2>/dev/null; wait $pid;"
          + " kill -0 \"$(cat \"$dir/owner.pid\" 2>/dev/null)\" 2>/dev/null || rm -rf \"$dir\";"
          + " exit 143' TERM;"
          + " \"$@\" & pid=$!; wait $pid";

  private RemovedWhenOrphaned() {}

  /**
   * @param command the server's command
   * @param directory its scratch directory
   * @return the command, run by a shell that deletes the directory after a SIGTERM stopped it
   */
  static List<String> wrap(List<String> command, Path directory) {
    List<String> wrapped =
        new ArrayList<>(List.of("/bin/sh", "-c", SCRIPT, "sh", directory.toString()));
    wrapped.addAll(command);
    return wrapped;
  }
}
