package io.mqbench.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The validated configuration of one backend: a value for each declared {@link ConfigKey} (given or
 * default) and the pass-through properties for the native client.
 *
 * <p>Built by {@link #of}, which rejects unknown keys and malformed values with a {@link
 * ConfigException} naming the key. Immutable and thread-safe.
 */
public final class MqConfig {
  private final String backend;
  private final Map<String, ConfigKey<?>> keys;
  private final List<String> passThroughPrefixes;
  private final Map<String, String> given;
  private final Map<String, Object> values;

  private MqConfig(
      String backend,
      Map<String, ConfigKey<?>> keys,
      List<String> passThroughPrefixes,
      Map<String, String> given,
      Map<String, Object> values) {
    this.backend = backend;
    this.keys = keys;
    this.passThroughPrefixes = passThroughPrefixes;
    this.given = given;
    this.values = values;
  }

  /**
   * Validates raw values against a backend's declared keys.
   *
   * @param backend the backend's name; every key must start with it and a dot
   * @param declared the backend's keys
   * @param passThroughPrefixes prefixes (full, such as {@code kafka.producer.}) under which
   *     undeclared keys are accepted as native client properties
   * @param raw key to text value, keys in full ({@code kafka.acks})
   * @return the validated configuration
   * @throws ConfigException for a key outside the backend's namespace, an unknown key (with the
   *     closest known one suggested), or a malformed value
   */
  public static MqConfig of(
      String backend,
      List<ConfigKey<?>> declared,
      List<String> passThroughPrefixes,
      Map<String, String> raw) {
    Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();
    for (ConfigKey<?> key : declared) {
      if (!key.name().startsWith(backend + ".")) {
        throw new IllegalArgumentException(key.name() + " is not under " + backend + ".");
      }
      keys.put(key.name(), key);
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ConfigKey<?> key : declared) {
      key.defaultValue().ifPresent(v -> values.put(key.name(), v));
    }
    Map<String, String> given = new TreeMap<>(raw);
    for (Map.Entry<String, String> e : given.entrySet()) {
      String name = e.getKey();
      ConfigKey<?> key = keys.get(name);
      if (key != null) {
        values.put(name, key.parse(e.getValue()));
      } else if (passThroughPrefixes.stream()
          .noneMatch(p -> name.startsWith(p) && name.length() > p.length())) {
        throw new ConfigException(unknownKeyMessage(backend, name, keys, passThroughPrefixes));
      }
    }
    return new MqConfig(
        backend,
        Collections.unmodifiableMap(keys),
        List.copyOf(passThroughPrefixes),
        Collections.unmodifiableMap(given),
        Collections.unmodifiableMap(values));
  }

  private static String unknownKeyMessage(
      String backend, String name, Map<String, ConfigKey<?>> keys, List<String> prefixes) {
    if (!name.startsWith(backend + ".")) {
      return "key '" + name + "' does not belong to queue " + backend;
    }
    if (name.equals(backend + ".localBrokerNodes")) {
      return "queue "
          + backend
          + " has no local cluster ("
          + name
          + "): its local broker, if any, is a stand-in that cannot replicate; give the address of"
          + " a replicated deployment instead (docs/deployment.md)";
    }
    StringBuilder b = new StringBuilder("unknown key '").append(name).append("' for queue ");
    b.append(backend);
    Suggestions.closest(name, keys.keySet())
        .ifPresent(k -> b.append("; did you mean ").append(k).append('?'));
    b.append(" (known: ").append(String.join(", ", keys.keySet()));
    for (String p : prefixes) {
      b.append(", ").append(p).append('*');
    }
    return b.append(')').toString();
  }

  /**
   * @return the backend's name
   */
  public String backend() {
    return backend;
  }

  /**
   * The value of a key: the one given, else the default.
   *
   * @param key a key the backend declared
   * @param <T> its type
   * @return the value
   * @throws ConfigException if the key has no value (unset and without default)
   * @throws IllegalArgumentException if the backend did not declare the key
   */
  public <T> T get(ConfigKey<T> key) {
    return find(key)
        .orElseThrow(
            () -> new ConfigException(key.name() + " is not set (" + key.description() + ")"));
  }

