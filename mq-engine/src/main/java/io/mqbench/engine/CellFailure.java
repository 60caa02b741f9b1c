package io.mqbench.engine;

/**
 * What stopped a cell, as a value that crosses process boundaries.
 *
 * @param where which thread or phase failed, such as {@code "sender 3"}
 * @param message the failure in one line
 */
public record CellFailure(String where, String message) {

  /**
   * @param where which thread or phase failed
   * @param cause the failure
   * @return the failure, with the cause's message (or its type when it has none)
   */
  public static CellFailure of(String where, Throwable cause) {
    String m = cause.getMessage();
    return new CellFailure(where, m == null ? cause.getClass().getSimpleName() : m);
  }

  /**
   * @return one line for the terminal: {@code sender 3: broker said no}
   */
  public String line() {
    return where + ": " + message;
  }
}
