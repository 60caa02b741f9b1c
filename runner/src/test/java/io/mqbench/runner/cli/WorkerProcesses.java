package io.mqbench.runner.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code mqbench worker} processes for tests: each its own JVM on the test's class path, started on
 * a free port (or the one given), its output in a log file; closing kills every one of them. Every
 * worker wants a token: unless the options name another, all take {@link #TOKEN} from {@link
 * #tokenFile()}, which a coordinator then gives with {@code --worker-token-file}.
 */
final class WorkerProcesses implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on (\\S+):(\\d+)");

  /** A started worker. */
  record Worker(Process process, String address, Path log) {
    String logText() {
      try {
        return Files.readString(log, StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "(no log: " + e.getMessage() + ")";
      }
    }
  }

  private final Path dir;
  private final List<Worker> workers = new ArrayList<>();

  WorkerProcesses(Path dir) {
    this.dir = dir;
  }

  /** The token of every worker started here without a --token-file of its own. */
  static final String TOKEN = "token-of-the-test-workers";

  /**
   * @return the file holding {@link #TOKEN}, for the workers' {@code --token-file} and the
   *     coordinator's {@code --worker-token-file}
   */
  Path tokenFile() {
    Path file = dir.resolve("worker-token");
    try {
      if (!Files.exists(file)) {
        Files.writeString(file, TOKEN + "\n", StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return file;
  }

  /**
   * Starts a worker with {@link #tokenFile()} unless the options give a --token-file, and waits
   * until it listens.
   *
   * @param prefix words before {@code java} (such as {@code ip netns exec NS}); may be empty
   * @param args the worker's options after {@code worker}
   * @return the worker
   */
  Worker start(List<String> prefix, String... args) throws IOException, InterruptedException {
    List<String> options = new ArrayList<>(List.of(args));
    if (!options.contains("--token-file")) {
      options.addAll(List.of("--token-file", tokenFile().toString()));
    }
    return startAsGiven(prefix, options.toArray(String[]::new));
  }

  /**
   * Starts a worker with exactly these options and waits until it listens.
   *
   * @param prefix words before {@code java} (such as {@code ip netns exec NS}); may be empty
   * @param args the worker's options after {@code worker}
   * @return the worker
   */
  Worker startAsGiven(List<String> prefix, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(prefix);
    command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx256m",
            "-XX:TieredStopAtLevel=1",
            "-cp",
            System.getProperty("java.class.path"),
            Main.class.getName(),
            "worker"));
    command.addAll(List.of(args));
    Path log = dir.resolve("worker-" + workers.size() + ".log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < deadline) {
      Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
      if (m.find()) {
        Worker w = new Worker(p, m.group(1) + ":" + m.group(2), log);
        workers.add(w);
        return w;
      }
      if (!p.isAlive()) {
        throw new IllegalStateException(
            "worker exited with " + p.exitValue() + ": " + Files.readString(log));
      }
      Thread.sleep(50);
    }
    p.destroyForcibly();
    throw new IllegalStateException("worker did not listen within 30 s: " + Files.readString(log));
  }

  Worker start(String... args) throws IOException, InterruptedException {
    return start(List.of(), args);
  }

  @Override
  public void close() {
    for (Worker w : workers) {
      w.process().destroyForcibly();
    }
    for (Worker w : workers) {
      try {
        w.process().waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
