package io.mqbench.broker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The kernel's range of ports for the local ends of outgoing connections (and for bind to 0). */
final class EphemeralPorts {
  private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  /** Linux's default, for a kernel that does not say. */
  private static final int DEFAULT_LOWEST = 32_768;

  private EphemeralPorts() {}

  /**
   * @return the lowest port of the range
   */
  static int lowest() {
    try {
      // Not Files.readString: on a /proc file (size 0) it returned only the first byte.
      return parseLowest(String.join(" ", Files.readAllLines(RANGE)));
    } catch (IOException | RuntimeException e) {
      return DEFAULT_LOWEST;
    }
  }

  /**
   * @param range the file's text, {@code "32768\t60999\n"}
   * @return its first number
   */
  static int parseLowest(String range) {
    return Integer.parseInt(range.trim().split("\\s+")[0]);
  }
}
