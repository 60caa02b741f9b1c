package io.mqbench.runner.cli.process;

import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Ctrl-C (SIGINT) and SIGTERM as requests to stop, not as the end of the JVM: the first one stops
 * the run under way (senders finish what is in flight, receivers take what is arriving), and the
 * main thread then writes the partial results, the chart included, and exits with {@code 130} or
 * {@code 143}. A second signal exits at once, without results.
 *
 * <p>Handling the signals, rather than running in a shutdown hook, is what makes this work: in a
 * shutdown hook the JVM is already going down, other hooks (the terminal library's, the local
 * broker's) run at the same time, and AWT cannot start to draw a chart.
 */
public final class StopSignals {
  /** Exit code of a run stopped by SIGINT: 128 + 2, as shells report it. */
  public static final int SIGINT_EXIT = ExitCodes.INTERRUPTED;

  /** Exit code of a run stopped by SIGTERM: 128 + 15. */
  public static final int SIGTERM_EXIT = ExitCodes.TERMINATED;

  /**
   * What a stop says: at the first signal, and at the second, which exits at once.
   *
   * @param first said when the stop begins
   * @param second said before the JVM exits at once
   */
  public record Notices(String first, String second) {
    /**
     * Before a command says what a stop means for it (the JVM is starting, the command is being
     * parsed): neither a run's nor a worker's words, which would promise what has not begun.
     */
    public static final Notices STARTING =
        new Notices("mqbench: stopping (again to exit at once)", "mqbench: stopped at once");

    /** A run's: partial results follow the first signal, none the second. */
    public static final Notices RUN =
        new Notices(
            "mqbench: stopping: senders finish what is in flight, then partial results are written"
                + " (again to exit at once, without results)",
            "mqbench: stopped at once; no results written");
  }

  private final AtomicReference<Runnable> onStop = new AtomicReference<>(() -> {});
  private volatile Notices notices = Notices.STARTING;
  private Consumer<Boolean> relay;
  private final AtomicInteger signals = new AtomicInteger();
  private final PrintStream err;
  private final boolean ownsTheJvm;
  private volatile int exitCode = SIGINT_EXIT;

  private StopSignals(PrintStream err, boolean ownsTheJvm) {
    this.err = err;
    this.ownsTheJvm = ownsTheJvm;
  }

  /**
   * Takes over SIGINT and SIGTERM for this JVM. Only {@code main} calls this.
   *
   * @param err where the notice of a stop goes
   * @return the signals' state
   */
  public static StopSignals install(PrintStream err) {
    StopSignals s = new StopSignals(err, true);
    for (String name : new String[] {"INT", "TERM"}) {
      handle(name, () -> s.received(name));
    }
    return s;
  }

  /**
   * Installs a handler through {@code sun.misc.Signal}, the JDK's supported-but-unexported signal
   * API (module jdk.unsupported), reached by reflection because javac warns on every direct use and
   * the build treats warnings as errors. Where it is missing or refuses the signal (-Xrs), the
   * JVM's default stays: the run ends without results, as before.
   */
  private static void handle(String signal, Runnable action) {
    try {
      Class<?> signalClass = Class.forName("sun.misc.Signal");
      Class<?> handlerClass = Class.forName("sun.misc.SignalHandler");
      Object handler =
          Proxy.newProxyInstance(
              handlerClass.getClassLoader(),
              new Class<?>[] {handlerClass},
              (proxy, method, args) -> {
                if (method.getName().equals("handle")) {
                  action.run();
                  return null;
                }
                return switch (method.getName()) {
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> "mqbench stop on SIG" + signal;
                };
              });
      Object sig = signalClass.getConstructor(String.class).newInstance(signal);
      signalClass.getMethod("handle", signalClass, handlerClass).invoke(null, sig, handler);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Not available here: the default handling stays.
    }
  }

  /**
   * @param err where the notice of a stop goes
   * @return signals that only {@link #request(boolean)} raises: for tests and embedding
   */
  public static StopSignals manual(PrintStream err) {
    return new StopSignals(err, false);
  }

  private synchronized void received(String name) {
    if (relay != null) {
      relay.accept(name.equals("TERM"));
      return;
    }
    request(name.equals("TERM"));
  }

  /**
   * From now on every signal goes to {@code to} and does nothing here: the run is in a child JVM
   * ({@link ChildJvm}), which stops itself, second signal included. A stop requested before is
   * passed on at once.
   *
   * @param to takes true for SIGTERM, false for SIGINT
   */
  public synchronized void relayTo(Consumer<Boolean> to) {
    relay = to;
    if (requested()) {
      to.accept(exitCode == SIGTERM_EXIT);
    }
  }

  /**
   * A stop, as if a signal arrived.
   *
   * @param term true for SIGTERM, false for SIGINT
   */
  public void request(boolean term) {
    int n = signals.incrementAndGet();
    if (n == 1) {
      exitCode = term ? SIGTERM_EXIT : SIGINT_EXIT;
      err.println();
      err.println(notices.first());
      err.flush();
      onStop.get().run();
    } else if (n == 2 && ownsTheJvm) {
      err.println(notices.second());
      err.flush();
      Runtime.getRuntime().halt(exitCode);
    }
  }

  /**
   * @param action what a stop does now (stop the run under way); replaces the previous one and runs
   *     at once if a stop was already requested
   */
  public void onStop(Runnable action) {
    onStop(action, Notices.RUN);
  }

  /**
   * As {@link #onStop(Runnable)}, for a command that is not a run (a worker) and says so.
   *
   * @param action what a stop does now
   * @param notices what the first and the second signal say
   */
  public void onStop(Runnable action, Notices notices) {
    this.notices = notices;
    onStop.set(action);
    if (requested()) {
      action.run();
    }
  }

  /**
   * @return whether a stop was requested
   */
  public boolean requested() {
    return signals.get() > 0;
  }

  /**
   * @return the exit code of an interrupted run: 130 for SIGINT, 143 for SIGTERM
   */
  public int exitCode() {
    return exitCode;
  }
}
