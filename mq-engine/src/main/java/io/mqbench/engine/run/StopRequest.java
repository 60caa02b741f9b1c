package io.mqbench.engine.run;

/** A request to stop the run early (Ctrl-C), from any thread, also before the run starts. */
final class StopRequest {
  private volatile boolean requested;
  private volatile long atNanos;

  void request() {
    if (!requested) {
      atNanos = System.nanoTime();
    }
    requested = true;
  }

  boolean requested() {
    return requested;
  }

  /** The {@code nanoTime} of the first request; meaningful only once requested. */
  long atNanos() {
    return atNanos;
  }
}
