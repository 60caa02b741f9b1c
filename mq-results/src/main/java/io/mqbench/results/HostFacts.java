package io.mqbench.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a run's figures depend on in the machine it ran on, beyond its name and cores: a trend mixes
 * only runs whose host facts agree, so that a new machine is not read as a change in a queue. Read
 * from Linux's {@code /proc} and {@code /sys}; elsewhere each is {@code unknown}.
 *
 * @param cpuModel the CPU's model name
 * @param memoryBytes physical memory, or -1 when unknown
 * @param kernel the kernel's release
 * @param disk the disk results are written to: its device, model and whether it spins
 */
public record HostFacts(String cpuModel, long memoryBytes, String kernel, String disk) {
  private static final String UNKNOWN = "unknown";

  /**
   * @param resultsDir the folder results are written to, whose disk is reported
   * @return the facts of this machine
   */
  public static HostFacts current(Path resultsDir) {
    return new HostFacts(
        cpuModel(Path.of("/proc/cpuinfo")),
        memoryBytes(Path.of("/proc/meminfo")),
        System.getProperty("os.version", UNKNOWN),
        disk(resultsDir, Path.of("/proc/self/mounts"), Path.of("/sys/block")));
  }

  static String cpuModel(Path cpuinfo) {
    return lines(cpuinfo).stream()
        .filter(
            l -> l.startsWith("model name") || l.startsWith("Model") || l.startsWith("cpu model"))
        .map(l -> l.substring(l.indexOf(':') + 1).strip())
        .filter(s -> !s.isEmpty())
        .findFirst()
        .orElse(UNKNOWN);
  }

  static long memoryBytes(Path meminfo) {
    return lines(meminfo).stream()
        .filter(l -> l.startsWith("MemTotal:"))
        .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
        .findFirst()
        .orElse(-1L);
  }

  /**
   * The block device behind the longest mount point that holds {@code dir}, with its model and
   * whether it spins; a file system without a block device (overlay, tmpfs) is named by its type.
   */
  static String disk(Path dir, Path mounts, Path sysBlock) {
    Path abs = dir.toAbsolutePath().normalize();
    String best = null;
    int bestLength = -1;
    for (String line : lines(mounts)) {
      String[] f = line.split(" ");
      if (f.length < 3) {
        continue;
      }
      String point = f[1].replace("\\040", " ");
      if (abs.startsWith(Path.of(point)) && point.length() > bestLength) {
        bestLength = point.length();
        best = f[0].startsWith("/dev/") ? f[0] : f[2];
      }
    }
    if (best == null) {
      return UNKNOWN;
    }
    if (!best.startsWith("/dev/")) {
      return best;
    }
    String device = blockDevice(best.substring("/dev/".length()), sysBlock);
    Path block = sysBlock.resolve(device);
    String model = first(block.resolve("device/model")).orElse("");
    String kind =
        first(block.resolve("queue/rotational"))
            .map(r -> r.equals("1") ? "rotational" : "solid state")
            .orElse("");
    return String.join(" ", List.of(device, model, kind)).replaceAll(" +", " ").strip();
  }

  /** {@code nvme0n1p2} or {@code sda1} without its partition, when that is a block device. */
  private static String blockDevice(String name, Path sysBlock) {
    if (Files.isDirectory(sysBlock.resolve(name))) {
      return name;
    }
    for (String whole : List.of(name.replaceAll("p?\\d+$", ""), name.replaceAll("\\d+$", ""))) {
      if (!whole.isEmpty() && Files.isDirectory(sysBlock.resolve(whole))) {
        return whole;
      }
    }
    return name;
  }

  private static Optional<String> first(Path file) {
    return lines(file).stream().map(String::strip).filter(s -> !s.isEmpty()).findFirst();
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException | RuntimeException e) {
      return List.of(); // not Linux, or hidden: the fact is unknown rather than wrong
    }
  }

  /**
   * @return one line, such as {@code AMD EPYC, 23.4 GiB, 6.1.0, vda rotational}
   */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%s, %s, kernel %s, disk %s",
        cpuModel,
        memoryBytes < 0
            ? "memory unknown"
            : String.format(Locale.ROOT, "%.1f GiB", memoryBytes / 1073741824.0),
        kernel,
        disk);
  }
}
