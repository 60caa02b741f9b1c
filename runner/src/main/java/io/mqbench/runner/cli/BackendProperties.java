package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.config.ScenarioFile;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Gathers a backend's keys, later sources overriding earlier ones: the scenario file's {@code
 * properties}, the matrix cell's, environment variables ({@code MQBENCH_KAFKA_ACKS=all} for {@code
 * kafka.acks}; a dash of the backend's name is an underscore there, {@code
 * MQBENCH_KAFKA_SHARE_ACKS} for {@code kafka-share.acks}), system properties ({@code
 * -Dkafka.acks=all}), then {@code -p kafka.acks=all} flags. Keys of a queue the scenario names (its
 * {@code queue}, or a value of its {@code queue} axis) go to that queue's runs only, wherever they
 * come from.
 */
final class BackendProperties {
  private BackendProperties() {}

  static Map<String, String> gather(
      MqProvider provider,
      Collection<String> allBackends,
      Optional<ScenarioFile> scenario,
      Map<String, String> cell,
      Invocation invocation,
      Map<String, String> flags) {
    String prefix = provider.name() + ".";
    Map<String, String> out = new TreeMap<>();
    Set<String> named = scenario.map(BackendProperties::queuesOf).orElse(Set.of());
    scenario.ifPresent(s -> out.putAll(ownKeys(s.properties(), provider, named)));
    out.putAll(ownKeys(cell, provider, named));
    String envPrefix = envPrefix(provider.name());
    // MQBENCH_KAFKA_SHARE_ACKS is kafka-share's, not a kafka key "kafka.share.acks".
    List<String> longer =
        allBackends.stream()
            .map(BackendProperties::envPrefix)
            .filter(p -> p.length() > envPrefix.length() && p.startsWith(envPrefix))
            .toList();
    invocation.env().entrySet().stream()
        .filter(e -> e.getKey().startsWith(envPrefix))
        .filter(e -> longer.stream().noneMatch(e.getKey()::startsWith))
        .forEach(e -> out.put(keyForEnv(provider, e.getKey()), e.getValue()));
    for (Map.Entry<String, String> e : invocation.systemProperties().entrySet()) {
      if (e.getKey().startsWith(prefix)) {
        out.put(e.getKey(), e.getValue());
      } else {
        for (String other : allBackends) {
          if (e.getKey().startsWith(other + ".") && !named.contains(other)) {
            throw new ConfigException(
                "-D"
                    + e.getKey()
                    + " is a key of queue "
                    + other
                    + ", but the queue is "
                    + provider.name());
          }
        }
      }
    }
    // As the scenario's keys: -p kafka.acks=all goes to the kafka runs of a matrix of queues.
    out.putAll(ownKeys(flags, provider, named));
    return out;
  }

  /**
   * The keys for this run's backend: a scenario that compares queues gives each its own keys (its
   * address, ...), so keys of another queue the scenario names are for that queue's runs. Keys of a
   * backend the scenario does not name stay, and are refused as they always were.
   */
  private static Map<String, String> ownKeys(
      Map<String, String> keys, MqProvider provider, Set<String> scenarioQueues) {
    Map<String, String> own = new TreeMap<>();
    keys.forEach(
        (k, v) -> {
          int dot = k.indexOf('.');
          String backend = dot < 0 ? k : k.substring(0, dot);
          if (backend.equals(provider.name()) || !scenarioQueues.contains(backend)) {
            own.put(k, v);
          }
        });
    return own;
  }

  /** The queues a scenario names: its {@code queue} and the values of a {@code queue} axis. */
  static Set<String> queuesOf(ScenarioFile s) {
    Set<String> queues = new TreeSet<>();
    if (s.options().containsKey("queue")) {
      queues.add(s.options().get("queue"));
    }
    s.cells().forEach(c -> Optional.ofNullable(c.get("queue")).ifPresent(queues::add));
    return queues;
  }

