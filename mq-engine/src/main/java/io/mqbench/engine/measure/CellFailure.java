package io.mqbench.engine.measure;

import io.mqbench.mq.Errors;

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
   * @return the failure, with the first message along the cause chain, on one line
   */
  public static CellFailure of(String where, Throwable cause) {
    return new CellFailure(where, Errors.oneLine(cause));
  }

  /**
   * @return one line for the terminal: {@code sender 3: broker said no}
   */
  public String line() {
    return where + ": " + message;
  }
}
