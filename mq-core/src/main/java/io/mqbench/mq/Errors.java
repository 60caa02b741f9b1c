package io.mqbench.mq;

import java.util.Optional;

/**
 * Turns exceptions into the one line a terminal shows. Client libraries nest the useful message
 * several causes deep, or leave the top one empty; every backend and the runner read them the same
 * way through this class.
 *
 * <p>Stateless and thread-safe.
 */
public final class Errors {
  private Errors() {}

  /**
   * The message of the innermost cause: what actually failed ({@code Connection refused}), without
   * the wrappers around it.
   *
   * @param e any exception
   * @return the innermost cause's message on one line, or its class's simple name when it has none
   */
  public static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return oneLine(m == null || m.isBlank() ? t.getClass().getSimpleName() : m);
  }

  /**
   * The first message along the cause chain that is not blank, starting at {@code e} itself: the
   * most specific text the thrower chose to give.
   *
   * @param e any exception
   * @return that message on one line, or the innermost class's simple name when none has one
   */
  public static String oneLine(Throwable e) {
    Throwable t = e;
    while ((t.getMessage() == null || t.getMessage().isBlank())
        && t.getCause() != null
        && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage();
    return oneLine(m == null || m.isBlank() ? t.getClass().getSimpleName() : m);
  }

  /**
   * @param text any text
   * @return the text with every run of whitespace (line breaks included) made one space, trimmed
   */
  public static String oneLine(String text) {
    return text.replaceAll("\\s+", " ").trim();
  }

  /**
   * Finds a cause of a given type.
   *
   * @param e any exception
   * @param type the type looked for
   * @param <T> that type
   * @return {@code e} or the first of its causes that is a {@code type}, if any
   */
  public static <T extends Throwable> Optional<T> find(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return Optional.of(type.cast(t));
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return Optional.empty();
  }
}
