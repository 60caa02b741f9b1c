package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The CLI started as a process on the test's class path, as {@code java -jar mqbench.jar} starts
 * it, its standard error collected line by line. Its standard output is discarded.
 */
final class RunnerProcess implements AutoCloseable {
  final Process process;
  private final List<String> err = new ArrayList<>();

  /**
   * @param mainClass the class to run, {@link Main} unless a test stands in for another launcher
   * @param jvmOptions options before the main class ({@code -Xmx...}); none to let the runner
   *     choose the heap
   * @param env variables added to the environment
   * @param args the CLI's arguments
   */
  RunnerProcess(
      String mainClass, List<String> jvmOptions, Map<String, String> env, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(env);
    process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                  synchronized (err) {
                    err.add(line);
                    err.notifyAll();
                  }
                }
              } catch (IOException e) {
                // the process ended
              }
            });
    reader.setDaemon(true);
    reader.start();
  }

  RunnerProcess(List<String> jvmOptions, Map<String, String> env, List<String> args)
      throws IOException {
    this(Main.class.getName(), jvmOptions, env, args);
  }

  RunnerProcess(List<String> args) throws IOException {
    this(List.of(), Map.of(), args);
  }

  static String java() {
    return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** What the process wrote on standard error so far. */
  String err() {
    synchronized (err) {
      return String.join("\n", err);
    }
  }

  /** Waits until standard error shows {@code text}. */
  void await(String text, long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    synchronized (err) {
      while (err.stream().noneMatch(l -> l.contains(text))) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        assertThat(left).as("stderr shows %s within %d s: %s", text, seconds, err).isPositive();
        err.wait(left);
      }
    }
  }

  /** How many lines of standard error contain {@code text}. */
  long count(String text) {
    synchronized (err) {
      return err.stream().filter(l -> l.contains(text)).count();
    }
  }

  /** Sends a signal to this process, and to no other. */
  void signal(String name) throws IOException, InterruptedException {
    signal(name, process.pid());
  }

  static void signal(String name, long pid) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor();
  }

  /** Waits for the exit and returns its code; fails after {@code seconds}. */
  int exit(long seconds) throws InterruptedException {
    boolean ended = process.waitFor(seconds, TimeUnit.SECONDS);
    assertThat(ended).as("the runner ended within %d s: %s", seconds, err()).isTrue();
    return process.exitValue();
  }

  /** The JVM this process started to run the load, if it started one. */
  Optional<ProcessHandle> childJvm() {
    return process
        .descendants()
        .filter(p -> p.info().command().orElse("").endsWith("java"))
        .findFirst();
  }

  @Override
  public void close() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }
}
