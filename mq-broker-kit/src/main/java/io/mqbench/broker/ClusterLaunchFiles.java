package io.mqbench.broker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * What every node of a {@link JavaLocalBroker} is told in its {@link LaunchFile}: the descriptor's
 * settings, its own host, ports, number and directory, every node's host and ports, and the one
 * cluster id all nodes of a start share.
 */
final class ClusterLaunchFiles {
  private final String brokerName;
  private final Map<String, String> settings;
  private final int[][] ports;
  private final IntFunction<String> host;
  private final String clusterId = clusterId();

  /**
   * @param brokerName the broker's name, for errors and the files' comment
   * @param settings the descriptor's settings for this start; none may be a key the template writes
   * @param ports every node's ports, the first its client port
   * @param host every node's address, by node from 0
   */
  ClusterLaunchFiles(
      String brokerName, Map<String, String> settings, int[][] ports, IntFunction<String> host) {
    this.brokerName = brokerName;
    this.settings = settings;
    this.ports = ports;
    this.host = host;
  }

  /**
   * Writes a node's launch file, {@link JavaLocalBroker#LAUNCH_FILE} in its directory.
   *
   * @param node which node, from 0
   * @param dir its directory, made already
   * @return the file
   * @throws IllegalArgumentException if a setting is a key the template writes
   */
  Path write(int node, Path dir) throws IOException {
    int size = ports.length;
    Properties p = new Properties();
    settings.forEach(
        (k, v) -> {
          if (LocalBrokerDescriptor.RESERVED.contains(k)
              || k.matches("node\\.\\d+\\.(ports|host)")) {
            throw new IllegalArgumentException(brokerName + ": reserved launch key " + k);
          }
          p.setProperty(k, v);
        });
    p.setProperty(LaunchFile.HOST, host.apply(node));
    p.setProperty(LaunchFile.PORTS, join(ports[node]));
    p.setProperty(LaunchFile.NODE, String.valueOf(node + 1));
    p.setProperty(LaunchFile.NODES, String.valueOf(size));
    for (int n = 0; n < size; n++) {
      p.setProperty("node." + (n + 1) + ".ports", join(ports[n]));
      p.setProperty("node." + (n + 1) + ".host", host.apply(n));
    }
    p.setProperty(LaunchFile.DIRECTORY, dir.toString());
    p.setProperty(LaunchFile.CLUSTER_ID, clusterId);
    Path file = dir.resolve(JavaLocalBroker.LAUNCH_FILE);
    LaunchFile.write(file, p, brokerName + ", node " + (node + 1) + " of " + size);
    return file;
  }

  private static String join(int[] ports) {
    return Arrays.stream(ports).mapToObj(String::valueOf).collect(Collectors.joining(","));
  }

  /** 16 random bytes in URL-safe base64, the form KRaft's storage format takes. */
  private static String clusterId() {
    UUID u = UUID.randomUUID();
    ByteBuffer b = ByteBuffer.allocate(16);
    b.putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits());
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
  }
}
