package io.mqbench.rabbitmq;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code rabbitmqctl} against one private node: with the node's environment (its cookie, epmd and
 * names), in its directory, after a prefix that runs it where the node runs ({@code ip netns exec
 * <namespace>}, or nothing).
 *
 * @param bin the directory holding {@code rabbitmqctl}
 * @param prefix what runs the tool where the node runs; empty on 127.0.0.1
 * @param nodeName the node's Erlang name
 * @param dir the node's directory: the tool's working directory and its log's
 * @param environment sets the node's environment on the tool's
 */
record RabbitCtl(
    Path bin,
    List<String> prefix,
    String nodeName,
    Path dir,
    Consumer<Map<String, String>> environment) {

  /**
   * @return what {@code rabbitmqctl ARGS} printed
   * @throws MqException if it fails or takes longer than the timeout, with what it said
   */
  String query(long timeoutSeconds, String... args) {
    String what = "rabbitmqctl " + args[0] + " on " + nodeName;
    try {
      Path out = Files.createTempFile(dir, "ctl-", ".out");
      try {
        int rc = run(timeoutSeconds, command(args), out);
        String text = Files.readString(out);
        if (rc != 0) {
          throw new MqException(
              what
                  + (rc == -1 ? " took over " + timeoutSeconds + " s" : " exited with " + rc)
                  + ": "
                  + text.strip());
        }
        return text;
      } finally {
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new MqException("cannot run " + what + ": " + e, e);
    }
  }

  /**
   * @return its exit code; -1 if it took longer, -2 if it could not start, -3 if interrupted
   */
  int run(long timeoutSeconds, String... args) {
    return run(timeoutSeconds, command(args), dir.resolve("ctl.log"));
  }

  private List<String> command(String... args) {
    List<String> cmd = new ArrayList<>(prefix);
    cmd.add(bin.resolve("rabbitmqctl").toString());
    cmd.add("-n");
    cmd.add(nodeName);
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Runs a command with the node's environment, its output appended to a file. */
  private int run(long timeoutSeconds, List<String> cmd, Path output) {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    environment.accept(pb.environment());
    pb.directory(dir.toFile());
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
    try {
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return -1;
      }
      return p.exitValue();
    } catch (IOException e) {
      return -2;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -3;
    }
  }
}
