package io.mqbench.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/**
 * What a local broker's main class is told: the one argument {@link JavaLocalBroker} gives it, a
 * properties file readable by its owner only (it may hold a password). Written by the template,
 * read by the main class with {@link #read}; the keys are below and in {@link
 * LocalBrokerDescriptor}.
 *
 * <p>Copied beside the broker's jars with {@link StdinWatchdog} (see {@link JavaBroker}), so it
 * uses only the JDK and has no nested or anonymous classes; a distribution module compiles against
 * it with mq-broker-kit as a {@code provided} dependency.
 */
public final class LaunchFile {
  /**
   * This node's address, the only one to bind: {@code 127.0.0.1}, or its address in a network
   * namespace of its own ({@code 10.213.X.Y}).
   */
  public static final String HOST = "host";

  /** This node's free ports, comma-separated; clients use the first. */
  public static final String PORTS = "ports";

  /** This node's number, from 1. */
  public static final String NODE = "node";

  /** How many nodes were started together. */
  public static final String NODES = "nodes";

  /** This node's own directory, for configuration files and data; deleted at the end. */
  public static final String DIRECTORY = "directory";

  /** An id the nodes of one start share: 22 characters of URL-safe Base64 (a KRaft cluster id). */
  public static final String CLUSTER_ID = "cluster.id";

  private final Properties values;

  private LaunchFile(Properties values) {
    this.values = values;
  }

  /**
   * Reads the launch file named by a main class's arguments.
   *
   * @param args the main class's arguments: the launch file's path, alone
   * @return its values
   * @throws IllegalArgumentException if there is not exactly one argument
   * @throws IOException if the file cannot be read
   */
  public static LaunchFile read(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: <main class> <launch file>");
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
      p.load(in);
    }
    return new LaunchFile(p);
  }

  /**
   * Writes a launch file, readable by its owner only where the file system says who may read.
   *
   * @param file where; must not exist
   * @param values every value
   * @param comment the file's first line
   * @throws IOException if it cannot be written
   */
  static void write(Path file, Properties values, String comment) throws IOException {
    if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    }
    try (OutputStream out = Files.newOutputStream(file)) {
      values.store(out, comment);
    }
  }

  /**
   * @param key a key of the file
   * @return its value
   * @throws IllegalArgumentException if the file does not have it
   */
  public String get(String key) {
    String v = values.getProperty(key);
    if (v == null) {
      throw new IllegalArgumentException("the launch file has no " + key);
    }
    return v;
  }

  /**
   * @param key a key of the file
   * @param otherwise what to return when the file does not have it
   * @return its value, or {@code otherwise}
   */
  public String get(String key, String otherwise) {
    return values.getProperty(key, otherwise);
  }

  /**
   * @return {@value #HOST}: the address to bind
   */
  public String host() {
    return get(HOST);
  }

  /**
   * @return {@value #PORTS}: this node's ports
   */
  public int[] ports() {
    return parsePorts(get(PORTS));
  }

  /**
   * @return this node's first port, the one clients use
   */
  public int port() {
    return ports()[0];
  }

  /**
   * @param node a node's number, from 1 to {@link #nodes()}
   * @return that node's ports
   */
  public int[] ports(int node) {
    return parsePorts(get("node." + node + ".ports"));
  }

  /**
   * @param node a node's number, from 1 to {@link #nodes()}
   * @return that node's address, {@code node.N.host}: where the other nodes reach it (its {@link
   *     #host()})
   */
  public String host(int node) {
    return get("node." + node + ".host");
  }

  /**
   * @return {@value #NODE}: this node's number, from 1
   */
  public int node() {
    return Integer.parseInt(get(NODE));
  }

  /**
   * @return {@value #NODES}: how many nodes were started together
   */
  public int nodes() {
    return Integer.parseInt(get(NODES));
  }

  /**
   * @return {@value #DIRECTORY}: this node's own directory
   */
  public Path directory() {
    return Path.of(get(DIRECTORY));
  }

  /**
   * @return {@value #CLUSTER_ID}: the id the nodes of this start share
   */
  public String clusterId() {
    return get(CLUSTER_ID);
  }

  private static int[] parsePorts(String text) {
    String[] parts = text.split(",");
    int[] ports = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      ports[i] = Integer.parseInt(parts[i].trim());
    }
    return ports;
  }
}
