package io.mqbench.store;

/** The store could not be read or written; the run's results folder is not affected. */
public final class StoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message one line: what could not be done, where, and why
   * @param cause the driver's error
   */
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
