package io.mqbench.runner.cli;

import io.mqbench.config.Durations;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.metrics.LiveRuns;
import io.mqbench.runner.metrics.MetricsEndpoint;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code run --metrics-port}: the endpoint serving the runs' live metrics while they go on, and for
 * {@code --metrics-linger} after the last one; nothing when the option is not given.
 *
 * @param endpoint the endpoint; empty when the option is not given
 * @param runs where the runs' figures go
 * @param linger how long it serves on after the last run
 * @param invocation where it says what it does
 * @param stop a stop ends the linger sooner
 */
record MetricsServing(
    Optional<MetricsEndpoint> endpoint,
    LiveRuns runs,
    Duration linger,
    Invocation invocation,
    StopSignals stop)
    implements AutoCloseable {
  /**
   * Starts serving if the options ask for it, and says where.
   *
   * @throws io.mqbench.config.ConfigException naming the option when it cannot listen
   */
  static MetricsServing open(RunOptions o, Invocation invocation, StopSignals stop) {
    if (o.metrics.metricsPort.isEmpty()) {
      return new MetricsServing(Optional.empty(), LiveRuns.OFF, Duration.ZERO, invocation, stop);
    }
    if (o.metrics.metricsLinger.isNegative()) {
      throw new io.mqbench.config.ConfigException(
          "--metrics-linger must be 0s or more, was " + Durations.format(o.metrics.metricsLinger));
    }
    LiveRuns runs = LiveRuns.shown();
    MetricsEndpoint endpoint =
        MetricsEndpoint.forRuns(o.metrics.metricsHost, o.metrics.metricsPort.get(), runs);
    invocation.err().println("mqbench: live metrics on " + endpoint.url());
    return new MetricsServing(
        Optional.of(endpoint), runs, o.metrics.metricsLinger, invocation, stop);
  }

  /** Serves on for the linger time (a stop ends it sooner), then stops serving. */
  @Override
  public void close() {
    if (endpoint.isEmpty()) {
      return;
    }
    try {
      if (!linger.isZero() && !stop.requested()) {
        stop.onStop(
            () -> {},
            new StopSignals.Notices(
                "mqbench: stopping: the runs are over; live metrics end now",
                "mqbench: stopped at once"));
        invocation
            .err()
            .printf(
                "mqbench: live metrics stay on %s for %s%n",
                endpoint.get().url(), Durations.format(linger));
        long end = System.nanoTime() + linger.toNanos();
        while (System.nanoTime() - end < 0 && !stop.requested()) {
          Thread.sleep(Math.min(100, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      endpoint.get().close();
    }
  }
}
