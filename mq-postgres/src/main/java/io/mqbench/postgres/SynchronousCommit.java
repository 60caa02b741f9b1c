package io.mqbench.postgres;

import io.mqbench.config.ConfigKey;

/**
 * PostgreSQL's {@code synchronous_commit}: what a commit waits for before it returns. A session
 * setting, so the backend sets it on each connection itself ({@code SET synchronous_commit}); what
 * the standby values mean depends on the server's {@code synchronous_standby_names}.
 */
enum SynchronousCommit implements ConfigKey.Choice {
  /** Returns before the commit's WAL is flushed; the WAL writer flushes it within 3 × 200 ms. */
  OFF("off"),
  /** Waits for the commit's WAL to be flushed on this server, never for standbys. */
  LOCAL("local"),
  /** Also waits until the synchronous standbys wrote the WAL (to their OS, not flushed). */
  REMOTE_WRITE("remote_write"),
  /** Also waits until the synchronous standbys flushed the WAL: PostgreSQL's default. */
  ON("on"),
  /** Also waits until the synchronous standbys applied it (visible to queries there). */
  REMOTE_APPLY("remote_apply");

  private final String text;

  SynchronousCommit(String text) {
    this.text = text;
  }

  @Override
  public String text() {
    return text;
  }

  /**
   * @param text the setting as the server shows it
   * @return the value it names, if one of these
   */
  static java.util.Optional<SynchronousCommit> of(String text) {
    return java.util.Arrays.stream(values()).filter(v -> v.text.equals(text)).findFirst();
  }

  /**
   * @return whether a commit waits for the primary's WAL flush
   */
  boolean flushesLocally() {
    return this != OFF;
  }

  /**
   * @return whether a commit waits for the synchronous standbys (when the server names any)
   */
  boolean waitsForStandbys() {
    return this == REMOTE_WRITE || this == ON || this == REMOTE_APPLY;
  }

  /**
   * @return what the synchronous standbys have done with a commit's WAL when it returns
   */
  String onStandbys() {
    return switch (this) {
      case REMOTE_WRITE -> "written to their OS (not fsynced)";
      case ON -> "fsynced";
      case REMOTE_APPLY -> "fsynced and applied";
      default -> "not waited for";
    };
  }
}
