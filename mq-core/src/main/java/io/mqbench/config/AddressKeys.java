package io.mqbench.config;

/**
 * The key naming a backend's server, for backends the runner finds a server for: unset by default,
 * in which case the runner uses the address its compose file publishes if a server answers there,
 * else starts a local one. This class spells that policy once, in every such key's description, and
 * the message a backend fails with when it is opened without an address (outside the runner).
 */
public final class AddressKeys {
  private AddressKeys() {}

  /**
   * The server's key, unset by default, described as {@code "<syntax>; unset: <composeAddress> if
   * it answers, else <otherwise>"}.
   *
   * @param name full key name, such as {@code redis.uri}
   * @param syntax what a value is, such as {@code "Redis server redis://host[:port]"}
   * @param composeAddress where the runner looks first, with the compose file if it helps: {@code
   *     "127.0.0.1:6390 (docker/redis.yml)"}
   * @param otherwise what the runner starts when nothing answers there
   * @return the key; {@linkplain ConfigKey#markedSecret() mark it secret} when a value may carry a
   *     password
   */
  public static ConfigKey<String> address(
      String name, String syntax, String composeAddress, String otherwise) {
    return ConfigKey.string(
        name, null, syntax + "; unset: " + composeAddress + " if it answers, else " + otherwise);
  }

  /**
   * The one line a backend fails with when opened with its address key unset.
   *
   * @param key the address key
   * @param example a value to pass, such as the compose server's URI
   * @return {@code "<key> is not set: pass -p <key>=<example> or leave it unset in the runner,
   *     ..."}
   */
  public static String notSetMessage(ConfigKey<String> key, String example) {
    return key.name()
        + " is not set: pass -p "
        + key.name()
        + "="
        + example
        + " or leave it unset in the runner, which starts a local server";
  }
}
