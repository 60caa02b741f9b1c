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
import java.net.URISyntaxException;
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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * What a backend's local cluster ({@code -p <backend>.localBrokerNodes=N}) would run, read from the
 * code that makes it, without starting anything: the configuration it points a run at, and each
 * node's command line and the files that command writes. The clusters are made as the runner makes
 * them ({@link MqProvider#localBroker}); their extension points (mq-broker-kit's {@code pointAt},
 * {@code nodes}, {@code command}) are protected and the backends' cluster classes package-private,
 * so they are called reflectively here rather than widened for a test. Java brokers (Kafka,
 * Artemis) write their configuration in their own JVM from a launch file: the methods that do so
 * are called here, loaded from the distribution's jars when the test's classpath lacks them.
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
    Properties p = new Properties();
    p.load(
        new StringReader(
            (String)
                generated(
                    1,
                    scratch,
                    (main, launch) ->
                        staticCall(
                            main,
                            "serverProperties",
                            new Class<?>[] {LaunchFile.class, Path.class},
                            launch,
                            launch.directory()))));
    return p;
  }

  /**
   * The {@code broker.xml} the Artemis broker's main class writes for a node of the pair, as its
   * {@code main} does: its own elements with the pair's ({@code ArtemisPairXml}) in them.
   *
   * @param node 1 (the primary) or 2 (the backup)
   */
  String artemisBrokerXml(int node, Path scratch) throws IOException {
    return (String)
        generated(
            node,
            scratch,
            (main, launch) -> {
              Class<?> pair =
                  Class.forName(
                      main.getPackageName() + ".ArtemisPairXml", false, main.getClassLoader());
              Object ha = staticCall(pair, "of", new Class<?>[] {LaunchFile.class}, launch);
              return staticCall(
                  main,
                  "brokerXml",
                  new Class<?>[] {String.class, int.class, Path.class, String.class},
                  launch.host(),
                  launch.port(),
                  launch.directory(),
                  ha);
            });
  }

  /** What a Java broker's classes make of a node's launch file. */
  private interface Generator {
    Object apply(Class<?> mainClass, LaunchFile launch)
        throws ReflectiveOperationException, IOException;
  }

  /**
   * What the Java broker's classes generate for one node of a cluster of this probe's size, given
   * that node's launch file; nothing is started.
   */
  private Object generated(int node, Path scratch, Generator generator) throws IOException {
    JavaLocalBroker java = javaBroker();
    Path dir = Files.createDirectories(scratch.resolve("node-" + node));
    Path file = dir.resolve("launch.properties");
    try (OutputStream out = Files.newOutputStream(file)) {
      launchFile(java, node, dir).store(out, "node " + node);
    }
    LaunchFile launch = LaunchFile.read(new String[] {file.toString()});
    String mainClass = java.descriptor().mainClass();
    ClassLoader loader = getClass().getClassLoader();
    try {
      // In a reactor build the main class's classes are on the test's classpath as a directory,
      // but not the broker's own (Artemis's main class links to them): then, and from an installed
      // jar, they are called from the distribution's jars.
      try {
        return generator.apply(Class.forName(mainClass, false, loader), launch);
      } catch (ClassNotFoundException | NoClassDefFoundError e) {
        try (URLClassLoader jars = distributionLoader(java, dir)) { // a lib/ per node
          return generator.apply(jars.loadClass(mainClass), launch);
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot call " + mainClass + "'s classes: " + e, e);
    }
  }

  /** The Java broker that runs the nodes: the local broker itself, or the one a pair wraps. */
  private JavaLocalBroker javaBroker() {
    return broker instanceof JavaLocalBroker java ? java : (JavaLocalBroker) call(broker, "nodes");
  }

  /**
   * What a node's launch file says (mq-broker-kit's ClusterLaunchFiles), with as many ports per
   * node as the broker's descriptor asks for.
   */
  private static Properties launchFile(JavaLocalBroker java, int node, Path dir) {
    int nodes = java.size();
    Properties launch = new Properties();
    launch.setProperty(LaunchFile.HOST, "127.0.0.1");
    launch.setProperty(LaunchFile.PORTS, ports(node, java.descriptor().ports()));
    launch.setProperty(LaunchFile.NODE, String.valueOf(node));
    launch.setProperty(LaunchFile.NODES, String.valueOf(nodes));
    for (int n = 1; n <= nodes; n++) {
      launch.setProperty("node." + n + ".ports", ports(n, java.descriptor().ports()));
      launch.setProperty("node." + n + ".host", "127.0.0.1");
    }
    launch.setProperty(LaunchFile.DIRECTORY, dir.toString());
    launch.setProperty(LaunchFile.CLUSTER_ID, "MkU3OEVBNTcwNTJENDM2Qk");
    return launch;
  }

  /** A node's ports: 19090 + node, 29090 + node, ... */
  private static String ports(int node, int count) {
    return IntStream.range(0, count)
        .mapToObj(i -> String.valueOf(19090 + 10_000 * i + node))
        .collect(Collectors.joining(","));
  }

  /**
   * The distribution's jars, before the test's classpath (which may hold the main class without the
   * broker's classes), but for mq-broker-kit's: LaunchFile stays the test's own class.
   */
  private URLClassLoader distributionLoader(JavaLocalBroker java, Path scratch) throws IOException {
    String classpath =
        JavaBroker.find(java.descriptor().distribution(), distributionResources(java))
            .classpath(scratch);
    Path jars = Path.of(classpath.split(File.pathSeparator)[0]).getParent();
    List<URL> urls = new ArrayList<>();
    try (Stream<Path> files = Files.list(jars)) {
      for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).toList()) {
        urls.add(jar.toUri().toURL());
      }
    }
    return new URLClassLoader(urls.toArray(URL[]::new), getClass().getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
          Class<?> c = findLoadedClass(name);
          if (c == null && !name.startsWith(LaunchFile.class.getPackageName() + ".")) {
            try {
              c = findClass(name);
            } catch (ClassNotFoundException e) {
              // the JDK's, or the test's
            }
          }
          return c != null ? c : super.loadClass(name, resolve);
        }
      }
    };
  }

  /**
   * Where the distribution's resources are: the test's classpath, or in a reactor build, which puts
   * a distribution module's main classes there (its {@code target/launcher-classes}) but not its
   * distribution, that module's {@code target/classes} beside them.
   */
  private ClassLoader distributionResources(JavaLocalBroker java) {
    ClassLoader test = getClass().getClassLoader();
    String mainClass = java.descriptor().mainClass().replace('.', '/') + ".class";
    URL main = test.getResource(mainClass);
    if (test.getResource(java.descriptor().distribution() + "/broker.properties") != null
        || main == null
        || !main.getProtocol().equals("file")) {
      return test;
    }
    try {
      Path root = Path.of(main.toURI());
      for (int i = 0; i < mainClass.split("/").length; i++) {
        root = root.getParent();
      }
      URL classes = root.resolveSibling("classes").toUri().toURL();
      return new URLClassLoader(new URL[] {classes}, test);
    } catch (URISyntaxException | IOException e) {
      throw new IllegalStateException("cannot find the build's classes beside " + main, e);
    }
  }

  private static Object staticCall(Class<?> owner, String name, Class<?>[] types, Object... args)
      throws ReflectiveOperationException {
    Method m = owner.getDeclaredMethod(name, types);
    m.setAccessible(true);
    return m.invoke(null, args);
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
