package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.engine.Tick;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * What the unmeasured warm-up says while it runs. It announces itself on its first tick, so only
 * once the backend was reached and senders started (a broker that cannot be reached fails before
 * any warm-up). Once its senders stopped, its receivers take everything the queue holds, also
 * messages earlier runs left there, until the queue stays idle: that can take far longer than the
 * warm-up itself, so every {@link #DRAIN_NOTE_EVERY} it says that it is draining, and how long.
 */
final class WarmUpProgress implements Consumer<Tick> {
  /** How often a warm-up that outlasts its senders says it is still draining. */
  static final int DRAIN_NOTE_EVERY = 5;

  private final Duration warmup;
  private final Duration receiverIdle;
  private final PrintStream err;
  private boolean announced;

  WarmUpProgress(Duration warmup, Duration receiverIdle, PrintStream err) {
    this.warmup = warmup;
    this.receiverIdle = receiverIdle;
    this.err = err;
  }

  @Override
  public void accept(Tick t) {
    if (!announced) {
      announced = true;
      err.println("mqbench: warming up for " + Durations.format(warmup) + " (not measured)");
    }
    long over = (long) t.elapsedSeconds() - Math.max(1, warmup.toSeconds());
    if (t.seconds() >= 1 && over > 0 && over % DRAIN_NOTE_EVERY == 0) {
      err.printf(
          Locale.ROOT,
          "mqbench: warm-up: senders stopped after %s; receivers are draining what the queue holds"
              + " (left by earlier runs too) until it is idle for %s: %,.0f s so far, %,d received"
              + "%n",
          Durations.format(warmup),
          Durations.format(receiverIdle),
          t.elapsedSeconds(),
          t.receivedTotal());
    }
  }
}
