package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A backend's compose cluster as files: the compose file (parsed with SnakeYAML, whose {@link
 * SafeConstructor} resolves the {@code <<} merge keys the files use), its coordinator scenario
 * (docker/bench/&lt;backend&gt;.yml) and the run commands its comments show.
 *
 * @param backend the backend's name
 * @param file the compose file, from the repository's root
 * @param text its text
 * @param yaml its content
 */
record ComposeFile(String backend, String file, String text, Map<String, Object> yaml) {
  static final Path ROOT = Path.of("..");
  static final Path DOCKER = ROOT.resolve("docker");

  private static final Pattern RUN = Pattern.compile("(?:-Dqueue=|--queue\\s+)(\\S+)");

  /** The compose file the backend names ({@code BrokerAddressing.composeFile}). */
  static ComposeFile of(String backend) throws IOException {
    String file = MqProviders.load().find(backend).brokerAddressing().orElseThrow().composeFile();
    String text = Files.readString(ROOT.resolve(file));
    Map<String, Object> yaml = new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    return new ComposeFile(backend, file, text, yaml);
  }

  /** The services but the brokers-healthy barrier, by name. */
  @SuppressWarnings("unchecked")
  Map<String, Map<String, Object>> brokers() {
    Map<String, Map<String, Object>> services =
        new LinkedHashMap<>((Map<String, Map<String, Object>>) yaml.get("services"));
    services.remove("brokers-healthy");
    return services;
  }

  /** The brokers' images. */
  Set<String> images() {
    Set<String> images = new LinkedHashSet<>();
    brokers().values().forEach(s -> images.add(String.valueOf(s.get("image"))));
    return images;
  }

  /** The first broker's command (the primary's, where there is one). */
  List<String> primaryCommand() {
    return list(brokers().values().iterator().next(), "command");
  }

  /** The properties of the coordinator's scenario next to the compose file. */
  @SuppressWarnings("unchecked")
  Map<String, String> scenario() throws IOException {
    Path path = DOCKER.resolve("bench").resolve(backend + ".yml");
    assertThat(path).exists();
    Map<String, Object> scenario =
        new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(path));
    Map<String, String> out = new LinkedHashMap<>();
    ((Map<String, Object>) scenario.getOrDefault("properties", Map.of()))
        .forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  /**
   * The run commands for this backend that the file's comments show, a command continued with a
   * backslash joined to its next line.
   */
  List<String> runCommands() {
    List<String> commands = new ArrayList<>();
    StringBuilder current = null;
    for (String line : text.lines().toList()) {
      if (!line.startsWith("#")) {
        current = null;
        continue;
      }
      String body = line.substring(1).trim();
      if (current != null) {
        current.append(' ').append(body);
      } else if (body.contains("exec:java") || body.contains("mqbench.jar run")) {
        current = new StringBuilder(body);
      } else {
        continue;
      }
      if (current.toString().endsWith("\\")) {
        current.setLength(current.length() - 1);
      } else {
        Matcher m = RUN.matcher(current);
        if (m.find() && m.group(1).equals(backend)) {
          commands.add(current.toString().replaceAll("\\s+#.*$", "").trim());
        }
        current = null;
      }
    }
    return commands;
  }

  /** A service's list (its command), each item as text; empty when it has none. */
  @SuppressWarnings("unchecked")
  static List<String> list(Map<String, Object> service, String key) {
    Object value = service.get(key);
    return value == null
        ? List.of()
        : ((List<Object>) value).stream().map(String::valueOf).toList();
  }

  /** A service's map (its environment); empty when it has none. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Map<String, Object> service, String key) {
    Object value = service.get(key);
    return value == null ? Map.of() : (Map<String, Object>) value;
  }
}
