package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The networks that {@link NetworkNamespaces} of harnesses killed with SIGKILL left behind, found
 * by the alias of their bridge ({@code mqbench pid <pid>}) and removed, as {@link ScratchDirectory}
 * does for directories.
 */
final class AbandonedNetworks {
  /** The alias of every bridge made by {@link NetworkNamespaces}, followed by its owner's pid. */
  static final String OWNER_ALIAS = "mqbench pid ";

  private static final Pattern OWN_NAMESPACE =
      Pattern.compile("^(mqb-([0-9a-f]{4})-\\d+)(\\s.*)?$");

  private static final Pattern OWNED_BRIDGE =
      Pattern.compile("^\\d+: (mqb[0-9a-f]{4})[:@].*\\\\\\s+alias " + OWNER_ALIAS + "(\\d+)\\s*$");

  private AbandonedNetworks() {}

  /**
   * Removes the networks whose owner process is gone (a harness killed with SIGKILL): its veths,
   * namespaces and bridge; and namespaces of ours without their bridge (made before the namespaces
   * and removed after them, so such a namespace is a leftover). Networks of live harnesses are left
   * alone. Called with the lock held, so that no network is half made meanwhile. Best effort: a
   * leftover costs a name and a subnet, not correctness.
   */
  static void remove(IpCommand ip) throws InterruptedException {
    String bridges;
    try {
      bridges = ip.run("-o", "link", "show", "type", "bridge");
      removeNamespacesWithoutBridge(ip, bridges);
    } catch (MqException e) {
      return;
    }
    for (String line : bridges.lines().toList()) {
      Matcher m = OWNED_BRIDGE.matcher(line);
      if (!m.matches()) {
        continue;
      }
      long owner = Long.parseLong(m.group(2));
      if (ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
        continue;
      }
      try {
        removeNetwork(ip, m.group(1), owner);
      } catch (MqException e) {
        // best effort, as above
      }
    }
  }

  private static void removeNamespacesWithoutBridge(IpCommand ip, String bridges)
      throws InterruptedException {
    for (String ns : ip.run("netns", "list").lines().toList()) {
      Matcher m = OWN_NAMESPACE.matcher(ns);
      if (m.matches() && !bridges.contains(": mqb" + m.group(2) + ":")) {
        ip.quietly(List.of("netns", "delete", m.group(1)));
        System.err.println(
            "mqbench: removed the network namespace " + m.group(1) + ", left without its bridge");
      }
    }
  }

  /** Removes one gone harness's veths, namespaces and bridge, and says so. */
  private static void removeNetwork(IpCommand ip, String bridge, long owner)
      throws InterruptedException {
    String id = bridge.substring(3);
    List<String> names = new ArrayList<>();
    for (String l : ip.run("-o", "link", "show").lines().toList()) {
      Matcher link = Pattern.compile("^\\d+: (mqb" + id + "-\\d+)[:@].*").matcher(l);
      if (link.matches()) {
        names.add(link.group(1));
      }
    }
    List<String> spaces =
        ip.run("netns", "list")
            .lines()
            .map(l -> l.split("\\s+")[0])
            .filter(n -> n.startsWith("mqb-" + id + "-"))
            .toList();
    for (String link : names) {
      ip.quietly(List.of("link", "delete", "dev", link));
    }
    for (String ns : spaces) {
      ip.quietly(List.of("netns", "delete", ns));
    }
    ip.quietly(List.of("link", "delete", "dev", bridge));
    System.err.println(
        "mqbench: removed the network namespaces of harness "
            + owner
            + ", which is gone: bridge "
            + bridge
            + (spaces.isEmpty() ? "" : ", " + String.join(", ", spaces)));
  }
}
