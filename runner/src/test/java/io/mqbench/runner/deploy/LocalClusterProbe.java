package io.mqbench.runner.deploy;

import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LaunchFile;
import io.mqbench.broker.NativeCluster;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * What a backend's local cluster ({@code -p <backend>.localBrokerNodes=N}) would run, read from the
 * code that makes it, without starting anything: the configuration it points a run at, and each
 * node's command line and the files that command writes. The clusters are made as the runner makes
 * them ({@link MqProvider#localBroker}); their extension points (mq-broker-kit's {@code pointAt},
 * {@code nodes}, {@code command}) are protected and the backends' cluster classes package-private,
 * so they are called reflectively here rather than widened for a test. Kafka's brokers write their
 * {@code server.properties} in their own JVM: that method is loaded from the distribution's jar.
 */
final class LocalClusterProbe implements AutoCloseable {
  private final MqProvider provider;
  private final MqConfig config;
  private final LocalBroker broker;

  private LocalClusterProbe(MqProvider provider, MqConfig config, LocalBroker broker) {
    this.provider = provider;
    this.config = config;
    this.broker = broker;
  }

  /**
   * @param backend the backend's name
   * @param nodes its {@code localBrokerNodes}
   * @param given further settings, beside the defaults
   * @return the local cluster the runner would start, not started; skips the test when its server
   *     is not installed here
   */
  static LocalClusterProbe of(String backend, int nodes, Map<String, String> given) {
    MqProvider provider = MqProviders.load().find(backend);
    Map<String, String> raw = new LinkedHashMap<>(given);
    raw.put(backend + ".localBrokerNodes", String.valueOf(nodes));
    MqConfig config = provider.configure(raw);
    LocalBroker broker = provider.localBroker(config).orElse(null);
    Assumptions.assumeTrue(broker != null, backend + ": no local broker can be made here");
    return new LocalClusterProbe(provider, config, broker);
  }

  MqProvider provider() {
    return provider;
  }

  /**
   * @return the configuration the cluster points a run at (its address and what it sets besides)
   */
  MqConfig pointed() {
    if (!(broker instanceof NativeCluster)) {
      return config; // a Java broker's template sets its address only
    }
    return (MqConfig) invoke(broker, "pointAt", new Class<?>[] {MqConfig.class}, config);
  }

  /**
   * @return what the cluster sets beyond the configuration it was given, its address aside
   */
  Map<String, String> imposedSettings() {
    Map<String, String> imposed = new LinkedHashMap<>(pointed().given());
    config.given().forEach(imposed::remove);
    provider.brokerAddressing().orElseThrow().keys().forEach(imposed::remove);
    return imposed;
  }

  /**
   * @param key a key of the backend, declared or under a pass-through prefix
   * @param in a configuration of the backend
   * @return its value there as text, or null when a pass-through key is not set
   */
  static String value(String key, MqConfig in, MqProvider provider) {
    for (ConfigKey<?> k : provider.configKeys()) {
      if (k.name().equals(key)) {
        return String.valueOf(in.get(k));
      }
    }
    return in.given().get(key);
  }

  /** The cluster's data nodes, node 1 first. */
  List<Object> nodes() {
    return List.copyOf(
        (List<?>)
            invoke(
                broker,
                NativeCluster.class.getDeclaredMethods(),
                "nodes",
                new Class<?>[0],
                new Object[0]));
  }

  /** The processes beside the nodes (Redis's Sentinels). */
  List<Object> companions() {
    return List.copyOf((List<?>) field(broker, NativeCluster.class, "companions"));
  }

  /**
   * A node's command line, as its start would run it; writes its configuration files into its
   * scratch directory first, as the start does.
   *
   * @param node one of {@link #nodes()} or {@link #companions()}
   * @param executable the executable it is given
   */
  static List<String> command(Object node, Path executable) {
    Path dir = (Path) invoke(node, "directory", new Class<?>[0]);
    int port = (Integer) invoke(node, "port", new Class<?>[0]);
    @SuppressWarnings("unchecked")
    List<String> command =
        (List<String>)
            invoke(
                node,
                "command",
                new Class<?>[] {Path.class, Path.class, int.class},
                executable,
                dir,
                port);
    return command;
  }

  /** The executable a node runs. */
  static Path executable(Object node) {
    return (Path) invoke(node, "executable", new Class<?>[0]);
  }

  /** A node's scratch directory, where {@link #command} writes its files. */
  static Path directory(Object node) {
    return (Path) invoke(node, "directory", new Class<?>[0]);
  }

  /** A no-argument method of an object, whatever its access. */
  static Object call(Object target, String method) {
    return invoke(target, method, new Class<?>[0]);
  }

  /** A field of an object, declared by its class or a superclass, whatever its access. */
  static Object field(Object target, String name) {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        return field(target, c, name);
      } catch (IllegalStateException e) {
        // declared higher up
      }
    }
    throw new IllegalStateException(target.getClass() + " has no field " + name);
  }

  /**
   * The {@code server.properties} the Java broker's main class writes for node 1 of a cluster of
   * this probe's size.
   */
  Properties kafkaServerProperties(Path scratch) throws IOException {
    JavaLocalBroker java = (JavaLocalBroker) broker;
    Path file = scratch.resolve("launch.properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      launchFile(java.size(), scratch).store(out, "node 1");
    }
    LaunchFile launch = LaunchFile.read(new String[] {file.toString()});
    String mainClass = java.descriptor().mainClass();
    ClassLoader loader = getClass().getClassLoader();
    try {
      // In a reactor build the main class's classes are on the test's classpath as a directory;
      // from an installed jar, only in the distribution's jars.
      Class<?> main;
      try {
        main = Class.forName(mainClass, false, loader);
      } catch (ClassNotFoundException e) {
        try (URLClassLoader jars = distributionLoader(java, scratch)) {
          return serverProperties(jars.loadClass(mainClass), launch, scratch);
        }
      }
      return serverProperties(main, launch, scratch);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot call the Kafka broker's serverProperties: " + e, e);
    }
  }

  /** What a node's launch file says (mq-broker-kit's ClusterLaunchFiles), for node 1. */
  private static Properties launchFile(int nodes, Path scratch) {
    Properties launch = new Properties();
    launch.setProperty(LaunchFile.HOST, "127.0.0.1");
    launch.setProperty(LaunchFile.PORTS, "19091,29091");
    launch.setProperty(LaunchFile.NODE, "1");
    launch.setProperty(LaunchFile.NODES, String.valueOf(nodes));
    for (int n = 1; n <= nodes; n++) {
      launch.setProperty("node." + n + ".ports", (19090 + n) + "," + (29090 + n));
      launch.setProperty("node." + n + ".host", "127.0.0.1");
    }
    launch.setProperty(LaunchFile.DIRECTORY, scratch.toString());
    launch.setProperty(LaunchFile.CLUSTER_ID, "MkU3OEVBNTcwNTJENDM2Qk");
    return launch;
  }

  /** The distribution's jars, parent first: LaunchFile stays the test's own class. */
  private URLClassLoader distributionLoader(JavaLocalBroker java, Path scratch) throws IOException {
    String classpath =
        JavaBroker.find(java.descriptor().distribution(), getClass().getClassLoader())
            .classpath(scratch);
    Path jars = Path.of(classpath.split(File.pathSeparator)[0]).getParent();
    List<URL> urls = new ArrayList<>();
    try (Stream<Path> files = Files.list(jars)) {
      for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).toList()) {
        urls.add(jar.toUri().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), getClass().getClassLoader());
  }

  private static Properties serverProperties(Class<?> main, LaunchFile launch, Path dir)
      throws ReflectiveOperationException, IOException {
    Method m = main.getDeclaredMethod("serverProperties", LaunchFile.class, Path.class);
    m.setAccessible(true);
    Properties p = new Properties();
    p.load(new StringReader((String) m.invoke(null, launch, dir)));
    return p;
  }

  /** Removes the cluster's scratch directories; nothing was started. */
  @Override
  public void close() {
    broker.close();
  }

  private static Object field(Object target, Class<?> declaring, String name) {
    try {
      Field f = declaring.getDeclaredField(name);
      f.setAccessible(true);
      return f.get(target);
    } catch (NoSuchFieldException | IllegalAccessException e) {
      throw new IllegalStateException(declaring + " has no readable field " + name, e);
    }
  }

  private static Object invoke(Object target, String name, Class<?>[] types, Object... args) {
    List<Method> methods = new ArrayList<>();
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      methods.addAll(List.of(c.getDeclaredMethods()));
    }
    return invoke(target, methods.toArray(Method[]::new), name, types, args);
  }

  private static Object invoke(
      Object target, Method[] candidates, String name, Class<?>[] types, Object[] args) {
    for (Method m : candidates) {
      if (m.getName().equals(name) && java.util.Arrays.equals(m.getParameterTypes(), types)) {
        try {
          m.setAccessible(true);
          return m.invoke(target, args);
        } catch (InvocationTargetException e) {
          throw new IllegalStateException(name + " failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalStateException(
        Objects.requireNonNull(target).getClass() + " has no method " + name);
  }
}