  /**
   * @param backend a backend's name
   * @return the prefix of its environment variables: {@code MQBENCH_KAFKA_SHARE_} for {@code
   *     kafka-share}
   */
  static String envPrefix(String backend) {
    return "MQBENCH_" + backend.toUpperCase(Locale.ROOT).replace('-', '_') + "_";
  }

  /**
   * Maps an environment variable to a key: declared keys match ignoring case and separators ({@code
   * MQBENCH_KAFKA_BOOTSTRAPSERVERS} is {@code kafka.bootstrapServers}); anything else becomes a
   * dotted lower-case key under the backend's name ({@code MQBENCH_KAFKA_PRODUCER_LINGER_MS} is
   * {@code kafka.producer.linger.ms}, {@code MQBENCH_KAFKA_SHARE_PRODUCER_LINGER_MS} is {@code
   * kafka-share.producer.linger.ms}).
   */
  static String keyForEnv(MqProvider provider, String envName) {
    String bare = envName.substring("MQBENCH_".length());
    String normalized = normalize(bare);
    for (ConfigKey<?> key : provider.configKeys()) {
      if (normalize(key.name()).equals(normalized)) {
        return key.name();
      }
    }
    String rest = envName.substring(envPrefix(provider.name()).length());
    return provider.name() + "." + rest.toLowerCase(Locale.ROOT).replace('_', '.');
  }

  private static String normalize(String s) {
    return s.replaceAll("[._-]", "").toLowerCase(Locale.ROOT);
  }

  /** The backend's configuration for a run of the cell, with the durability asked for. */
  static MqConfig configure(
      MqProvider provider,
      Collection<String> allBackends,
      Optional<ScenarioFile> scenario,
      Map<String, String> cell,
      Invocation invocation,
      Optional<String> durabilityOption,
      Map<String, String> flags) {
    Map<String, String> cellProperties = new TreeMap<>();
    cell.forEach(
        (k, v) -> {
          if (k.startsWith(ScenarioFile.PROPERTY_AXIS)) {
            cellProperties.put(k.substring(ScenarioFile.PROPERTY_AXIS.length()), v);
          }
        });
    Optional<Durability.Level> durability = durabilityOption.map(Durability.Level::parse);
    Map<String, String> keys =
        BackendProperties.gather(
            provider, allBackends, scenario, cellProperties, invocation, flags);
    MqConfig backend = provider.configure(withDurability(provider, durability, keys));
    durability.ifPresent(level -> checkDurability(provider, level, backend));
    return backend;
  }

  /** The backend's keys with those that give the asked durability; a contradiction is an error. */
  private static Map<String, String> withDurability(
      MqProvider provider, Optional<Durability.Level> level, Map<String, String> given) {
    if (level.isEmpty()) {
      return given;
    }
    Map<String, String> keys = new TreeMap<>(given);
    provider
        .durabilityKeys(level.get())
        .forEach(
            (k, v) -> {
              String other = given.get(k);
              if (other != null && !other.trim().equalsIgnoreCase(v)) {
                throw new ConfigException(
                    "--durability "
                        + level.get().key()
                        + " sets "
                        + k
                        + "="
                        + v
                        + ", but "
                        + k
                        + "="
                        + other
                        + " was given: drop one");
              }
              keys.put(k, v);
            });
    return keys;
  }

  /** What the backend declares under the final keys must be what was asked. */
  private static void checkDurability(
      MqProvider provider, Durability.Level level, MqConfig backend) {
    Durability got = provider.durability(backend);
    if (got.level() != level) {
      throw new ConfigException(
          "--durability "
              + level.key()
              + ": with these keys "
              + provider.name()
              + " keeps acknowledged messages "
              + got.describe());
    }
  }

  /** The cell with secret backend values hidden, in the axes' order. */
  static Map<String, String> shown(Map<String, String> cell, MqConfig backend) {
    Map<String, String> shown = new LinkedHashMap<>();
    cell.forEach(
        (k, v) ->
            shown.put(
                k,
                k.startsWith(ScenarioFile.PROPERTY_AXIS)
                    ? backend.shown(k.substring(ScenarioFile.PROPERTY_AXIS.length()), v)
                    : v));
    return shown;
  }
}
