package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * iproute2's {@code ip}, run as a child process in the C locale with no input, for {@link
 * NetworkNamespaces}. A failure or a hang becomes one {@link MqException} line quoting the command
 * and what it printed.
 *
 * @param path the executable
 */
record IpCommand(String path) {
  /** How long one {@code ip} command may take. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(15);

  /**
   * @return the {@code ip} installed in one of the usual places, or empty
   */
  static Optional<IpCommand> find() {
    return Stream.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip")
        .filter(p -> Files.isExecutable(Path.of(p)))
        .findFirst()
        .map(IpCommand::new);
  }

  /**
   * Runs {@code ip} with {@code args}.
   *
   * @return what it printed
   * @throws MqException in one line quoting the command and what it said, if it fails or hangs
   */
  String run(String... args) throws InterruptedException {
    return run(List.of(args));
  }

  /**
   * Runs {@code ip} with {@code args}.
   *
   * @return what it printed
   * @throws MqException in one line quoting the command and what it said, if it fails or hangs
   */
  String run(List<String> args) throws InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(path);
    command.addAll(args);
    String shown = "ip " + String.join(" ", args);
    Process p;
    try {
      ProcessBuilder pb =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.environment().put("LC_ALL", "C");
      p = pb.start();
    } catch (IOException e) {
      throw new MqException("cannot run " + shown + ": " + e.getMessage(), e);
    }
    CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> readAll(p));
    try {
      if (!p.waitFor(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new MqException(shown + " did not end within " + COMMAND_TIMEOUT.toSeconds() + " s");
      }
      String out = output.get(5, TimeUnit.SECONDS);
      if (p.exitValue() != 0) {
        throw new MqException(
            shown + " failed with status " + p.exitValue() + ": " + out.strip().replace('\n', ' '));
      }
      return out;
    } catch (InterruptedException e) {
      p.destroyForcibly();
      throw e;
    } catch (ExecutionException | TimeoutException e) {
      throw new MqException("cannot read what " + shown + " printed: " + e, e);
    }
  }

  /** Runs {@code ip} with {@code args}, ignoring a failure: for what may be gone already. */
  void quietly(List<String> args) throws InterruptedException {
    try {
      run(args);
    } catch (MqException e) {
      // already gone, or not ours to remove
    }
  }

  private static String readAll(Process p) {
    try (InputStream in = p.getInputStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
