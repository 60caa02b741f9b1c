package io.mqbench.worker.server;

/** A request refused with an HTTP status other than 500, and why. */
final class Refused extends RuntimeException {
  private static final long serialVersionUID = 1L;
  final int status;

  Refused(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }
}