  /**
   * The value of a key, or empty when it is unset and has no default.
   *
   * @param key a key the backend declared
   * @param <T> its type
   * @return the value, if any
   * @throws IllegalArgumentException if the backend did not declare the key
   */
  public <T> Optional<T> find(ConfigKey<T> key) {
    if (keys.get(key.name()) != key) {
      throw new IllegalArgumentException(key.name() + " is not declared by " + backend);
    }
    return Optional.ofNullable(key.type().cast(values.get(key.name())));
  }

  /**
   * The pass-through properties under a prefix, with the prefix removed: for {@code
   * kafka.producer.}, {@code kafka.producer.linger.ms=5} becomes {@code linger.ms=5}.
   *
   * @param prefix one of the backend's pass-through prefixes, in full
   * @return the properties, sorted by name
   */
  public Map<String, String> passThrough(String prefix) {
    if (!passThroughPrefixes.contains(prefix)) {
      throw new IllegalArgumentException(prefix + " is not a pass-through prefix of " + backend);
    }
    return given.entrySet().stream()
        .filter(e -> e.getKey().startsWith(prefix))
        .collect(
            Collectors.toMap(
                e -> e.getKey().substring(prefix.length()),
                Map.Entry::getValue,
                (a, b) -> b,
                TreeMap::new));
  }

  /**
   * A copy with one more value given, validated like the rest.
   *
   * @param name full key name
   * @param value text value
   * @return the new configuration
   * @throws ConfigException if the key is unknown or the value malformed
   */
  public MqConfig with(String name, String value) {
    Map<String, String> raw = new TreeMap<>(given);
    raw.put(name, value);
    return of(backend, List.copyOf(keys.values()), passThroughPrefixes, raw);
  }

  /**
   * Whether the user gave a value for the key (rather than relying on its default).
   *
   * @param key a declared key
   * @return true if given
   */
  public boolean isGiven(ConfigKey<?> key) {
    return given.containsKey(key.name());
  }

  /**
   * Every effective value as text, for the terminal and results files: each declared key (given or
   * default; unset keys omitted) and each pass-through property. Secrets are hidden: values of keys
   * {@linkplain ConfigKey#isSecret() marked secret} and of pass-through properties whose names
   * {@linkplain Secrets#looksSecret look secret} are {@linkplain Secrets#redact redacted}.
   *
   * @return key to text value, sorted by key, safe to print
   */
  public Map<String, String> effective() {
    Map<String, String> out = new TreeMap<>();
    given.forEach(
        (name, value) -> {
          ConfigKey<?> key = keys.get(name);
          if (key == null) {
            out.put(name, Secrets.looksSecret(name) ? Secrets.redact(value) : value);
          }
        });
    for (ConfigKey<?> key : keys.values()) {
      Object v = values.get(key.name());
      if (v != null) {
        out.put(key.name(), key.redact(formatUnchecked(key, v)));
      }
    }
    return out;
  }

  /**
   * One value of this backend's namespace as it may be shown, by the same rule as {@link
   * #effective()}: redacted when its key is marked secret or, for a pass-through property, when its
   * name looks secret. For labels made of given values, such as a matrix cell's.
   *
   * @param name full key name
   * @param value a value of that key, as text
   * @return the text to print or write
   */
  public String shown(String name, String value) {
    ConfigKey<?> key = keys.get(name);
    if (key != null) {
      return key.redact(value);
    }
    return Secrets.looksSecret(name) ? Secrets.redact(value) : value;
  }

  /**
   * The values as given (declared keys and pass-through properties), secrets included, so that the
   * same configuration can be made again elsewhere ({@code provider.configure(config.given())}, on
   * a worker). Never print or write them: {@link #effective()} is what may be shown.
   *
   * @return key to text value as given, sorted by key, unredacted
   */
  public Map<String, String> given() {
    return given;
  }

  /**
   * Whether a value was given for a key, declared or pass-through.
   *
   * @param name full key name
   * @return true if given
   */
  public boolean isGiven(String name) {
    return given.containsKey(name);
  }

  @SuppressWarnings("unchecked")
  private static <T> String formatUnchecked(ConfigKey<T> key, Object value) {
    return key.format((T) value);
  }

  @Override
  public String toString() {
    return backend + effective();
  }
}
