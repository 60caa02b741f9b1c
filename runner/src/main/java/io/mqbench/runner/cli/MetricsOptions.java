package io.mqbench.runner.cli;

import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code mqbench run} that serve its live figures to Prometheus. */
public final class MetricsOptions {
  @Option(
      names = {"--metrics-port"},
      paramLabel = "PORT",
      description =
          "Serve live metrics for Prometheus on this port (http://HOST:PORT/metrics; 0 for any"
              + " free one): counts, lost so far and latency histograms of the run under way,"
              + " merged over its workers. Default: off.")
  Optional<Integer> metricsPort;

  @Option(
      names = {"--metrics-host"},
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description =
          "With --metrics-port: the address to listen on (0.0.0.0 for every interface; the"
              + " metrics carry no secret). Default: ${DEFAULT-VALUE}.")
  String metricsHost;

  @Option(
      names = {"--metrics-linger"},
      paramLabel = "DURATION",
      defaultValue = "0s",
      converter = DurationConverter.class,
      description =
          "With --metrics-port: keep serving this long after the last run (a stop, Ctrl-C or SIGTERM, ends it"
              + " sooner), so that a scrape still finds its final figures; longer than"
              + " Prometheus' scrape interval. Default: ${DEFAULT-VALUE}.")
  Duration metricsLinger;
}
