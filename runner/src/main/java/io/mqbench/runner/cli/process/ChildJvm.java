package io.mqbench.runner.cli.process;

import io.mqbench.broker.JavaBroker;
import io.mqbench.runner.progress.ProgressDisplay;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * This program started again in a JVM of its own, whose heap the run command chose (RunHeap): same
 * class path, same arguments, the system properties that matter, standard streams inherited. The
 * parent waits for it and exits with its exit code.
 *
 * <p>Signals. The child runs in a session of its own ({@code setsid}), so that a Ctrl-C on the
 * terminal, which goes to the whole foreground process group, reaches only the parent, and the
 * parent passes every SIGINT and SIGTERM it gets on to the child: a signal to the parent alone
 * ({@code kill}, {@code timeout}, {@code docker stop}) and a Ctrl-C both reach the child exactly
 * once, and a second one still ends it at once. The child watches the parent ({@link ParentWatch})
 * and stops as at a SIGTERM when the parent is gone (killed with SIGKILL, or a zombie), halted if
 * that stop does not end it within seconds, so that it never runs on unseen. Where there is no
 * {@code setsid}, a child would get a Ctrl-C twice (from the terminal and from the parent) and the
 * second would end it without results; the load then stays in the parent.
 */
public final class ChildJvm {
  /** Set in the child: the parent's process id. */
  public static final String PARENT_PROPERTY = "mqbench.parent";

  /**
   * System properties the child's JVM sets itself, or that are Maven's own (exec:java runs this
   * program inside Maven): not passed on.
   */
  private static final List<String> OWN_PROPERTIES =
      List.of(
          "java.",
          "javax.",
          "jdk.",
          "sun.",
          "os.",
          "user.",
          "file.",
          "line.separator",
          "path.separator",
          "native.encoding",
          "stdout.encoding",
          "stderr.encoding",
          "awt.",
          "maven.",
          "classworlds.",
          "library.jansi.",
          "jansi.",
          "guice.",
          PARENT_PROPERTY);

  /** Variables whose options the JVM adds to its input arguments, and the child's JVM again. */
  private static final List<String> OPTIONS_VARIABLES =
      List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  /** Heap flags given to java: the user chose the heap, so the load stays in that JVM. */
  private static final List<String> HEAP_FLAGS =
      List.of(
          "-Xmx",
          "-XX:MaxHeapSize=",
          "-XX:MaxRAM=",
          "-XX:MaxRAMPercentage=",
          "-XX:MaxRAMFraction=",
          "-XX:MinRAMPercentage=",
          "-XX:MinRAMFraction=",
          "-XX:+AggressiveHeap",
          // An initial heap above the maximum chosen here would stop the child JVM from starting.
          "-Xms",
          "-XX:InitialHeapSize=",
          "-XX:InitialRAMPercentage=");

  private final Class<?> main;
  private final String[] args;
  private final Map<String, String> systemProperties;
  private final Map<String, String> env;
  private final List<String> jvmArguments;
  private final boolean embedded;
  private final StopSignals stop;
  private final boolean terminal;

  private ChildJvm(
      Class<?> main,
      String[] args,
      Map<String, String> systemProperties,
      Map<String, String> env,
      List<String> jvmArguments,
      boolean embedded,
      StopSignals stop,
      boolean terminal) {
    this.main = main;
    this.args = args.clone();
    this.systemProperties = new TreeMap<>(systemProperties);
    this.env = Map.copyOf(env);
    this.jvmArguments = List.copyOf(jvmArguments);
    this.embedded = embedded;
    this.stop = stop;
    this.terminal = terminal;
  }

  /**
   * This JVM, as {@code main} sees it. Only {@code main} calls this, and a command that runs
   * another command's load in a JVM of its own when {@code main} gave it one ({@code suite}).
   *
   * @param main the class whose {@code main} the child runs, from the class loader of the class
   *     path the child gets
   * @param args the program's arguments
   * @param invocation its environment and system properties
   * @param stop its signals, passed on to the child while it runs
   * @return how to start this program again
   */
  public static ChildJvm ofThisJvm(
      Class<?> main, String[] args, Invocation invocation, StopSignals stop) {
    // exec:java calls main in Maven's JVM from a class loader of the project's class path: the
    // JVM's arguments (-Xmx384m from .mvn/jvm.config) are Maven's, not a choice of the user's.
    boolean embedded = main.getClassLoader() != ClassLoader.getSystemClassLoader();
    return new ChildJvm(
        main,
        args,
        invocation.systemProperties(),
        invocation.env(),
        ManagementFactory.getRuntimeMXBean().getInputArguments(),
        embedded,
        stop,
        invocation.terminal());
  }

  /**
   * @return whether this JVM is itself a child: it never starts another
   */
  public boolean isChild() {
    return systemProperties.containsKey(PARENT_PROPERTY);
  }

  /**
   * @param jvmArguments the JVM's input arguments ({@code JAVA_TOOL_OPTIONS} and {@code
   *     JDK_JAVA_OPTIONS} included)
   * @return whether they size the heap
   */
  public static boolean sizeTheHeap(List<String> jvmArguments) {
    return jvmArguments.stream().anyMatch(a -> HEAP_FLAGS.stream().anyMatch(a::startsWith));
  }

  /**
   * @return whether the user sized this JVM's heap on its command line or in {@code
   *     JAVA_TOOL_OPTIONS}/{@code JDK_JAVA_OPTIONS}
   */
  public boolean heapChosenByUser() {
    return !embedded && sizeTheHeap(jvmArguments);
  }

