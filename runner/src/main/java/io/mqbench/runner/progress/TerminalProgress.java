package io.mqbench.runner.progress;

import io.mqbench.engine.Tick;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** {@link ProgressDisplay} drawn by the progressbar library. */
final class TerminalProgress implements ProgressDisplay {
  private final ProgressBar bar;
  private final boolean timed;

  TerminalProgress(PrintStream err, double totalMessages, Optional<Duration> duration) {
    this.timed = duration.isPresent();
    this.bar =
        new ProgressBarBuilder()
            .setTaskName(timed ? "seconds" : "sent")
            .setInitialMax(
                timed ? duration.get().toSeconds() : (long) Math.min(totalMessages, Long.MAX_VALUE))
            .setStyle(ProgressBarStyle.ASCII)
            .setUpdateIntervalMillis(500)
            .continuousUpdate()
            .setConsumer(new ConsoleProgressBarConsumer(err))
            .build();
  }

  @Override
  public void update(Tick t) {
    // The run's last tick is usually shorter than a second: seconds elapsed, and rates per second
    // of its own length.
    bar.stepTo(timed ? (long) t.elapsedSeconds() : t.sentTotal());
    bar.setExtraMessage(
        String.format(
            " %s/s sent, %s/s received, %s in flight",
            compact(Math.round(t.sentPerSecond())),
            compact(Math.round(t.receivedPerSecond())),
            compact(t.inFlight())));
  }

  static String compact(long n) {
    if (n >= 10_000_000) {
      return n / 1_000_000 + "M";
    }
    if (n >= 10_000) {
      return n / 1_000 + "k";
    }
    return Long.toString(n);
  }

  @Override
  public void close() {
    bar.close();
  }
}
