package io.mqbench.config;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * How the values of a {@link ConfigKey} are written as text: their type, what a valid value looks
 * like, and how text is read and printed back. A key adds its name, default, unit and description;
 * the syntax knows nothing of them.
 *
 * <p>The parser throws {@link IllegalArgumentException} with a message starting {@code expected};
 * {@link ConfigKey#parse} turns it into a {@link ConfigException} naming the key.
 *
 * @param type the parsed type
 * @param expected what a valid value looks like, such as {@code "one of all, 1, 0"}
 * @param parser text to value
 * @param printer value to text that {@code parser} reads back
 * @param <T> the parsed type
 */
record ValueSyntax<T>(
    Class<T> type, String expected, Function<String, T> parser, Function<T, String> printer) {

  /** Any text, as given. */
  static ValueSyntax<String> text() {
    return new ValueSyntax<>(String.class, "text", s -> s, s -> s);
  }

  /** One of a few texts, compared exactly. */
  static ValueSyntax<String> oneOf(List<String> accepted) {
    String expected = "one of " + String.join(", ", accepted);
    return restricted(String.class, expected, s -> s, accepted::contains, s -> s);
  }

  /** A whole text matching a pattern; {@code expected} describes it. */
  static ValueSyntax<String> matching(Pattern pattern, String expected) {
    return restricted(String.class, expected, s -> s, s -> pattern.matcher(s).matches(), s -> s);
  }

  /** A constant of an enum, spelled as {@link #enumText} prints it, ignoring case. */
  static <E extends Enum<E>> ValueSyntax<E> enumeration(Class<E> type) {
    E[] constants = type.getEnumConstants();
    List<String> texts = Arrays.stream(constants).map(ValueSyntax::enumText).toList();
    String expected = "one of " + String.join(", ", texts);
    return new ValueSyntax<>(
        type,
        expected,
        s -> {
          for (E e : constants) {
            if (enumText(e).equalsIgnoreCase(s.trim())) {
              return e;
            }
          }
          throw new IllegalArgumentException("expected " + expected);
        },
        ValueSyntax::enumText);
  }

  /** An enum constant's text: {@link ConfigKey.Choice#text()}, else its name in lower case. */
  static String enumText(Enum<?> value) {
    if (value instanceof ConfigKey.Choice c) {
      return c.text();
    }
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** An int within {@code [min, max]}. */
  static ValueSyntax<Integer> integer(int min, int max) {
    return wholeNumber(Integer.class, min, max, v -> (int) v);
  }

  /** A long within {@code [min, max]}. */
  static ValueSyntax<Long> longInteger(long min, long max) {
    return wholeNumber(Long.class, min, max, v -> v);
  }

  /**
   * A whole number within {@code [min, max]}, underscores allowed as separators; one syntax for
   * every width, {@code narrow} giving the parsed type ({@code v -> (int) v} for an int key).
   */
  static <N extends Number> ValueSyntax<N> wholeNumber(
      Class<N> type, long min, long max, LongFunction<N> narrow) {
    String expected = "a whole number from " + min + " to " + max;
    Function<String, Long> parse =
        s -> {
          try {
            return Long.parseLong(s.trim().replace("_", ""));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected " + expected, e);
          }
        };
    // The range is checked on the long, before narrowing could wrap a value into it.
    Function<String, Long> inRange =
        restricted(Long.class, expected, parse, v -> v >= min && v <= max, String::valueOf)
            .parser();
    return new ValueSyntax<>(type, expected, inRange.andThen(narrow::apply), String::valueOf);
  }

  /** True or false, also as yes/no and on/off, ignoring case. */
  static ValueSyntax<Boolean> bool() {
    return new ValueSyntax<>(
        Boolean.class,
        "true or false",
        s ->
            switch (s.trim().toLowerCase(Locale.ROOT)) {
              case "true", "yes", "on" -> true;
              case "false", "no", "off" -> false;
              default -> throw new IllegalArgumentException("expected true or false");
            },
        String::valueOf);
  }

  /** A duration as {@link Durations#parse} reads it. */
  static ValueSyntax<Duration> duration() {
    return new ValueSyntax<>(
        Duration.class, "a duration such as 500ms, 30s or 5m", Durations::parse, Durations::format);
  }

  /** A duration within {@code [min, max]}; {@code rule} says where the range comes from. */
  static ValueSyntax<Duration> duration(Duration min, Duration max, String rule) {
    String expected =
        "a duration from "
            + Durations.format(min)
            + " to "
            + Durations.format(max)
            + (rule.isEmpty() ? "" : " (" + rule + ")");
    return restricted(
        Duration.class,
        expected,
        Durations::parse,
        d -> d.compareTo(min) >= 0 && d.compareTo(max) <= 0,
        Durations::format);
  }

  private static <T> ValueSyntax<T> restricted(
      Class<T> type,
      String expected,
      Function<String, T> parser,
      Predicate<T> accepted,
      Function<T, String> printer) {
    return new ValueSyntax<>(
        type,
        expected,
        s -> {
          T value = parser.apply(s);
          if (!accepted.test(value)) {
            throw new IllegalArgumentException("expected " + expected);
          }
          return value;
        },
        printer);
  }
}
