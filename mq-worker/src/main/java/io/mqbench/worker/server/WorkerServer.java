package io.mqbench.worker.server;

import com.sun.net.httpserver.HttpServer;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.DaemonThreads;
import io.mqbench.worker.server.hosting.HostedCells;
import io.mqbench.worker.server.hosting.ReportedCell;
import io.mqbench.worker.server.hosting.WorkerLimits;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A worker: serves the {@link io.mqbench.engine.Cell} seam over HTTP for a coordinator elsewhere,
 * with one cell (made by the given factory, normally a local cell) per prepare request.
 *
 * <p>It ties three parts together: the routes ({@link WorkerRoutes}, {@link CellRoutes}), which
 * speak HTTP; the cells it hosts ({@link HostedCells}), from prepare to close or reaping; and the
 * limits on what it takes on ({@link WorkerLimits}). Every request carries the shared token when
 * one is set; a wrong or missing one is refused with 401 before anything else is read. Instants
 * from the coordinator arrive on this worker's clock (the coordinator measured the offset with
 * {@code /v1/clock}, and measures it again while the run goes on, sending the run's origin anew
 * when it moved) and are turned into readings of the clock the cells run on here. A cell that hears
 * nothing from its coordinator for {@link HostedCells#ABANDONED_AFTER} is stopped and closed, so
 * that a vanished coordinator leaves no load running.
 */
public final class WorkerServer implements AutoCloseable {
  /** The exit status of a worker halted on request ({@code POST /v1/halt}), as after SIGKILL. */
  public static final int HALT_STATUS = WorkerRoutes.HALT_STATUS;

  private final HttpServer server;
  private final ExecutorService handlers;
  private final HostedCells hosted;
  private final WorkerRoutes routes;

  /**
   * Binds and starts serving.
   *
   * @param bind the address and port to listen on (port 0: any free one)
   * @param token the shared token every request must carry, if any
   * @param version this worker's mqbench version, compared by the coordinator
   * @param cells makes a cell for a prepare request
   * @param clockOffsetNanos added to every clock reading this worker reports and subtracted from
   *     every instant it receives: 0 except in tests of the run clock
   * @param log where this worker says what it does (never the token, never backend properties)
   * @return the running server
   * @throws IOException if the address cannot be bound
   */
  public static WorkerServer start(
      InetSocketAddress bind,
      Optional<String> token,
      String version,
      Function<CellSpec, Cell> cells,
      long clockOffsetNanos,
      PrintStream log)
      throws IOException {
    return start(bind, token, version, cells, WorkerClock.shifted(clockOffsetNanos), log);
  }

  /**
   * Binds and starts serving, on a clock set up by a test of the run clock.
   *
   * @param clock how this worker reads its clock and answers clock exchanges
   * @see #start(InetSocketAddress, Optional, String, Function, long, PrintStream)
   */
  public static WorkerServer start(
      InetSocketAddress bind,
      Optional<String> token,
      String version,
      Function<CellSpec, Cell> cells,
      WorkerClock clock,
      PrintStream log)
      throws IOException {
    return start(
        bind,
        token,
        version,
        cells,
        clock,
        WorkerLimits.forHeap(Runtime.getRuntime().maxMemory()),
        log);
  }

  /**
   * Binds and starts serving, on a clock and within limits set up by a test.
   *
   * @param clock how this worker reads its clock and answers clock exchanges
   * @param limits what this worker takes on
   * @see #start(InetSocketAddress, Optional, String, Function, long, PrintStream)
   */
  static WorkerServer start(
      InetSocketAddress bind,
      Optional<String> token,
      String version,
      Function<CellSpec, Cell> cells,
      WorkerClock clock,
      WorkerLimits limits,
      PrintStream log)
      throws IOException {
    // The JDK server writes a response's headers and body apart; without TCP_NODELAY the body
    // waits for the client's delayed ACK (40 ms on Linux), which would make every clock exchange
    // 40 ms long and the offset's uncertainty 20 ms. Read once, when the server classes load.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    HostedCells hosted = new HostedCells(cells, limits, log);
    return new WorkerServer(
        bind,
        hosted,
        new WorkerRoutes(token, version, clock, limits.maxRequestBytes(), hosted, log));
  }

  private WorkerServer(InetSocketAddress bind, HostedCells hosted, WorkerRoutes routes)
      throws IOException {
    this.hosted = hosted;
    this.routes = routes;
    try {
      this.server = HttpServer.create(bind, 16);
    } catch (IOException e) {
      hosted.close();
      throw e;
    }
    this.handlers = Executors.newCachedThreadPool(DaemonThreads.named("mqbench-worker-http"));
    server.setExecutor(handlers);
    server.createContext("/v1/", routes::handle);
    server.start();
  }

  /**
   * @param action what to do when a coordinator asks this worker to exit ({@code POST
   *     /v1/shutdown}, with the token where one is set); by default nothing
   */
  public void onShutdownRequest(Runnable action) {
    routes.onShutdownRequest(action);
  }

  /**
   * @return the address the server listens on, with the port chosen when 0 was asked
   */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  /**
   * What every cell hosted here last reported to its coordinator, and the last cell closed since
   * none was prepared: see {@link HostedCells#reported()}.
   *
   * @return the cells' last reports
   */
  public List<ReportedCell> reported() {
    return hosted.reported();
  }

  /** Stops serving, then stops and closes every cell. */
  @Override
  public void close() {
    server.stop(0);
    hosted.close();
    handlers.shutdownNow();
  }
}
