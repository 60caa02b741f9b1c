package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A network of its own for every node of a local broker, so that one node can be cut off as a
 * network partition would (the {@code partition-broker} fault, issue 24). Linux only, as root (or
 * with {@code CAP_NET_ADMIN} and {@code CAP_SYS_ADMIN}), through {@code ip} (iproute2).
 *
 * <pre>
 *   this machine's namespace (this process)       node 1: namespace mqb-1a2b-1
 *   bridge mqb1a2b 10.213.7.1/24 --- mqb1a2b-1 === eth0 10.213.7.2/24, lo up
 *                                --- mqb1a2b-2 === eth0 10.213.7.3/24  (node 2: mqb-1a2b-2)
 *                                --- ...           (veth pairs)
 * </pre>
 *
 * <p>Node {@code i} (from 0) runs in namespace {@code mqb-<id>-<i+1>} (its loopback up, and {@code
 * eth0} holding {@code 10.213.X.(i+2)/24}), whose veth's other end {@code mqb<id>-<i+1>} is a port
 * of the bridge {@code mqb<id>} in this machine's own namespace, which holds {@code 10.213.X.1/24}.
 * Nodes reach each other across the bridge, and this process reaches them through the bridge's
 * address (the kernel's route for the bridge's subnet): no forwarding, no NAT, nothing machine-wide
 * changes. {@link #cut} sets a node's bridge-side veth down: the node is cut off from the clients
 * and from the other nodes, its TCP connections stay open and stall, as in a real partition; {@link
 * #heal} sets it up again.
 *
 * <p><b>No collisions.</b> {@code id} is four random hex digits and {@code X} a subnet that no
 * address or route of this machine overlaps (routes as wide as a /16 or narrower count; a wider
 * one, such as a 10.0.0.0/8 network, is shadowed for the chosen /24 while the run lasts). Both are
 * chosen and the bridge made under a lock file in the temporary directory, so that runs started at
 * once never pick the same subnet.
 *
 * <p><b>Nothing outlives its owner.</b> {@link #close()} removes the veths, namespaces and bridge;
 * the owner calls it on close, on a failed start and at JVM shutdown. A harness killed with SIGKILL
 * cannot: its {@link OrphanReaper} removes the network when the JVM's end closes its pipe; and the
 * bridge's alias ({@code mqbench pid <pid>}) names its owner, so that {@link #create} first removes
 * every network whose owner is gone, as {@link ScratchDirectory} does for directories.
 *
 * <p>Thread-safe.
 */
public final class NetworkNamespaces implements AutoCloseable {
  /** The first two octets of every node's address: 10.213.X.0/24 is one network. */
  static final String PREFIX = "10.213.";

  /** Serialises choosing a subnet within this JVM; the lock file does it across processes. */
  private static final Object CHOOSING = new Object();

  private final IpCommand ip;
  private final String id;
  private final int subnet;
  private final int nodes;
  private final boolean[] cut;
  private final List<String> namespaces = new ArrayList<>();
  private final List<String> veths = new ArrayList<>();
  private boolean bridgeMade;
  private boolean closed;
  private final OrphanReaper reaper;

  private NetworkNamespaces(IpCommand ip, String id, int subnet, int nodes) {
    this.ip = ip;
    this.id = id;
    this.subnet = subnet;
    this.nodes = nodes;
    this.cut = new boolean[nodes];
    List<String> links = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < nodes; i++) {
      links.add(link(i));
      names.add(namespace(i));
    }
    links.add(bridge());
    this.reaper = OrphanReaper.ofNetwork(ip.path(), links, names);
  }

  /**
   * Why network namespaces cannot be made here, without trying: not Linux, no {@code ip}, or
   * neither root nor the capabilities it takes.
   *
   * @return empty if they can; else why not, in a few words fit for one line
   */
  public static Optional<String> unavailable() {
    return NamespacePrivileges.unavailable();
  }

  /**
   * Makes the bridge and one namespace per node, first removing the networks of harnesses that are
   * gone.
   *
   * @param nodes how many nodes, from 1 to 250
   * @return the network, every node's namespace up and reachable through the bridge
   * @throws MqException in one line if namespaces are {@linkplain #unavailable() unavailable}, no
   *     subnet 10.213.X.0/24 is free, or an {@code ip} command fails (its message quoted); nothing
   *     made is left behind then
   * @throws InterruptedException if interrupted while waiting for {@code ip}; nothing made is left
   *     behind then
   */
  public static NetworkNamespaces create(int nodes) throws InterruptedException {
    if (nodes < 1 || nodes > 250) {
      throw new IllegalArgumentException("1 to 250 nodes, not " + nodes);
    }
    Optional<String> why = unavailable();
    if (why.isPresent()) {
      throw new MqException("cannot run broker nodes in network namespaces: " + why.get());
    }
    IpCommand ip = IpCommand.find().orElseThrow();
    NetworkNamespaces made;
    synchronized (CHOOSING) {
      Path lockFile = Paths.get(System.getProperty("java.io.tmpdir"), "mqbench-netns.lock");
      try (FileChannel channel =
          FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        channel.lock(); // released when the channel closes
        AbandonedNetworks.remove(ip);
        made =
            new NetworkNamespaces(
                ip, NetworkChoice.freeId(ip), NetworkChoice.freeSubnet(ip), nodes);
        made.makeBridge();
      } catch (IOException e) {
        throw new MqException("cannot lock " + lockFile + " to choose a subnet: " + e, e);
      }
    }
    try {
      for (int i = 0; i < nodes; i++) {
        made.makeNode(i);
      }
      return made;
    } catch (RuntimeException | InterruptedException e) {
      made.close();
      throw e;
    }
  }

  /** Called with the lock held, so that the chosen subnet is taken before another run looks. */
  private void makeBridge() throws InterruptedException {
    String bridge = bridge();
    ip("link", "add", "name", bridge, "type", "bridge");
    synchronized (this) {
      bridgeMade = true;
    }
    try {
      ip(
          "link",
          "set",
          "dev",
          bridge,
          "alias",
          AbandonedNetworks.OWNER_ALIAS + ProcessHandle.current().pid());
      ip("address", "add", bridgeAddress() + "/24", "dev", bridge);
      ip("link", "set", "dev", bridge, "up");
    } catch (RuntimeException | InterruptedException e) {
      close();
      throw e;
    }
  }

  private void makeNode(int node) throws InterruptedException {
    String ns = namespace(node);
    String link = link(node);
    String peer = link + "p";
    ip("netns", "add", ns);
    synchronized (this) {
      namespaces.add(ns);
    }
    ip("link", "add", "name", link, "type", "veth", "peer", "name", peer);
    synchronized (this) {
      veths.add(link); // its peer goes with it
    }
    ip("link", "set", "dev", peer, "netns", ns);
    ip("-n", ns, "link", "set", "dev", peer, "name", "eth0");
    ip("-n", ns, "address", "add", host(node) + "/24", "dev", "eth0");
    ip("-n", ns, "link", "set", "dev", "eth0", "up");
    ip("-n", ns, "link", "set", "dev", "lo", "up");
    ip("link", "set", "dev", link, "master", bridge());
    ip("link", "set", "dev", link, "up");
  }

  /**
   * @return the network's id, four hex digits: its bridge is {@code mqb<id>}
   */
  public String id() {
    return id;
  }

  /**
   * @return how many nodes it has
   */
  public int nodes() {
    return nodes;
  }

  /**
   * @return the bridge's name, {@code mqb<id>}
   */
  public String bridge() {
    return "mqb" + id;
  }

  /**
   * @return the bridge's address, {@code 10.213.X.1}: where the nodes see this process from
   */
  public String bridgeAddress() {
    return PREFIX + subnet + ".1";
  }

  /**
   * @param node which node, from 0
   * @return its namespace's name, {@code mqb-<id>-<node + 1>}
   */
  public String namespace(int node) {
    return "mqb-" + id + "-" + (checked(node) + 1);
  }

  /**
   * @param node which node, from 0
   * @return the bridge-side end of its veth, {@code mqb<id>-<node + 1>}: what {@link #cut} sets
   *     down
   */
  public String link(int node) {
    return "mqb" + id + "-" + (checked(node) + 1);
  }

  /**
   * @param node which node, from 0
   * @return its address, {@code 10.213.X.(node + 2)}: the only one to bind besides loopback
   */
  public String host(int node) {
    return PREFIX + subnet + "." + (checked(node) + 2);
  }

  /**
   * What runs a command in a node's namespace: {@code ip netns exec <namespace>}, to be followed by
   * the command. {@code ip} execs it, so the process started is the command's own (its pid is the
   * command's, and signals reach it).
   *
   * @param node which node, from 0
   * @return the prefix
   */
  public List<String> exec(int node) {
    return List.of(ip.path(), "netns", "exec", namespace(node));
  }

  /**
   * Cuts a node off: its bridge-side veth goes down, so nothing reaches it or leaves it, from this
   * process or from the other nodes, until {@link #heal}. Its connections stay open; their packets
   * are dropped. Cutting a node that is cut does nothing.
   *
   * @param node which node, from 0
   * @throws MqException if {@code ip} fails, or the network is closed
   * @throws InterruptedException if interrupted while waiting for {@code ip}
   */
  public synchronized void cut(int node) throws InterruptedException {
    open();
    ip("link", "set", "dev", link(node), "down");
    cut[node] = true;
  }

  /**
   * Joins a {@linkplain #cut cut} node to the network again (its veth up). Healing a node that is
   * not cut does nothing.
   *
   * @param node which node, from 0
   * @throws MqException if {@code ip} fails, or the network is closed
   * @throws InterruptedException if interrupted while waiting for {@code ip}
   */
  public synchronized void heal(int node) throws InterruptedException {
    open();
    ip("link", "set", "dev", link(node), "up");
    cut[node] = false;
  }

  /**
   * @param node which node, from 0
   * @return whether it is cut off now
   */
  public synchronized boolean isCut(int node) {
    return cut[checked(node)];
  }

  /**
   * @return for the terminal: {@code bridge mqb1a2b 10.213.7.1/24, namespaces mqb-1a2b-1 to
   *     mqb-1a2b-3}
   */
  public String description() {
    return "bridge "
        + bridge()
        + " "
        + bridgeAddress()
        + "/24, namespace"
        + (nodes == 1 ? " " + namespace(0) : "s " + namespace(0) + " to " + namespace(nodes - 1));
  }

  /**
   * Removes the veths, the namespaces and the bridge. Idempotent; what cannot be removed is said on
   * standard error, and the rest is still removed. A process still running in a namespace keeps it
   * alive, unnamed and cut off, until it exits.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    reaper.cancel();
    boolean interrupted = Thread.interrupted(); // removal must not be cut short by an interrupt
    try {
      for (String link : veths) {
        remove(List.of("link", "delete", "dev", link), "Cannot find device");
      }
      for (String ns : namespaces) {
        remove(List.of("netns", "delete", ns), "No such file");
      }
      if (bridgeMade) {
        remove(List.of("link", "delete", "dev", bridge()), "Cannot find device");
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void remove(List<String> args, String alreadyGone) {
    try {
      ip.run(args);
    } catch (MqException e) {
      if (!e.getMessage().contains(alreadyGone)) {
        System.err.println("mqbench: " + e.getMessage());
      }
    } catch (InterruptedException e) {
      System.err.println("mqbench: interrupted while removing: ip " + String.join(" ", args));
    }
  }

  private void open() {
    if (closed) {
      throw new MqException("the network namespaces " + bridge() + " are removed");
    }
  }

  private int checked(int node) {
    if (node < 0 || node >= nodes) {
      throw new IllegalArgumentException("node " + node + " of " + nodes + " (from 0)");
    }
    return node;
  }

  private void ip(String... args) throws InterruptedException {
    ip.run(args);
  }
}
