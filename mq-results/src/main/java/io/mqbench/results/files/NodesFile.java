package io.mqbench.results.files;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mqbench.results.NodeResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code nodes.json} in a run's folder: each worker node's counts, rates and clock offset, beside
 * the run's totals in {@code run.json}. Written only for runs on workers.
 */
public final class NodesFile {
  /** The file's name in a run's folder. */
  public static final String NAME = "nodes.json";

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private NodesFile() {}

  /**
   * @param nodes the nodes of the run
   * @param folder the run's folder (made if missing)
   */
  public static void write(List<NodeResult> nodes, Path folder) {
    try {
      Files.createDirectories(folder);
      JSON.writeValue(folder.resolve(NAME).toFile(), nodes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + folder.resolve(NAME), e);
    }
  }

  /**
   * @param folder a run's folder
   * @return the nodes written there
   */
  public static List<NodeResult> read(Path folder) {
    try {
      return List.of(JSON.readValue(folder.resolve(NAME).toFile(), NodeResult[].class));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + folder.resolve(NAME), e);
    }
  }

  /**
   * Prints one line per node: where it is, what it did, its clock offset and the CPU it used.
   *
   * @param nodes the nodes
   * @param out where to print
   */
  public static void print(List<NodeResult> nodes, PrintStream out) {
    for (NodeResult n : nodes) {
      out.printf(
          Locale.ROOT,
          "node       %s %s: sent %,.0f msgs/s, received %,.0f msgs/s, clock %+.3f ms ± %.3f ms%s%s%n",
          n.node(),
          n.roles(),
          n.sentPerSecond(),
          n.receivedPerSecond(),
          n.clockOffsetMs(),
          n.clockUncertaintyMs(),
          n.harness() == null
              ? ""
              : String.format(
                  Locale.ROOT,
                  ", CPU %.2f s (%.1f µs/msg)",
                  n.harness().cpuSeconds(),
                  n.harness().cpuMicrosPerMessage()),
          n.failure() == null ? "" : ", FAILED: " + n.failure());
    }
  }
}
