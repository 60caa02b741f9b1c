package io.mqbench.runner.progress;

import io.mqbench.engine.Tick;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;

/** Live progress of a run on the terminal. */
public interface ProgressDisplay extends AutoCloseable {

  /**
   * @param tick the counts at the end of a second
   */
  void update(Tick tick);

  /** Ends the display, leaving the terminal on a fresh line. */
  @Override
  void close();

  /**
   * @return a display that shows nothing: for pipes, files and CI logs
   */
  static ProgressDisplay none() {
    return new ProgressDisplay() {
      @Override
      public void update(Tick tick) {}

      @Override
      public void close() {}
    };
  }

  /**
   * A one-line progress bar on {@code err}: messages sent against the total (or seconds against the
   * duration), with live msgs/s sent and received and the messages in flight.
   *
   * @param err the terminal
   * @param totalMessages messages the senders will send, when the run counts messages
   * @param duration the run's length, when it is timed
   * @return the display
   */
  static ProgressDisplay terminal(
      PrintStream err, double totalMessages, Optional<Duration> duration) {
    return new TerminalProgress(err, totalMessages, duration);
  }

  /**
   * @return the width of the controlling terminal in columns ({@code COLUMNS} when set), 80 when it
   *     cannot be asked: what a bar drawn now would use
   */
  static int terminalWidth() {
    return TerminalProgress.terminalWidth();
  }
}
