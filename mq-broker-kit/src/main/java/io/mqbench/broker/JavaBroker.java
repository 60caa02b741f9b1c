package io.mqbench.broker;

import io.mqbench.mq.MqException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A Java broker's classpath and command line. A broker's jars conflict with the clients' (see the
 * project's BROKERS-HERE notes), so they are never dependencies of a backend: a broker-distribution
 * module ({@code mq-kafka-broker}, {@code mq-artemis-broker}, {@code mq-mongo-broker}, {@code
 * mq-sqs-broker}) puts them as plain files under one resource directory ({@code kafka-broker/})
 * together with a {@code broker.properties} naming the version and a jar of its own main class (the
 * code that runs on the broker's classpath, compiled against the broker's jars, and never on a
 * client's or the runner's), and the build resolves them, so every version lives in the parent pom.
 *
 * <p>At run time the directory is used where it is (a build's {@code target/classes}) or extracted
 * from the jar that carries it (the distribution module's jar, or the runner's shaded jar) into the
 * broker's scratch directory. {@link StdinWatchdog} and {@link LaunchFile} are copied beside the
 * jars as class files. {@link JavaLocalBroker} runs a distribution from a {@link
 * LocalBrokerDescriptor}.
 */
public final class JavaBroker {
  private final String resourceDir;
  private final Properties properties;
  private final URL marker;

  private JavaBroker(String resourceDir, Properties properties, URL marker) {
    this.resourceDir = resourceDir;
    this.properties = properties;
    this.marker = marker;
  }

  /**
   * Finds a broker distribution on the class path.
   *
   * @param resourceDir the distribution's resource directory, such as {@code kafka-broker}
   * @param loader the class loader to look in
   * @return the distribution
   * @throws MqException if it is not on the class path, naming the module that provides it
   */
  public static JavaBroker find(String resourceDir, ClassLoader loader) {
    String name = resourceDir + "/broker.properties";
    URL url = loader.getResource(name);
    if (url == null) {
      throw new MqException(
          "the "
              + resourceDir
              + " distribution is not on the class path ("
              + name
              + " missing; it is built by the module mq-"
              + resourceDir
              + ")");
    }
    Properties p = new Properties();
    try (InputStream in = url.openStream()) {
      p.load(in);
    } catch (IOException e) {
      throw new MqException("cannot read " + url + ": " + e, e);
    }
    return new JavaBroker(resourceDir, p, url);
  }

  /**
   * @return the broker's version, from {@code broker.properties}
   */
  public String version() {
    return properties.getProperty("version", "unknown");
  }

  /**
   * Makes the broker's classpath: its jars (the distribution module's own main class is one of
   * them), plus a directory with {@link StdinWatchdog} and {@link LaunchFile}.
   *
   * @param scratch the broker's scratch directory (jars are extracted there when inside a jar)
   * @return the classpath, {@code lib/*:launcher}
   * @throws MqException if the jars cannot be found or copied
   */
  public String classpath(Path scratch) {
    try {
      Path launcher = scratch.resolve("launcher");
      for (Class<?> c : List.of(StdinWatchdog.class, LaunchFile.class)) {
        String classFile = c.getName().replace('.', '/') + ".class";
        Path target = launcher.resolve(classFile);
        Files.createDirectories(target.getParent());
        try (InputStream in =
            Objects.requireNonNull(c.getClassLoader().getResourceAsStream(classFile), classFile)) {
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return jars(scratch) + File.separator + "*" + File.pathSeparator + launcher;
    } catch (IOException e) {
      throw new MqException("cannot prepare the " + resourceDir + " classpath: " + e, e);
    }
  }

  private Path jars(Path scratch) throws IOException {
    try {
      if (marker.getProtocol().equals("file")) {
        Path dir = Paths.get(marker.toURI()).getParent();
        requireJars(dir);
        return dir;
      }
      if (marker.getProtocol().equals("jar")) {
        String s = marker.getPath(); // file:/path/to.jar!/kafka-broker/broker.properties
        Path jar = Paths.get(new URL(s.substring(0, s.indexOf("!/"))).toURI());
        Path lib = Files.createDirectories(scratch.resolve("lib"));
        String prefix = resourceDir + "/";
        try (JarFile jf = new JarFile(jar.toFile())) {
          Enumeration<JarEntry> entries = jf.entries();
          while (entries.hasMoreElements()) {
            JarEntry e = entries.nextElement();
            String name = e.getName();
            if (name.startsWith(prefix)
                && name.endsWith(".jar")
                && name.indexOf('/', prefix.length()) < 0) {
              try (InputStream in = jf.getInputStream(e)) {
                Files.copy(in, lib.resolve(name.substring(prefix.length())));
              }
            }
          }
        }
        requireJars(lib);
        return lib;
      }
    } catch (URISyntaxException e) {
      throw new IOException("cannot locate " + marker, e);
    }
    throw new IOException("cannot read the broker's jars from " + marker);
  }

  private void requireJars(Path dir) throws IOException {
    boolean found;
    try (Stream<Path> files = Files.list(dir)) {
      found = files.anyMatch(p -> p.getFileName().toString().endsWith(".jar"));
    } catch (IOException e) {
      found = false;
    }
    if (!found) {
      throw new IOException(
          "the broker's jars are missing from "
              + dir
              + " (the build copies them: ./mvnw -pl mq-"
              + resourceDir
              + " -am package)");
    }
  }

  /**
   * The command starting a Java broker with the same {@code java} as this JVM, under {@link
   * StdinWatchdog}.
   *
   * @param classpath from {@link #classpath}
   * @param heapMb the broker's heap
   * @param mainClass the broker's main class
   * @param args its arguments
   * @return the command line
   */
  public static List<String> command(
      String classpath, int heapMb, String mainClass, String... args) {
    return command(classpath, heapMb, null, mainClass, args);
  }

  /**
   * As {@link #command(String, int, String, String...)}, for a broker whose data directory goes
   * when its harness does, even a harness killed with SIGKILL.
   *
   * @param classpath from {@link #classpath}
   * @param heapMb the broker's heap
   * @param dataDirectory removed once the broker's process is gone after its harness; null: none
   * @param mainClass the broker's main class
   * @param args its arguments
   * @return the command line
   */
  public static List<String> command(
      String classpath, int heapMb, Path dataDirectory, String mainClass, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaBinary());
    if (dataDirectory != null) {
      cmd.add("-D" + StdinWatchdog.DATA_PROPERTY + "=" + dataDirectory);
    }
    cmd.add("-Xms64m");
    cmd.add("-Xmx" + heapMb + "m");
    cmd.add("-XX:+UseG1GC");
    cmd.add("-Djava.awt.headless=true");
    cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(StdinWatchdog.class.getName());
    cmd.add(mainClass);
    cmd.addAll(List.of(args));
    return cmd;
  }

  /**
   * @return the {@code java} executable of this JVM
   */
  public static String javaBinary() {
    return ProcessHandle.current()
        .info()
        .command()
        .filter(c -> Files.isExecutable(Paths.get(c)))
        .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
  }
}
