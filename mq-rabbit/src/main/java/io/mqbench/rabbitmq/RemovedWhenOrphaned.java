package io.mqbench.rabbitmq;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A server's command wrapped so that it and its scratch directory go when its owner dies. The
 * broker kit stops a server whose runner is gone, even killed with SIGKILL, by sending it SIGTERM;
 * its directory would stay until the next run swept it. Wrapped, a SIGTERM while the owner (the pid
 * in {@code owner.pid}) lives is passed on and waited for: a stop that keeps the data for a
 * restart, or a close that deletes the directory itself. A SIGTERM after the owner died kills the
 * server's whole process tree with SIGKILL, since its data is about to be deleted and a RabbitMQ
 * node's own orderly stop, with its peers gone, can take minutes; the directory is then deleted.
 * After a kill of the server itself (a fault) the directory stays.
 */
final class RemovedWhenOrphaned {
  /**
   * On SIGTERM: if the owner lives, pass it on and wait; if not, kill the server's tree, each
   * process stopped before its children are listed so that none is missed or left to a new parent.
   * Then delete the directory if the owner is gone. A SIGTERM that comes between the server's start
   * and {@code pid=$!} (the shell runs a trap after the command it interrupted, here the start) is
   * noted and acted on once the server's pid is known: acted on at once, {@code wait} with no pid
   * waited for the server forever.
   */
  private static final String SCRIPT =
      "dir=\"$1\"; shift;"
          + " owned() { kill -0 \"$(cat \"$dir/owner.pid\" 2>/dev/null)\" 2>/dev/null; };"
          + " tree() { kill -STOP \"$1\" 2>/dev/null; for c in $(pgrep -P \"$1\"); do tree \"$c\"; done;"
          + " kill -KILL \"$1\" 2>/dev/null; };"
          + " stop() { if owned; then kill -TERM $pid 2>/dev/null; else tree $pid; fi; wait $pid;"
          + " owned || rm -rf \"$dir\"; exit 143; };"
          + " early=; trap 'early=1' TERM;"
          + " \"$@\" & pid=$!; trap stop TERM; [ -z \"$early\" ] || stop; wait $pid";

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
