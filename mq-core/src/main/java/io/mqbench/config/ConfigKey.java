package io.mqbench.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One configuration key of a backend: its full name ({@code kafka.acks}), type, default, unit and
 * description. Values arrive as text (system properties, CLI flags, scenario files, environment)
 * and are parsed and checked by {@link #parse}; a bad value fails with a message naming the key.
 *
 * <p>Instances are immutable and thread-safe. Declare them as constants of the backend.
 *
 * <p><b>One way of declaring keys.</b> Every backend declares each key once, as a {@code public
 * static final} constant with a javadoc comment, made by one of the factories below ({@link
 * #string}, {@link #enumeration}, {@link #integer}, {@link #longInteger}, {@link #bool}, {@link
 * #duration}), and lists the constants in {@code MqProvider.configKeys()}. A value that is a
 * password, a token or a URI that may carry credentials is declared {@link #markedSecret()}: the
 * runner then never prints or writes it (see {@link #redact}).
 *
 * @param <T> the parsed type: {@link String}, an enum, {@link Integer}, {@link Long}, {@link
 *     Boolean} or {@link Duration}
 */
public final class ConfigKey<T> {
  private final String name;
  private final T defaultValue;
  private final String unit;
  private final String description;
  private final ValueSyntax<T> syntax;
  private final boolean secret;

  private ConfigKey(
      String name,
      T defaultValue,
      String unit,
      String description,
      ValueSyntax<T> syntax,
      boolean secret) {
    this.name = Objects.requireNonNull(name, "name");
    this.defaultValue = defaultValue;
    this.unit = unit;
    this.description = Objects.requireNonNull(description, "description");
    this.syntax = syntax;
    this.secret = secret;
  }

  private static <T> ConfigKey<T> of(
      String name, T defaultValue, String unit, String description, ValueSyntax<T> syntax) {
    return new ConfigKey<>(name, defaultValue, unit, description, syntax, false);
  }

  /**
   * A text key.
   *
   * @param name full key name, such as {@code kafka.topic}
   * @param defaultValue the default, or {@code null} for a key that is unset unless given
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<String> string(String name, String defaultValue, String description) {
    return of(name, defaultValue, "", description, ValueSyntax.text());
  }

  /**
   * A text key restricted to a few values.
   *
   * @param name full key name
   * @param defaultValue the default, one of {@code choices}
   * @param choices the accepted values, compared exactly
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<String> choice(
      String name, String defaultValue, List<String> choices, String description) {
    List<String> accepted = List.copyOf(choices);
    if (defaultValue != null && !accepted.contains(defaultValue)) {
      throw new IllegalArgumentException(name + ": default not among choices");
    }
    return of(name, defaultValue, "", description, ValueSyntax.oneOf(accepted));
  }

  /**
   * A value of an enum named in text as the constant's {@link Choice#text()} when the enum
   * implements {@link Choice}, else as its name in lower case with dashes for underscores ({@code
   * QUORUM} is {@code quorum}). Text is matched ignoring case.
   *
   * @param name full key name
   * @param type the enum
   * @param defaultValue the default, or {@code null} for unset
   * @param description one line for documentation and {@code --help}
   * @param <E> the enum type
   * @return the key
   */
  public static <E extends Enum<E>> ConfigKey<E> enumeration(
      String name, Class<E> type, E defaultValue, String description) {
    return of(name, defaultValue, "", description, ValueSyntax.enumeration(type));
  }

  /**
   * The text form of an enum constant, as {@link #enumeration} keys read and print it.
   *
   * @param value an enum constant
   * @return its text
   */
  public static String text(Enum<?> value) {
    return ValueSyntax.enumText(value);
  }

  /**
   * Implemented by an enum whose values are not spelled like its constants' names ({@code acks=1}).
   */
  public interface Choice {
    /**
     * @return how users spell this value
     */
    String text();
  }

  /**
   * A whole-number key within {@code [min, max]}.
   *
   * @param name full key name
   * @param defaultValue the default, within range
   * @param min smallest accepted value
   * @param max largest accepted value
   * @param unit the unit, such as {@code "messages"} or {@code "bytes"}; empty for none
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<Integer> integer(
      String name, int defaultValue, int min, int max, String unit, String description) {
    return of(name, defaultValue, unit, description, ValueSyntax.integer(min, max));
  }

  /**
   * A long whole-number key within {@code [min, max]}: {@link #integer} for values past an int.
   *
   * @param name full key name
   * @param defaultValue the default, within range
   * @param min smallest accepted value
   * @param max largest accepted value
   * @param unit the unit; empty for none
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<Long> longInteger(
      String name, long defaultValue, long min, long max, String unit, String description) {
    return of(name, defaultValue, unit, description, ValueSyntax.longInteger(min, max));
  }

  /**
   * A true/false key; accepts {@code true}, {@code false}, {@code yes}, {@code no}, {@code on},
   * {@code off}.
   *
   * @param name full key name
   * @param defaultValue the default
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<Boolean> bool(String name, boolean defaultValue, String description) {
    return of(name, defaultValue, "", description, ValueSyntax.bool());
  }

  /**
   * A duration key, typed as {@link Durations#parse} accepts.
   *
   * @param name full key name
   * @param defaultValue the default, or {@code null} for unset
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<Duration> duration(
      String name, Duration defaultValue, String description) {
    return of(name, defaultValue, "", description, ValueSyntax.duration());
  }

  /**
   * A duration key whose values must lie within a range, so that a value the backend's client or
   * broker would reject only when connecting fails here instead, naming the key.
   *
   * @param name full key name
   * @param defaultValue the default, or {@code null} for unset; within the range
   * @param min the smallest value allowed
   * @param max the largest value allowed
   * @param rule where the range comes from, such as {@code "the broker's default
   *     group.min.session.timeout.ms"}; empty if obvious
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<Duration> duration(
      String name,
      Duration defaultValue,
      Duration min,
      Duration max,
      String rule,
      String description) {
    return of(name, defaultValue, "", description, ValueSyntax.duration(min, max, rule));
  }

  /**
   * A text key whose values must match a pattern, checked before anything connects.
   *
   * @param name full key name
   * @param defaultValue the default, or {@code null} for unset
   * @param pattern what a whole value must match
   * @param expected what a valid value looks like, for the error and the documentation
   * @param description one line for documentation and {@code --help}
   * @return the key
   */
  public static ConfigKey<String> matching(
      String name, String defaultValue, Pattern pattern, String expected, String description) {
    return of(name, defaultValue, "", description, ValueSyntax.matching(pattern, expected));
  }

  /**
   * A name key, such as a queue's or a table's: 1 to {@code maxLength} characters of a set, as
   * brokers restrict names. What a valid value looks like is derived from the limit, so that the
   * error text and the check never disagree.
   *
   * @param name full key name
   * @param defaultValue the default, or {@code null} for unset
   * @param characters the accepted characters as the inside of a regular-expression class, such as
   *     {@code "A-Za-z0-9_-"}
   * @param charactersText those characters in words, such as {@code "letters, digits, _ or -"}
   * @param maxLength the longest name accepted
   * @param description one line for documentation and {@code --help}
   * @return the key, expecting {@code "1 to <maxLength> <charactersText>"}
   */
  public static ConfigKey<String> identifier(
      String name,
      String defaultValue,
      String characters,
      String charactersText,
      int maxLength,
      String description) {
    return matching(
        name,
        defaultValue,
        Pattern.compile("[" + characters + "]{1," + maxLength + "}"),
        "1 to " + maxLength + " " + charactersText,
        description);
  }

  /**
   * Parses a value given as text.
   *
   * @param text the raw value
   * @return the parsed value
   * @throws ConfigException naming this key, the value and what is expected
   */
  public T parse(String text) {
    try {
      return syntax.parser().apply(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(
          name + ": invalid value '" + text + "': " + e.getMessage().replaceFirst("^'.*?' ", ""));
    }
  }

  /**
   * Prints a value as text that {@link #parse} reads back.
   *
   * @param value a value of this key
   * @return its text form
   */
  public String format(T value) {
    return syntax.printer().apply(value);
  }

  /**
   * @return the full key name, such as {@code kafka.acks}
   */
  public String name() {
    return name;
  }

  /**
   * @return the parsed type
   */
  public Class<T> type() {
    return syntax.type();
  }

  /**
   * @return the default value, or empty for a key that is unset unless given
   */
  public Optional<T> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /**
   * @return the unit, such as {@code "bytes"}; empty when the value has none or carries its own
   */
  public String unit() {
    return unit;
  }

  /**
   * @return what a valid value looks like, such as {@code "one of all, 1, 0"}
   */
  public String expected() {
    return syntax.expected();
  }

  /**
   * @return one line of documentation
   */
  public String description() {
    return description;
  }

  /**
   * The same key, marked as holding a secret (a password, a token, a URI with credentials).
   *
   * @return a copy of this key whose values are redacted wherever the runner shows or writes them
   */
  public ConfigKey<T> markedSecret() {
    return new ConfigKey<>(name, defaultValue, unit, description, syntax, true);
  }

  /**
   * The same key under another name: for a backend that offers another backend's key with the same
   * meaning under its own prefix ({@code kafka-share.acks} as {@code kafka.acks}).
   *
   * @param newName the full name of the copy
   * @return a key equal to this one in everything but its name
   */
  public ConfigKey<T> renamed(String newName) {
    return new ConfigKey<>(newName, defaultValue, unit, description, syntax, secret);
  }

  /**
   * @return whether values of this key are secrets, never to be printed or written
   */
  public boolean isSecret() {
    return secret;
  }

  /**
   * A value of this key as it may be shown: itself for an ordinary key; for a secret key, a URI
   * keeps everything but the password of its user information ({@code amqp://bob:****@host:5672}),
   * and any other value becomes {@code ****}.
   *
   * @param text the value as text
   * @return the text to print or write
   */
  public String redact(String text) {
    return secret ? Secrets.redact(text) : text;
  }

  @Override
  public String toString() {
    return name;
  }
}
