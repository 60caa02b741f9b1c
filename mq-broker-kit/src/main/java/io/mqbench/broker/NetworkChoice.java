package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name and subnet of a new {@link NetworkNamespaces}: a random id no link or namespace of this
 * machine uses, and a subnet 10.213.X.0/24 that no address or route of it overlaps. Called with the
 * lock held that makes the choice and the bridge one step for runs started at once.
 */
final class NetworkChoice {
  private static final Pattern IPV4 =
      Pattern.compile(
          "(?<![0-9.])(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

  private NetworkChoice() {}

  /**
   * @return four hex digits that name no bridge ({@code mqb<id>}) or namespace ({@code mqb-<id>-N})
   *     here
   * @throws MqException if 100 random tries were all taken, or {@code ip} fails
   */
  static String freeId(IpCommand ip) throws InterruptedException {
    String links = ip.run("-o", "link", "show");
    String namespaces = ip.run("netns", "list");
    for (int attempt = 0; attempt < 100; attempt++) {
      String id = String.format(Locale.ROOT, "%04x", ThreadLocalRandom.current().nextInt(0x10000));
      if (!links.contains(" mqb" + id) && !namespaces.contains("mqb-" + id + "-")) {
        return id;
      }
    }
    throw new MqException("no free name mqb<4 hex digits> for a bridge: 100 tries were taken");
  }

  /**
   * @return an X from 1 to 254 whose 10.213.X.0/24 no address or route here overlaps, tried from a
   *     random start
   * @throws MqException if every one is busy, or {@code ip} fails
   */
  static int freeSubnet(IpCommand ip) throws InterruptedException {
    String used =
        ip.run("-o", "-4", "address", "show")
            + "\n"
            + ip.run("-o", "-4", "route", "show", "table", "all");
    Set<Integer> busy = busySubnets(used);
    int start = ThreadLocalRandom.current().nextInt(1, 255);
    for (int i = 0; i < 254; i++) {
      int x = 1 + (start - 1 + i) % 254;
      if (!busy.contains(x)) {
        return x;
      }
    }
    throw new MqException(
        "no free subnet 10.213.X.0/24 for broker nodes in network namespaces: this machine's"
            + " addresses and routes (ip address; ip route show table all) overlap every one");
  }

  /**
   * Which X of 10.213.X.0/24 overlap an address or route in {@code ip}'s output. Prefixes wider
   * than /16 (a default route, 10.0.0.0/8) do not count: a /24 of ours is more specific.
   *
   * @param ipOutput what {@code ip -o -4 address show} and {@code ip -o -4 route show table all}
   *     printed
   * @return the Xs in use
   */
  static Set<Integer> busySubnets(String ipOutput) {
    Set<Integer> busy = new HashSet<>();
    Matcher m = IPV4.matcher(ipOutput);
    while (m.find()) {
      long address = 0;
      boolean valid = true;
      for (int g = 1; g <= 4; g++) {
        int octet = Integer.parseInt(m.group(g));
        valid &= octet <= 255;
        address = address << 8 | octet;
      }
      int length = m.group(5) == null ? 32 : Integer.parseInt(m.group(5));
      if (!valid || length < 16 || length > 32) {
        continue;
      }
      long size = 1L << (32 - length);
      long first = address & ~(size - 1) & 0xffffffffL;
      long last = first + size - 1;
      for (int x = 0; x < 256; x++) {
        long ours = (10L << 24) | (213L << 16) | ((long) x << 8);
        if (first <= ours + 255 && ours <= last) {
          busy.add(x);
        }
      }
    }
    return busy;
  }
}
