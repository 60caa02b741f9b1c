package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.Secrets;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Where a run happened, recorded beside its numbers. Every component has a generated {@code with…}
 * copy ({@link EnvironmentBuilder.With}).
 *
 * @param mqbenchVersion this tool's version
 * @param javaVersion {@code java.version}
 * @param javaVendor {@code java.vendor}
 * @param jvm VM name and version
 * @param jvmArguments the JVM's input arguments (heap and GC settings)
 * @param os OS name, version and architecture
 * @param host host name
 * @param cores available processors
 * @param maxHeapBytes the JVM's maximum heap
 * @param peakResidentBytes the process's peak resident memory ({@code VmHWM}), or -1 off Linux
 * @param versions client library and broker versions reported by the backend
 * @param mqbenchCommit the commit this tool was built from, {@code -dirty} appended when the
 *     working tree had changes, or {@code unknown} (built outside git; a file written before it was
 *     recorded reads null)
 * @param hostFacts the machine's facts beyond its name and cores (null in a file written before
 *     they were recorded)
 */
@RecordBuilder
public record Environment(
    String mqbenchVersion,
    String javaVersion,
    String javaVendor,
    String jvm,
    String jvmArguments,
    String os,
    String host,
    int cores,
    long maxHeapBytes,
    long peakResidentBytes,
    Map<String, String> versions,
    @JsonInclude(JsonInclude.Include.NON_NULL) String mqbenchCommit,
    @JsonInclude(JsonInclude.Include.NON_NULL) HostFacts hostFacts)
    implements EnvironmentBuilder.With {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @return every value by its name in {@code run.json}, versions under {@code versions.<name>}
   *     ({@code versions.kafka-clients}), as text
   */
  public Map<String, String> asMap() {
    Map<String, String> flat = new LinkedHashMap<>();
    flatten("", JSON.convertValue(this, new TypeReference<Map<String, Object>>() {}), flat);
    return Collections.unmodifiableMap(flat);
  }

  private static void flatten(String prefix, Map<?, ?> values, Map<String, String> out) {
    values.forEach(
        (k, v) -> {
          String key = prefix + k;
          if (v instanceof Map<?, ?> nested) {
            flatten(key + ".", nested, out);
          } else {
            out.put(key, String.valueOf(v));
          }
        });
  }

  /**
   * @return this mqbench's version, as the build wrote it into {@code version.properties}: there
   *     however the tool was started (its jar, {@code exec:java} from target/classes, which has no
   *     jar manifest, an IDE after a build); {@code dev} if it is not
   */
  public static String toolVersion() {
    return buildProperty("version", "dev");
  }

  /**
   * @return the commit this mqbench was built from, as the build wrote it into {@code
   *     version.properties} ({@code 1a2b3c4}, {@code 1a2b3c4-dirty}), or {@code unknown}
   */
  public static String toolCommit() {
    String commit = buildProperty("commit", "unknown");
    boolean dirty = buildProperty("dirty", "false").equals("true");
    return commit.equals("unknown") || !dirty ? commit : commit + "-dirty";
  }

  private static String buildProperty(String name, String otherwise) {
    try (InputStream in = Environment.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return otherwise;
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty(name, otherwise);
      return v.isBlank() || v.startsWith("${") ? otherwise : v;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read mq-results' version.properties", e);
    }
  }

  /**
   * Reads the current process's environment.
   *
   * @param versions versions reported by the backend
   * @return the environment
   */
  public static Environment current(Map<String, String> versions) {
    return new Environment(
        toolVersion(),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
        jvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments()),
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        hostName(),
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory(),
        readPeakResidentBytes(),
        new TreeMap<>(versions),
        toolCommit(),
        HostFacts.current(Path.of("")));
  }

  /**
   * The JVM's arguments as recorded in results, secrets hidden: {@code -Dkey=value} options can
   * carry backend keys ({@code -Drabbitmq.password=...}, a URI with credentials).
   *
   * @param arguments the JVM's input arguments
   * @return them joined by spaces, every secret value replaced by {@link Secrets#MASK}
   */
  static String jvmArguments(List<String> arguments) {
    List<String> shown = new ArrayList<>();
    for (String a : arguments) {
      int eq = a.indexOf('=');
      if (a.startsWith("-D") && eq > 2) {
        String key = a.substring(2, eq);
        String value = a.substring(eq + 1);
        if (Secrets.looksSecret(key)) {
          a = a.substring(0, eq + 1) + Secrets.MASK;
        } else if (value.contains("://") && value.contains("@")) {
          a = a.substring(0, eq + 1) + Secrets.redact(value);
        }
      }
      shown.add(a);
    }
    return String.join(" ", shown);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * @return this process's peak resident set size in bytes, from {@code /proc/self/status}, or -1
   *     where that file does not exist
   */
  public static long readPeakResidentBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // Not Linux: no figure rather than a wrong one.
    }
    return -1;
  }
}
