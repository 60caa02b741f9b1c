package io.mqbench.runner.engine;

/**
 * What stopped a run early.
 *
 * @param where which thread or phase failed, such as {@code "sender 3"}
 * @param cause the failure
 */
public record RunFailure(String where, Throwable cause) {

  /**
   * @return one line for the terminal
   */
  public String message() {
    String m = cause.getMessage();
    return where + ": " + (m == null ? cause.getClass().getSimpleName() : m);
  }
}
