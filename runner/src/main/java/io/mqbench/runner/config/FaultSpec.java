package io.mqbench.runner.config;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.engine.Choice;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One fault of {@code --fault} (or a scenario's {@code faults:}), as written: {@code
 * KIND@AT[+LENGTH][:TARGET]}, such as {@code restart-broker@10s}, {@code pause-broker@10s+2s},
 * {@code kill-broker@15s:node 2}, {@code kill-broker@15s:leader} or {@code kill-receiver@10s}.
 *
 * <ul>
 *   <li>KIND: one of {@link Kind}'s names;
 *   <li>AT: when it starts, from the measured run's start (30s, 1m, 500ms, PT10S);
 *   <li>LENGTH: how long it lasts, for a fault that is undone (pause-broker, partition-broker), and
 *       only for those;
 *   <li>TARGET: for a broker fault {@code node N} (from 1; the default is node 1) or {@code leader}
 *       (the node leading most of the queue's partitions when the fault starts); for kill-receiver
 *       and kill-sender {@code receiver N} / {@code sender N} (a thread of a run in this process;
 *       the default is the first) or {@code node N} (a worker node of a run on workers; the default
 *       is the last receiving node, or the first sending one).
 * </ul>
 *
 * Parsing checks the text alone; {@link io.mqbench.runner.cli} checks it against the run.
 *
 * @param kind what the fault is
 * @param at when it starts, from the run's start
 * @param length how long it lasts; present exactly for a kind that {@linkplain Kind#lasts lasts}
 * @param target what it hits
 */
public record FaultSpec(Kind kind, Duration at, Optional<Duration> length, Target target) {

  /** The fault kinds, by the name users give. */
  public enum Kind implements Choice {
    /** {@code kill -9} of a broker node, which stays down. */
    KILL_BROKER,
    /** {@code kill -9} of a broker node, then a start on the same ports and data. */
    RESTART_BROKER,
    /** {@code SIGSTOP} of a broker node for LENGTH, then {@code SIGCONT}. */
    PAUSE_BROKER,
    /** A broker node cut off the network (its network namespace's link down) for LENGTH. */
    PARTITION_BROKER,
    /** A receiver dies without acknowledging what it holds; the other receivers go on. */
    KILL_RECEIVER,
    /** A sender dies with its batches in flight; the other senders go on. */
    KILL_SENDER;

    /**
     * @return whether the fault is undone after its LENGTH, which it then requires
     */
    public boolean lasts() {
      return this == PAUSE_BROKER || this == PARTITION_BROKER;
    }

    /**
     * @return whether it hits a broker node (else a sender or receiver of the run)
     */
    public boolean onBroker() {
      return this != KILL_RECEIVER && this != KILL_SENDER;
    }

    /**
     * @return every kind's name, comma-separated
     */
    public static String names() {
      return Arrays.stream(values()).map(Kind::label).collect(Collectors.joining(", "));
    }

    static Optional<Kind> of(String label) {
      return Arrays.stream(values()).filter(k -> k.label().equals(label)).findFirst();
    }
  }

  /**
   * What a fault hits.
   *
   * @param type which kind of thing
   * @param number its number, from 1; 0 for {@link TargetType#DEFAULT} and {@link
   *     TargetType#LEADER}
   */
  public record Target(TargetType type, int number) {
    /** The default target of the kind. */
    public static final Target DEFAULT = new Target(TargetType.DEFAULT, 0);

    /**
     * @return the number, when the target has one
     */
    public OptionalInt numbered() {
      return number > 0 ? OptionalInt.of(number) : OptionalInt.empty();
    }

    /**
     * @return as written after the colon, {@code node 2}; empty for the default
     */
    public String text() {
      return switch (type) {
        case DEFAULT -> "";
        case LEADER -> "leader";
        default -> type.name().toLowerCase(Locale.ROOT) + " " + number;
      };
    }
  }

  /** The kinds of target. */
  public enum TargetType {
    /** None given: the kind's default. */
    DEFAULT,
    /** A broker node, or a worker node. */
    NODE,
    /** The broker node leading the queue. */
    LEADER,
    /** A receiver thread of a run in this process. */
    RECEIVER,
    /** A sender thread of a run in this process. */
    SENDER
  }

  private static final Pattern SPEC =
      Pattern.compile("\\s*([a-zA-Z-]+)\\s*@\\s*([^+:]+?)\\s*(?:\\+\\s*([^:]*?)\\s*)?(?::(.*))?");
  private static final Pattern NUMBERED =
      Pattern.compile("(node|receiver|sender)\\s*-?\\s*(\\d{1,6})", Pattern.CASE_INSENSITIVE);

  /** Validates. */
  public FaultSpec {
    if (at.isNegative()) {
      throw new IllegalArgumentException("a fault cannot start before the run");
    }
  }

  /**
   * Reads one spec.
   *
   * @param text {@code KIND@AT[+LENGTH][:TARGET]}
   * @return the fault
   * @throws ConfigException in one line starting with {@code --fault 'text':}
   */
  public static FaultSpec parse(String text) {
    Matcher m = SPEC.matcher(text);
    if (!m.matches()) {
      throw bad(
          text,
          "expected KIND@AT[+LENGTH][:TARGET], such as restart-broker@10s, pause-broker@10s+2s or"
              + " kill-broker@15s:node 2");
    }
    String label = m.group(1).toLowerCase(Locale.ROOT);
    Kind kind =
        Kind.of(label)
            .orElseThrow(
                () -> bad(text, "unknown kind '" + label + "' (kinds: " + Kind.names() + ")"));
    Duration at = duration(text, "AT", m.group(2));
    Optional<Duration> length =
        m.group(3) == null ? Optional.empty() : Optional.of(duration(text, "LENGTH", m.group(3)));
    if (kind.lasts() && length.isEmpty()) {
      throw bad(
          text,
          kind.label()
              + " lasts a while: give its LENGTH after a +, such as "
              + kind.label()
              + "@"
              + m.group(2)
              + "+2s");
    }
    if (!kind.lasts() && length.isPresent()) {
      throw bad(
          text,
          kind.label()
              + " takes no LENGTH (+"
              + m.group(3)
              + "): it is over once done; pause-broker and partition-broker last a while");
    }
    if (length.isPresent() && length.get().isZero()) {
      throw bad(text, "LENGTH must be above 0");
    }
    Target target = m.group(4) == null ? Target.DEFAULT : target(text, kind, m.group(4).trim());
    return new FaultSpec(kind, at, length, target);
  }

  private static Target target(String text, Kind kind, String t) {
    if (t.equalsIgnoreCase("leader")) {
      if (!kind.onBroker()) {
        throw bad(
            text,
            "TARGET leader is for broker faults; " + kind.label() + " takes " + targets(kind));
      }
      return new Target(TargetType.LEADER, 0);
    }
    Matcher n = NUMBERED.matcher(t);
    if (!n.matches()) {
      throw bad(text, "unknown TARGET '" + t + "'; " + kind.label() + " takes " + targets(kind));
    }
    TargetType type = TargetType.valueOf(n.group(1).toUpperCase(Locale.ROOT));
    int number = Integer.parseInt(n.group(2));
    boolean fits =
        switch (kind) {
          case KILL_RECEIVER -> type == TargetType.NODE || type == TargetType.RECEIVER;
          case KILL_SENDER -> type == TargetType.NODE || type == TargetType.SENDER;
          default -> type == TargetType.NODE;
        };
    if (!fits) {
      throw bad(
          text,
          "TARGET '" + t + "' does not fit " + kind.label() + ", which takes " + targets(kind));
    }
    if (number < 1) {
      throw bad(text, "TARGET '" + t + "': numbers start at 1");
    }
    return new Target(type, number);
  }

  private static String targets(Kind kind) {
    return switch (kind) {
      case KILL_RECEIVER -> "receiver N (a run in this process) or node N (a run on workers)";
      case KILL_SENDER -> "sender N (a run in this process) or node N (a run on workers)";
      default -> "node N or leader";
    };
  }

  private static Duration duration(String text, String what, String value) {
    try {
      return Durations.parse(value); // never negative
    } catch (IllegalArgumentException e) {
      throw bad(text, "bad " + what + " '" + value + "' (a time such as 10s, 1m, 500ms)");
    }
  }

  private static ConfigException bad(String text, String why) {
    return new ConfigException("--fault '" + text.strip() + "': " + why);
  }

  /**
   * @return the spec as written, canonical: {@code pause-broker@10s+2s:node 2}
   */
  public String text() {
    return kind.label()
        + "@"
        + Durations.format(at)
        + length.map(l -> "+" + Durations.format(l)).orElse("")
        + (target.type() == TargetType.DEFAULT ? "" : ":" + target.text());
  }

  @Override
  public String toString() {
    return text();
  }
}