  /**
   * @return why no child can be started here, if it cannot
   */
  public Optional<String> impossible() {
    if (setsid().isEmpty()) {
      return Optional.of("no setsid command here to start it in a session of its own");
    }
    if (!Files.isExecutable(Path.of("/bin/sh"))) {
      return Optional.of("no /bin/sh here to pass Ctrl-C on");
    }
    if (jvmArguments.stream().anyMatch(a -> a.contains("jdwp") || a.equals("-Xdebug"))) {
      return Optional.of("a debugger is attached to this JVM");
    }
    try {
      classPath();
    } catch (IllegalStateException e) {
      return Optional.of(e.getMessage());
    }
    return Optional.empty();
  }

  /**
   * Starts the child, passes signals on to it until it ends, and waits for it.
   *
   * @param heapBytes its maximum heap
   * @return its exit code (128 + the signal's number if a signal ended it)
   */
  public int run(long heapBytes) {
    ProcessBuilder builder = new ProcessBuilder(command(heapBytes)).inheritIO();
    if (terminal && !env.containsKey("COLUMNS")) {
      // In a session of its own the child has no controlling terminal to ask for the width of the
      // progress bar; the parent asks for it.
      builder.environment().put("COLUMNS", Integer.toString(ProgressDisplay.terminalWidth()));
    }
    Relay relay = new Relay();
    stop.relayTo(relay::signal);
    Process child;
    try {
      child = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the run's JVM: " + e.getMessage(), e);
    }
    relay.started(child);
    while (true) {
      try {
        return child.waitFor();
      } catch (InterruptedException e) {
        // Nothing interrupts main; were it to happen, the child still decides when the run ends.
      }
    }
  }

  /** The child's command line: {@code setsid java <options> -Xmx -cp <class path> Main <args>}. */
  private List<String> command(long heapBytes) {
    List<String> command = new ArrayList<>();
    command.add(setsid().orElseThrow());
    command.add(JavaBroker.javaBinary());
    if (embedded) {
      // Maven's JVM options are Maven's; the options of the run are its system properties.
      systemProperties.forEach(
          (k, v) -> {
            if (OWN_PROPERTIES.stream().noneMatch(k::startsWith)) {
              command.add("-D" + k + "=" + v);
            }
          });
    } else {
      command.addAll(ownArguments());
    }
    command.add("-Xmx" + (heapBytes >> 20) + "m");
    command.add("-D" + PARENT_PROPERTY + "=" + ProcessHandle.current().pid());
    command.add("-cp");
    command.add(classPath());
    command.add(main.getName());
    command.addAll(Arrays.asList(args));
    return command;
  }

  /**
   * This JVM's arguments but those from the options variables, which the child's JVM reads again
   * from the environment it inherits.
   */
  private List<String> ownArguments() {
    List<String> own = new ArrayList<>(jvmArguments);
    for (String variable : OPTIONS_VARIABLES) {
      String value = env.get(variable);
      if (value != null) {
        for (String option : value.trim().split("\\s+")) {
          own.remove(option);
        }
      }
    }
    return own;
  }

  private String classPath() {
    if (!embedded) {
      return systemProperties.getOrDefault("java.class.path", "");
    }
    if (!(main.getClassLoader() instanceof URLClassLoader loader)) {
      throw new IllegalStateException("the class path of the JVM this runs in cannot be read");
    }
    List<String> entries = new ArrayList<>();
    for (URL url : loader.getURLs()) {
      try {
        entries.add(Path.of(url.toURI()).toString());
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new IllegalStateException("a class path entry is not a file: " + url, e);
      }
    }
    return String.join(File.pathSeparator, entries);
  }

  private Optional<String> setsid() {
    String path = env.getOrDefault("PATH", "/usr/bin:/bin");
    return Arrays.stream(path.split(File.pathSeparator))
        .filter(dir -> !dir.isEmpty())
        .map(dir -> Path.of(dir, "setsid"))
        .filter(Files::isExecutable)
        .map(Path::toString)
        .findFirst();
  }

  /**
   * In a child: stops the run as at a SIGTERM once the parent is gone (a zombie counts as gone),
   * and halts this JVM if that stop has not ended it within {@link ParentWatch#GRACE} (see {@link
   * ParentWatch}). Only {@code main} calls this; outside a child it does nothing.
   *
   * @param systemProperties this JVM's, with the parent's id
   * @param stop this JVM's signals
   * @param err where the stop is said
   */
  public static void watchParent(
      Map<String, String> systemProperties, StopSignals stop, PrintStream err) {
    String pid = systemProperties.get(PARENT_PROPERTY);
    if (pid == null) {
      return;
    }
    ParentWatch.start(Long.parseLong(pid), () -> stop.request(true), ParentWatch.GRACE, err);
  }

  /** Passes the parent's signals on to the child, holding those that come before it started. */
  private static final class Relay {
    private final List<Boolean> early = new ArrayList<>();
    private Process child;

    synchronized void signal(boolean term) {
      if (child == null) {
        early.add(term);
      } else {
        send(child, term);
      }
    }

    synchronized void started(Process p) {
      child = p;
      early.forEach(term -> send(p, term));
      early.clear();
    }

    private static void send(Process child, boolean term) {
      if (!child.isAlive()) {
        return;
      }
      if (term) {
        child.destroy(); // SIGTERM
        return;
      }
      // Java sends SIGTERM and SIGKILL only; the shell's kill sends SIGINT.
      try {
        new ProcessBuilder("/bin/sh", "-c", "kill -INT " + child.pid())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start()
            .waitFor();
      } catch (IOException e) {
        child.destroy(); // a stop all the same, as a SIGTERM
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
