package io.mqbench.runner.metrics;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.DaemonThreads;
import io.mqbench.worker.server.WorkerServer;
import io.mqbench.worker.server.hosting.ReportedCell;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * A Prometheus endpoint, {@code http://HOST:PORT/metrics} in Prometheus' text format, showing the
 * figures of this process's runs (see {@link MqbenchCollector}). It reads reports only when
 * scraped.
 */
public final class MetricsEndpoint implements AutoCloseable {
  private final HTTPServer server;
  private final ExecutorService threads;
  private final String url;

  private MetricsEndpoint(HTTPServer server, ExecutorService threads, String url) {
    this.server = server;
    this.threads = threads;
    this.url = url;
  }

  /**
   * Serves a coordinator's figures: the merged view of its runs.
   *
   * @param host the address to listen on, such as {@code 127.0.0.1}
   * @param port the port; 0 for any free one
   * @param runs the runs to show
   * @return the running endpoint
   * @throws ConfigException naming the options if it cannot listen there
   */
  public static MetricsEndpoint forRuns(String host, int port, LiveRuns runs) {
    return start(host, port, runs::figures);
  }

  /**
   * Serves a worker's figures: what each of its cells last reported to its coordinator, so that the
   * coordinator's merged view is the sum of its workers'.
   *
   * @param host the address to listen on
   * @param port the port; 0 for any free one
   * @param worker the worker
   * @param node the worker's name in the {@code node} label
   * @return the running endpoint
   * @throws ConfigException naming the options if it cannot listen there
   */
  public static MetricsEndpoint forWorker(String host, int port, WorkerServer worker, String node) {
    return start(
        host,
        port,
        () -> {
          List<Figures> all = new ArrayList<>();
          for (ReportedCell r : worker.reported()) {
            all.add(
                new Figures(
                    Figures.runLabel(r.spec().runId()),
                    r.spec().label(),
                    node,
                    r.spec().queue(),
                    r.report(),
                    false,
                    r.finished(),
                    false));
          }
          return all;
        });
  }

  private static MetricsEndpoint start(String host, int port, Supplier<List<Figures>> figures) {
    if (port < 0 || port > 65535) {
      throw new ConfigException("--metrics-port must be 0..65535, was " + port);
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(host);
    } catch (UnknownHostException e) {
      throw new ConfigException("--metrics-host " + host + ": no such address");
    }
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new MqbenchCollector(figures));
    ExecutorService threads =
        Executors.newFixedThreadPool(2, DaemonThreads.named("mqbench-metrics"));
    try {
      HTTPServer server =
          HTTPServer.builder()
              .inetAddress(address)
              .port(port)
              .registry(registry)
              .executorService(threads)
              .buildAndStart();
      String url =
          "http://"
              + (address.getHostAddress().contains(":")
                  ? "[" + address.getHostAddress() + "]"
                  : address.getHostAddress())
              + ":"
              + server.getPort()
              + "/metrics";
      return new MetricsEndpoint(server, threads, url);
    } catch (IOException e) {
      threads.shutdownNow();
      throw new ConfigException(
          "--metrics-port "
              + port
              + ": cannot listen on "
              + host
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); choose another port, or 0 for any free one");
    }
  }

  /**
   * @return where Prometheus scrapes it, such as {@code http://127.0.0.1:9400/metrics}
   */
  public String url() {
    return url;
  }

  /**
   * @return the port it listens on (the one chosen when 0 was asked)
   */
  public int port() {
    return server.getPort();
  }

  /** Stops serving. */
  @Override
  public void close() {
    server.close();
    threads.shutdownNow();
  }
}
