package io.mqbench.mq;

import io.mqbench.config.ConfigException;
import java.util.EnumMap;
import java.util.Map;

/**
 * A backend's answer to {@code --durability}, as data: for each level it can give, the keys that
 * give it, and one reason for every level it cannot. A provider keeps one table and answers {@link
 * MqProvider#durabilityKeys} with {@link #keys}, so that changing what a level means changes one
 * line of the table.
 *
 * <pre>{@code
 * static final DurabilityTable LEVELS =
 *     DurabilityTable.of("redis", "an XADD's reply always comes once the server holds the entry")
 *         .withKey(
 *             "redis.fsync",
 *             Map.of(Durability.Level.FSYNC, "always", Durability.Level.MEMORY, "everysec"));
 * }</pre>
 */
public final class DurabilityTable {
  private final String backend;
  private final String refusal;
  private final Map<Durability.Level, Map<String, String>> levels;

  private DurabilityTable(
      String backend, String refusal, Map<Durability.Level, Map<String, String>> levels) {
    this.backend = backend;
    this.refusal = refusal;
    this.levels = levels;
  }

  /**
   * A table that gives no level yet.
   *
   * @param backend the backend's name, which starts the refusal
   * @param refusal why a level not in the table cannot be given, after {@code ": "}
   * @return the empty table
   */
  public static DurabilityTable of(String backend, String refusal) {
    return new DurabilityTable(backend, refusal, new EnumMap<>(Durability.Level.class));
  }

  /**
   * This table, also giving {@code level} with {@code keys}.
   *
   * @param level a level the backend can give
   * @param keys the keys and values that give it; empty when the defaults already do
   * @return a new table; this one is unchanged
   */
  public DurabilityTable with(Durability.Level level, Map<String, String> keys) {
    Map<Durability.Level, Map<String, String>> more = new EnumMap<>(Durability.Level.class);
    more.putAll(levels);
    more.put(level, Map.copyOf(keys));
    return new DurabilityTable(backend, refusal, more);
  }

  /**
   * This table, also giving each level of {@code values} with one key: for a backend where one
   * setting decides the level.
   *
   * @param key the key that decides
   * @param values each level the backend can give, and the key's value that gives it
   * @return a new table; this one is unchanged
   */
  public DurabilityTable withKey(String key, Map<Durability.Level, String> values) {
    DurabilityTable table = this;
    for (Map.Entry<Durability.Level, String> level : values.entrySet()) {
      table = table.with(level.getKey(), Map.of(key, level.getValue()));
    }
    return table;
  }

  /**
   * The keys that give {@code level}.
   *
   * @param level the level asked for
   * @return the keys and values to set; empty when the defaults give it
   * @throws ConfigException {@code "<backend> cannot be set to --durability <level>: <refusal>"}
   *     when the table does not give that level
   */
  public Map<String, String> keys(Durability.Level level) {
    Map<String, String> keys = levels.get(level);
    if (keys == null) {
      throw new ConfigException(
          backend + " cannot be set to --durability " + level.key() + ": " + refusal);
    }
    return keys;
  }
}
