package io.mqbench.engine.local;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The processes on this host that this process holds TCP connections to: the broker the run
 * measures when it runs here, whoever started it (the runner, a shared service, a container's
 * proxy). Their CPU is the run's, not other work's ({@link HostMeter}). Read from Linux's {@code
 * /proc}: this process's sockets, the {@code /proc/net/tcp} rows of their connections, the
 * listening sockets on the ports they reach, and the processes that hold those. Read once per run,
 * at its start; empty where {@code /proc} does not tell.
 */
final class BrokerPeers {
  private static final String ESTABLISHED = "01";
  private static final String LISTEN = "0A";

  private BrokerPeers() {}

  /**
   * @return the process ids of the local processes this process (and its descendants) is connected
   *     to, without this process and its descendants
   */
  static Set<Long> find() {
    try {
      Set<Long> own = new HashSet<>();
      own.add(ProcessHandle.current().pid());
      try (Stream<ProcessHandle> d = ProcessHandle.current().descendants()) {
        d.forEach(p -> own.add(p.pid()));
      }
      Set<String> ownSockets = new HashSet<>();
      for (long pid : own) {
        ownSockets.addAll(sockets(pid));
      }
      List<String[]> rows = tcpRows();
      Set<String> reachedPorts = new HashSet<>();
      for (String[] r : rows) {
        if (ESTABLISHED.equals(r[3]) && ownSockets.contains(r[9])) {
          reachedPorts.add(port(r[2]));
        }
      }
      Set<String> listening = new HashSet<>();
      for (String[] r : rows) {
        if (LISTEN.equals(r[3]) && reachedPorts.contains(port(r[1]))) {
          listening.add(r[9]);
        }
      }
      return owners(listening, own);
    } catch (IOException | RuntimeException e) {
      return Set.of();
    }
  }

  /** The inodes of a process's sockets. */
  private static Set<String> sockets(long pid) {
    Set<String> inodes = new HashSet<>();
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/" + pid + "/fd"))) {
      for (Path fd : fds) {
        try {
          String link = Files.readSymbolicLink(fd).toString();
          if (link.startsWith("socket:[")) {
            inodes.add(link.substring("socket:[".length(), link.length() - 1));
          }
        } catch (IOException | RuntimeException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process ended, or is not ours to read
    }
    return inodes;
  }

  /** Rows of /proc/net/tcp and tcp6, split on blanks: [sl, local, remote, state, ..., inode]. */
  private static List<String[]> tcpRows() throws IOException {
    List<String[]> rows = new java.util.ArrayList<>();
    for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path p = Path.of(file);
      if (!Files.isReadable(p)) {
        continue;
      }
      List<String> lines = Files.readAllLines(p);
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9) {
          rows.add(f);
        }
      }
    }
    return rows;
  }

  private static String port(String address) {
    return address.substring(address.indexOf(':') + 1);
  }

  /** The processes, other than the run's own, that hold one of the sockets. */
  private static Set<Long> owners(Set<String> inodes, Set<Long> own) throws IOException {
    Set<Long> owners = new HashSet<>();
    if (inodes.isEmpty()) {
      return owners;
    }
    Map<Long, Boolean> seen = new HashMap<>();
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path proc : procs) {
        long pid = Long.parseLong(proc.getFileName().toString());
        if (own.contains(pid) || seen.containsKey(pid)) {
          continue;
        }
        seen.put(pid, true);
        Set<String> s = sockets(pid);
        s.retainAll(inodes);
        if (!s.isEmpty()) {
          owners.add(pid);
        }
      }
    }
    return owners;
  }
}
