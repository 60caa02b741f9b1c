package io.mqbench.engine;

import java.util.concurrent.ThreadFactory;

/**
 * Threads for the harness's own executors (opening a backend, settling, serving metrics or a
 * worker's requests): daemons, so that one stuck in a dead broker's connect or an idle pool never
 * keeps the JVM alive once the command is done.
 */
public final class DaemonThreads {
  private DaemonThreads() {}

  /**
   * @param name every thread's name, as thread dumps show it
   * @return a factory of daemon threads of that name
   */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
