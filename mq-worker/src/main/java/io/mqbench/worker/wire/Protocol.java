package io.mqbench.worker.wire;

import java.time.Duration;

/** What the coordinator's client and the worker's server agree on besides the bodies. */
public final class Protocol {
  /**
   * The version of the worker protocol; a worker speaking another is refused. 3: bodies are the
   * engine's records as {@code EngineJson} writes them (durations as {@code 30s}, modes by label).
   * 4: a cell's run origin can be moved during the run ({@code run-origin}). 5: a cell reports what
   * it measured so far ({@code checkpoint}). 6: reports carry what the worker's process and its
   * sender and receiver threads used (CPU, GC, memory). 7: a cell's size may be a mix (text) with a
   * compressibility, and senders report the bytes and sizes they sent.
   */
  public static final int VERSION = 7;

  /** The header that carries the shared token. */
  public static final String TOKEN_HEADER = "X-Mqbench-Token";

  /** How long the threads of a worker halted on request may take to stop. */
  public static final Duration HALT_THREADS = Duration.ofSeconds(20);

  private Protocol() {}
}
