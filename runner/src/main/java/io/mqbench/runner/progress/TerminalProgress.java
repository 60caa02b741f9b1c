package io.mqbench.runner.progress;

import io.mqbench.engine.Tick;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
            // A width of our own: left to itself, the library opens a JLine system terminal, which
            // takes over SIGINT and kills the JVM at Ctrl-C before any result is written.
            .setConsumer(new ConsoleProgressBarConsumer(err, terminalWidth() - 1))
            .build();
  }

  @Override
  public void update(Tick t) {
    bar.stepTo(timed ? (long) t.elapsedSeconds() : t.sentTotal());
    // The run's last tick is shorter than a second, often by far: its few messages over its few
    // milliseconds are noise (27k/s after a 4.5 M/s run). What stays on screen is the whole run's.
    boolean last = t.seconds() < 1;
    double sent = last ? t.sentTotal() / t.elapsedSeconds() : t.sentPerSecond();
    double received = last ? t.receivedTotal() / t.elapsedSeconds() : t.receivedPerSecond();
    bar.setExtraMessage(
        String.format(
            " %s%s/s sent, %s/s received, %s in flight",
            last ? "mean " : "",
            compact(Math.round(sent)),
            compact(Math.round(received)),
            compact(t.inFlight())));
  }

  /**
   * The terminal's width in columns, as {@code stty size} reports it on the controlling terminal;
   * 80 when there is none or it cannot be asked.
   */
  static int terminalWidth() {
    String columns = System.getenv("COLUMNS");
    if (columns != null && columns.matches("\\d{2,4}")) {
      return Integer.parseInt(columns);
    }
    File tty = new File("/dev/tty");
    if (!tty.canRead()) {
      return 80;
    }
    try {
      Process stty =
          new ProcessBuilder("stty", "size")
              .redirectInput(tty)
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      String out = new String(stty.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (stty.waitFor(2, TimeUnit.SECONDS) && out.matches("\\d+ \\d+")) {
        return Math.max(40, Integer.parseInt(out.split(" ")[1]));
      }
    } catch (IOException e) {
      // no stty here: the default width
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 80;
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
