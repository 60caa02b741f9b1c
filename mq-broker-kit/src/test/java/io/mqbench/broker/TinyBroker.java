package io.mqbench.broker;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * A distribution {@code tiny-broker} made on the fly ({@link TinyBrokerMain} in a jar beside a
 * {@code broker.properties}), its descriptor and configuration keys: the template's test backend.
 */
final class TinyBroker {
  static final ConfigKey<String> ADDRESS = ConfigKey.string("tiny.address", null, "address");
  static final ConfigKey<Integer> HEAP =
      ConfigKey.integer("tiny.heapMb", 64, 64, 1024, "MiB", "the broker's heap");
  static final ConfigKey<String> PASSWORD =
      ConfigKey.string("tiny.password", "hunter2", "a setting").markedSecret();
  static final ConfigKey<Boolean> FAIL = ConfigKey.bool("tiny.fail", false, "exit at once");
  static final ConfigKey<String> RECORD = ConfigKey.string("tiny.record", null, "stop record");
  static final ConfigKey<String> RESULTS = ConfigKey.string("tiny.results", null, "results file");

  private TinyBroker() {}

  static LocalBrokerDescriptor descriptor(LocalBrokerDescriptor.Readiness readiness) {
    return new LocalBrokerDescriptor(
        "local tiny broker",
        "tiny-broker",
        TinyBrokerMain.class.getName(),
        2,
        ADDRESS,
        "tiny://",
        HEAP,
        TinyBroker::settings,
        readiness,
        "tiny {version} on {address}");
  }

  private static Map<String, String> settings(MqConfig config) {
    Map<String, String> s = new HashMap<>();
    s.put("password", config.get(PASSWORD));
    s.put("fail", String.valueOf(config.get(FAIL)));
    config.find(RECORD).ifPresent(r -> s.put("record", r));
    config.find(RESULTS).ifPresent(r -> s.put("results", r));
    return s;
  }

  static MqConfig config(Map<String, String> raw) {
    return MqConfig.of(
        "tiny", List.of(ADDRESS, HEAP, PASSWORD, FAIL, RECORD, RESULTS), List.of(), raw);
  }

  /**
   * Makes the distribution under {@code root} and a class loader that sees only it.
   *
   * @param root an empty directory
   * @return the loader
   */
  static ClassLoader distribution(Path root) {
    try {
      Path dir = Files.createDirectories(root.resolve("tiny-broker"));
      Files.writeString(dir.resolve("broker.properties"), "version=7.7.7\n");
      String classFile = TinyBrokerMain.class.getName().replace('.', '/') + ".class";
      try (JarOutputStream jar =
              new JarOutputStream(Files.newOutputStream(dir.resolve("tiny.jar")));
          InputStream in = TinyBroker.class.getClassLoader().getResourceAsStream(classFile)) {
        jar.putNextEntry(new JarEntry(classFile));
        in.transferTo(jar);
        jar.closeEntry();
      }
      return new URLClassLoader(new URL[] {root.toUri().toURL()}, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
