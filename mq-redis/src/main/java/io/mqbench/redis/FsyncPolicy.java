package io.mqbench.redis;

/**
 * When the Redis server writes its append-only file to disk ({@code appendonly} and {@code
 * appendfsync}): what an acknowledged XADD survives. The server's setting, not the client's: the
 * backend checks that the server it reaches has it, and starts its local server with it.
 */
enum FsyncPolicy {
  /** {@code appendonly yes, appendfsync always}: each write is fsynced before its reply. */
  ALWAYS,
  /**
   * {@code appendonly yes, appendfsync everysec}: replies before the fsync, which follows within
   * about a second; a power loss loses up to that second.
   */
  EVERYSEC,
  /** {@code appendonly no}: only in memory (and in snapshots, if any): a restart loses messages. */
  NO;

  /**
   * @param appendonly the server's {@code appendonly} ({@code yes} or {@code no})
   * @param appendfsync the server's {@code appendfsync}
   * @return the policy the server runs with
   */
  static FsyncPolicy of(String appendonly, String appendfsync) {
    if (!"yes".equalsIgnoreCase(appendonly)) {
      return NO;
    }
    return switch (appendfsync.toLowerCase(java.util.Locale.ROOT)) {
      case "always" -> ALWAYS;
      case "everysec" -> EVERYSEC;
      default -> NO; // appendfsync no: the OS writes when it likes
    };
  }

  /**
   * @return the server settings that give it, as {@code redis-server} arguments and CONFIG names
   */
  String serverSettings() {
    return switch (this) {
      case ALWAYS -> "appendonly yes, appendfsync always";
      case EVERYSEC -> "appendonly yes, appendfsync everysec";
      case NO -> "appendonly no";
    };
  }
}
