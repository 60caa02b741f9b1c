package io.mqbench.worker;

import io.mqbench.config.ConfigException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a worker listens.
 *
 * @param host a name or an address
 * @param port the port
 */
public record WorkerAddress(String host, int port) {
  private static final Pattern RANGE = Pattern.compile("\\{(\\d+)\\.\\.(\\d+)}");
  private static final String DNS = "dns:";

  /** Checks the port. */
  public WorkerAddress {
    if (host == null || host.isBlank()) {
      throw new ConfigException("--workers: a worker needs a host");
    }
    if (port < 1 || port > 65535) {
      throw new ConfigException("--workers: port " + port + " of " + host + " is not 1..65535");
    }
  }

  /**
   * Reads a list of workers: {@code host:port} separated by commas; a host may hold one range
   * {@code {a..b}}, expanded in order (the pods of a Kubernetes Indexed Job behind a headless
   * Service: {@code bench-{1..4}.bench:7070}). {@code dns:name:port} stands for every address the
   * name resolves to, in ascending order (the replicas of a Docker Compose service scaled with
   * {@code --scale worker=N}, which its DNS returns together under the service's name).
   *
   * @param text the list
   * @return the workers, in order
   * @throws ConfigException naming {@code --workers} for anything else
   */
  public static List<WorkerAddress> parseList(String text) {
    List<WorkerAddress> all = new ArrayList<>();
    for (String item : text.split(",")) {
      String one = item.trim();
      if (one.isEmpty()) {
        continue;
      }
      Matcher range = RANGE.matcher(one);
      if (one.startsWith(DNS)) {
        all.addAll(everyAddressOf(parse(one.substring(DNS.length()))));
      } else if (range.find()) {
        long from = Long.parseLong(range.group(1));
        long to = Long.parseLong(range.group(2));
        if (to < from || to - from > 1000) {
          throw new ConfigException(
              "--workers: range " + range.group() + " in " + one + " is not a..b with a <= b");
        }
        for (long i = from; i <= to; i++) {
          all.add(parse(one.substring(0, range.start()) + i + one.substring(range.end())));
        }
      } else {
        all.add(parse(one));
      }
    }
    if (all.isEmpty()) {
      throw new ConfigException("--workers names no worker: give host:port,host:port...");
    }
    return all;
  }

  private static List<WorkerAddress> everyAddressOf(WorkerAddress name) {
    try {
      return Arrays.stream(InetAddress.getAllByName(name.host()))
          .map(InetAddress::getHostAddress)
          .distinct()
          .sorted()
          .map(a -> new WorkerAddress(a, name.port()))
          .toList();
    } catch (UnknownHostException e) {
      throw new ConfigException("--workers: " + DNS + name + ": the name does not resolve");
    }
  }

  /**
   * @param text {@code host:port}, an IPv6 host in brackets
   * @return the address
   * @throws ConfigException naming {@code --workers}
   */
  public static WorkerAddress parse(String text) {
    int colon = text.lastIndexOf(':');
    if (colon <= 0 || colon == text.length() - 1) {
      throw new ConfigException("--workers: '" + text + "' is not host:port");
    }
    try {
      return new WorkerAddress(
          text.substring(0, colon), Integer.parseInt(text.substring(colon + 1)));
    } catch (NumberFormatException e) {
      throw new ConfigException("--workers: '" + text + "' is not host:port");
    }
  }

  /**
   * @return {@code host:port}
   */
  public String hostAndPort() {
    return host + ":" + port;
  }

  @Override
  public String toString() {
    return hostAndPort();
  }
}
