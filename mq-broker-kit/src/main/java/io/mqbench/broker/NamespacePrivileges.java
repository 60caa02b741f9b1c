package io.mqbench.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether this process may make network namespaces, told without trying: Linux, an {@code ip}
 * command, and root or the two capabilities namespaces take. For {@link
 * NetworkNamespaces#unavailable()}.
 */
final class NamespacePrivileges {
  /** {@code CAP_NET_ADMIN} and {@code CAP_SYS_ADMIN}, bits 12 and 21 of a capability set. */
  private static final long NEEDED_CAPABILITIES = (1L << 12) | (1L << 21);

  private NamespacePrivileges() {}

  /**
   * @return empty if network namespaces can be made here; else why not, in a few words fit for one
   *     line
   */
  static Optional<String> unavailable() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
      return Optional.of(
          "network namespaces are Linux's, and this is " + System.getProperty("os.name"));
    }
    if (IpCommand.find().isEmpty()) {
      return Optional.of("there is no ip command here (apt-get install iproute2)");
    }
    try {
      return missingCapabilities(
          Files.readString(Path.of("/proc/self/status"), StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return Optional.of("cannot read this process's capabilities from /proc/self/status: " + e);
    }
  }

  /**
   * Whether a process may make network namespaces, by its effective capabilities.
   *
   * @param status the process's {@code /proc/PID/status}
   * @return empty if it has {@code CAP_NET_ADMIN} and {@code CAP_SYS_ADMIN}; else why not
   * @throws IllegalStateException if the text has no {@code CapEff:} or {@code Uid:} line
   */
  static Optional<String> missingCapabilities(String status) {
    long capabilities = Long.parseUnsignedLong(field(status, "CapEff:"), 16);
    if ((capabilities & NEEDED_CAPABILITIES) == NEEDED_CAPABILITIES) {
      return Optional.empty();
    }
    String uid = field(status, "Uid:").split("\\s+")[1]; // real, effective, saved, file system
    return Optional.of(
        uid.equals("0")
            ? "this process is root but lacks CAP_NET_ADMIN or CAP_SYS_ADMIN, which network"
                + " namespaces take (a container needs --cap-add NET_ADMIN --cap-add SYS_ADMIN)"
            : "this process runs as uid "
                + uid
                + ", not root: making network namespaces takes root (CAP_NET_ADMIN and"
                + " CAP_SYS_ADMIN)");
  }

  private static String field(String status, String name) {
    return status
        .lines()
        .filter(l -> l.startsWith(name))
        .findFirst()
        .map(l -> l.substring(name.length()).trim())
        .orElseThrow(() -> new IllegalStateException("no " + name + " line"));
  }
}
