package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Locale;

/**
 * How far senders may run ahead of receivers in a closed-loop run with both together ({@code
 * --max-backlog}).
 *
 * <p>Unbounded senders on a queue whose receiving side is slower build a backlog that grows for the
 * whole run: sent and received then measure different things (a burst into the queue, and a drain
 * that outlasts the run), and neither is what the queue moves in steady state. With a limit, the
 * coordinator holds senders back while the backlog (acknowledged minus received) is above it, so
 * that both sides run at the rate they can sustain together, as a production system with flow
 * control does. Open-loop (rate) runs are never held: their schedule is the point.
 *
 * @param kind automatic, off, or a fixed number of messages
 * @param messages the fixed limit; 0 unless {@code kind} is {@link Kind#FIXED}
 */
public record BacklogLimit(Kind kind, long messages) {

  /** The kinds of limit. */
  public enum Kind {
    /** About a second of what the receivers take, at least {@link #AUTO_FLOOR} messages. */
    AUTO,
    /** No limit: senders run as fast as the queue acknowledges. */
    OFF,
    /** A fixed number of messages. */
    FIXED
  }

  /** The automatic limit, the default. */
  public static final BacklogLimit AUTO = new BacklogLimit(Kind.AUTO, 0);

  /** No limit. */
  public static final BacklogLimit OFF = new BacklogLimit(Kind.OFF, 0);

  /**
   * The automatic limit never goes below this many messages: enough for receivers' prefetch and
   * batches in flight before any rate is known, small enough that a slow queue's tail after the
   * last send stays short.
   */
  public static final long AUTO_FLOOR = 1_000;

  /** Validates the pair. */
  public BacklogLimit {
    if (kind == Kind.FIXED && messages < 1) {
      throw new ConfigException("--max-backlog must be at least 1 message, was " + messages);
    }
    if (kind != Kind.FIXED && messages != 0) {
      throw new IllegalArgumentException(kind + " takes no message count");
    }
  }

  /**
   * @param messages the most messages acknowledged and not yet received before senders wait
   * @return a fixed limit
   */
  public static BacklogLimit of(long messages) {
    return new BacklogLimit(Kind.FIXED, messages);
  }

  /**
   * @param text {@code auto}, {@code off}, or a number of messages ({@code 50000}, {@code 50_000})
   * @return the limit
   * @throws ConfigException naming {@code --max-backlog} if the text is none of these
   */
  public static BacklogLimit parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    switch (t) {
      case "auto":
        return AUTO;
      case "off":
      case "none":
        return OFF;
      default:
        break;
    }
    long n;
    try {
      n = Long.parseLong(t.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new ConfigException(
          "--max-backlog must be auto, off or a number of messages, was '" + text + "'");
    }
    return of(n);
  }

  /**
   * @param receivedLastSecond messages the receivers took in the last second
   * @return the backlog above which senders are held now; {@link Long#MAX_VALUE} when off
   */
  public long bound(long receivedLastSecond) {
    return switch (kind) {
      case OFF -> Long.MAX_VALUE;
      case FIXED -> messages;
      case AUTO -> Math.max(AUTO_FLOOR, receivedLastSecond);
    };
  }

  /**
   * @return whether senders can be held at all
   */
  public boolean enabled() {
    return kind != Kind.OFF;
  }

  /**
   * @return {@code auto}, {@code off} or the number, as {@link #parse} reads it
   */
  public String text() {
    return switch (kind) {
      case AUTO -> "auto";
      case OFF -> "off";
      case FIXED -> Long.toString(messages);
    };
  }

  @Override
  public String toString() {
    return text();
  }
}
