package io.mqbench.mq;

import io.mqbench.config.ConfigException;
import java.util.Locale;

/**
 * Where an acknowledged message is when its acknowledgement reaches the sender, under the settings
 * a run used: what a "sent" figure promises. Results carry it, so that figures made at different
 * durability are never set side by side without saying so.
 *
 * @param level how safely the message is kept once acknowledged
 * @param where on which copies: {@code "on every in-sync replica"}, {@code "on the queue's node"}
 * @param settings the settings that make it so, as users set them ({@code "kafka.acks=all"})
 */
public record Durability(Level level, String where, String settings) {

  /** How safely an acknowledged message is kept. */
  public enum Level {
    /** Written and fsynced to disk before the acknowledgement. */
    FSYNC("fsynced to disk"),
    /** Held in memory (the OS page cache or the broker's heap) before the acknowledgement. */
    MEMORY("in memory"),
    /** Kept as a service's contract says, without a per-message promise of when it is on disk. */
    SERVICE("stored as the service's contract says"),
    /** Not stored, or not waited for, before the acknowledgement: loss is expected on failure. */
    NONE("not stored when acknowledged"),
    /** The backend does not declare it. */
    UNDECLARED("not declared"),
    /**
     * What answered is a stand-in for the system the backend is about (a wire-compatible server
     * that keeps messages in memory): whatever was asked, its figures say nothing about the real
     * system's, and reports keep it apart from every other level.
     */
    STAND_IN("stand-in");

    private final String label;

    Level(String label) {
      this.label = label;
    }

    /**
     * How strong a promise the level is, for {@link #weaker}: a stand-in's is the weakest (it is
     * not the system asked about), then not declared, none, memory, the service's, fsynced.
     */
    private int strength() {
      return switch (this) {
        case STAND_IN -> 0;
        case UNDECLARED -> 1;
        case NONE -> 2;
        case MEMORY -> 3;
        case SERVICE -> 4;
        case FSYNC -> 5;
      };
    }

    /**
     * @param other another level
     * @return the weaker promise of the two; this one when they are equally strong
     */
    public Level weaker(Level other) {
      return other.strength() < strength() ? other : this;
    }

    /**
     * @return how people read it: {@code fsynced to disk}
     */
    public String label() {
      return label;
    }

    /**
     * @return the level's name in results and options: {@code fsync}, {@code memory}
     */
    public String key() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param text a level's {@link #key()}
     * @return that level
     * @throws ConfigException naming the levels if there is none of that name
     */
    public static Level parse(String text) {
      for (Level l : values()) {
        if (l != UNDECLARED
            && l != STAND_IN
            && l.key().equals(text.trim().toLowerCase(Locale.ROOT))) {
          return l;
        }
      }
      throw new ConfigException(
          "--durability must be fsync, memory, service or none, was '" + text + "'");
    }
  }

  /** A backend that declares nothing. */
  public static final Durability UNDECLARED =
      new Durability(Level.UNDECLARED, "", "the backend does not declare it");

  /** Requires every field. */
  public Durability {
    if (level == null || where == null || settings == null) {
      throw new IllegalArgumentException("a durability needs a level, where and settings");
    }
  }

  /**
   * @return one line: {@code fsynced to disk on a majority of the quorum queue's replicas
   *     (rabbitmq.queueType=quorum, publisher confirms)}
   */
  public String describe() {
    String place = where.isEmpty() ? "" : " " + where;
    String how = settings.isEmpty() ? "" : " (" + settings + ")";
    return level.label() + place + how;
  }

  /**
   * @return true when an acknowledged message can be lost by a crash of one process: not stored,
   *     not declared, or held by an in-memory stand-in
   */
  public boolean unsafe() {
    return level == Level.NONE || level == Level.UNDECLARED || level == Level.STAND_IN;
  }

  /**
   * A stand-in for {@code system}: a wire-compatible server keeping messages in memory.
   *
   * @param system the real system it stands in for: {@code "MongoDB"}, {@code "Amazon SQS"}
   * @param settings what answered and how it was recognised
   * @return {@code stand-in (in memory), not MongoDB (...)}
   */
  public static Durability standIn(String system, String settings) {
    return new Durability(Level.STAND_IN, "(in memory), not " + system, settings);
  }
}
