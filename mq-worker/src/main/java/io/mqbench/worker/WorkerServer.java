package io.mqbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.Cell;
import io.mqbench.engine.CellReady;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.mq.Errors;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * A worker: serves the {@link io.mqbench.engine.Cell} seam over HTTP for a coordinator elsewhere,
 * with one cell (made by the given factory, normally a local cell) per prepare request.
 *
 * <p>Every request carries the shared token when one is set; a wrong or missing one is refused with
 * 401 before anything else is read. Instants from the coordinator arrive on this worker's clock
 * (the coordinator measured the offset with {@code /v1/clock}, and measures it again while the run
 * goes on, sending the run's origin anew when it moved) and are turned into readings of the clock
 * the cells run on here. A cell that hears nothing from its coordinator for {@link
 * #ABANDONED_AFTER} is stopped and closed, so that a vanished coordinator leaves no load running.
 */
public final class WorkerServer implements AutoCloseable {
  /** How long the threads of a worker halted on request may take to stop. */
  static final Duration HALT_THREADS = Duration.ofSeconds(20);

  /** The exit status of a worker halted on request ({@code POST /v1/halt}), as after SIGKILL. */
  public static final int HALT_STATUS = 137;

  /** A cell no request touched for this long has lost its coordinator. */
  static final Duration ABANDONED_AFTER = Duration.ofSeconds(60);

  private final HttpServer server;
  private final ExecutorService handlers;
  private final ScheduledExecutorService reaper;
  private final Optional<byte[]> token;
  private final String version;
  private final Function<CellSpec, Cell> cells;
  private final Clock clock;
  private final PrintStream log;
  private final Map<String, Hosted> hosted = new ConcurrentHashMap<>();
  private final Limits limits;
  // Cells hosted or being prepared: a prepare takes a place before it starts anything.
  private final AtomicInteger cellPlaces = new AtomicInteger();
  private volatile Runnable onShutdownRequest = () -> {};

  /**
   * How this worker reads its clock and answers clock exchanges: as it is outside tests; tests of
   * the run clock shift it, make it drift or delay the answers.
   *
   * @param nanoTime the clock this worker's cells run on, which {@code /v1/clock} reports: {@link
   *     LocalCell#SYSTEM_CLOCK} outside tests; a test that makes it drift runs the cells it makes
   *     on it too, as a worker's cells and its clock are one
   * @param offsetNanos added to every reading reported and subtracted from every instant received:
   *     a clock shifted by this much, which the cells never see; 0 except in tests
   * @param answerDelay how long to wait between reading the clock and answering {@code /v1/clock}:
   *     a slow return path, which biases the measured offset; zero except in tests
   */
  record Clock(LongSupplier nanoTime, long offsetNanos, Duration answerDelay) {
    static Clock shifted(long offsetNanos) {
      return new Clock(LocalCell.SYSTEM_CLOCK, offsetNanos, Duration.ZERO);
    }

    long reported() {
      return nanoTime.getAsLong() + offsetNanos;
    }

    long received(long atNanos) {
      return atNanos - offsetNanos;
    }
  }

  /**
   * What one worker takes on, checked before anything is read or started: past these a request ran
   * the worker out of memory (a 300 MB body, 1,000 senders) or failed only later, in a sender (a
   * message of 2 GiB).
   *
   * @param maxRequestBytes the largest request body; beyond it, 413
   * @param maxCells how many cells may be hosted at once; beyond it, 409
   * @param maxThreadsPerCell the most senders and receivers one cell may run; beyond it, 400
   * @param maxMessageBytes the largest message; beyond it, 400
   * @param heapBytes this worker's heap, half of which one batch per sender and receiver may take
   */
  record Limits(
      int maxRequestBytes,
      int maxCells,
      int maxThreadsPerCell,
      int maxMessageBytes,
      long heapBytes) {
    /** A cell spec is a few kilobytes; 1 MiB leaves room for many backend properties. */
    static final int MAX_REQUEST_BYTES = 1 << 20;

    /**
     * A coordinator runs one cell per worker at a time; a few more leave room for a second
     * coordinator's run or the cells of one that vanished, until they are reaped.
     */
    static final int MAX_CELLS = 4;

    static final int MAX_THREADS_PER_CELL = 256;

    static final int MAX_MESSAGE_BYTES = 64 << 20;

    /** The share of the heap one batch per sender and receiver may take, as for a local run. */
    static final double HEAP_SHARE_FOR_BATCHES = 0.5;

    /**
     * @param heapBytes the heap of the JVM that hosts the cells
     * @return the limits of a worker with that heap
     */
    static Limits forHeap(long heapBytes) {
      return new Limits(
          MAX_REQUEST_BYTES, MAX_CELLS, MAX_THREADS_PER_CELL, MAX_MESSAGE_BYTES, heapBytes);
    }

    /**
     * @param spec a cell spec
     * @return why this worker cannot run it, if it cannot
     */
    Optional<String> refusal(CellSpec spec) {
      RunSettings s = spec.settings();
      int threads = spec.senders() + spec.receivers();
      if (threads > maxThreadsPerCell) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "%d senders and receivers on one worker, at most %d: spread them over more"
                    + " workers or lower --senders/--receivers",
                threads,
                maxThreadsPerCell));
      }
      if (s.maxMessageBytes() > maxMessageBytes) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "--size %d: a worker takes messages of at most %d MiB",
                s.maxMessageBytes(),
                maxMessageBytes >> 20));
      }
      long bytes = (long) threads * s.maxBatch() * s.maxMessageBytes();
      if (bytes > heapBytes * HEAP_SHARE_FOR_BATCHES) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "--size %d: one batch of %d per sender and receiver (%d on this worker) is %,d"
                    + " MiB, more than half of this worker's heap (%,d MiB); lower --size or"
                    + " --batch, or give the worker more --heap",
                s.maxMessageBytes(),
                s.maxBatch(),
                threads,
                bytes >> 20,
                heapBytes >> 20));
      }
      return Optional.empty();
    }
  }

  private static final class Hosted {
    final Cell cell;
    final CellSpec spec;
    volatile long touchedNanos = System.nanoTime();
    final AtomicInteger busy = new AtomicInteger();
    volatile CellMeasurements lastReport = CellMeasurements.empty();
    volatile boolean finished;

    Hosted(Cell cell, CellSpec spec) {
      this.cell = cell;
      this.spec = spec;
    }

    Reported reported() {
      return new Reported(spec, lastReport, finished);
    }
  }

  /**
   * What a cell of this worker last reported to its coordinator, for live metrics.
   *
   * @param spec what the cell runs
   * @param report its last checkpoint or its final report, exactly as sent to the coordinator;
   *     empty before the coordinator's first checkpoint
   * @param finished whether it is the final report
   */
  public record Reported(CellSpec spec, CellMeasurements report, boolean finished) {}

  // The last cell closed, kept for live metrics until another is prepared: a scrape after the run
  // still finds its final counts.
  private volatile Reported lastClosed;

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
    return start(
        bind,
        token,
        version,
        cells,
        Clock.shifted(clockOffsetNanos),
        Limits.forHeap(Runtime.getRuntime().maxMemory()),
        log);
  }

  /**
   * Binds and starts serving, on a clock set up by a test.
   *
   * @param clock how this worker reads its clock and answers clock exchanges
   * @see #start(InetSocketAddress, Optional, String, Function, long, PrintStream)
   */
  static WorkerServer start(
      InetSocketAddress bind,
      Optional<String> token,
      String version,
      Function<CellSpec, Cell> cells,
      Clock clock,
      PrintStream log)
      throws IOException {
    return start(
        bind, token, version, cells, clock, Limits.forHeap(Runtime.getRuntime().maxMemory()), log);
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
      Clock clock,
      Limits limits,
      PrintStream log)
      throws IOException {
    // The JDK server writes a response's headers and body apart; without TCP_NODELAY the body
    // waits for the client's delayed ACK (40 ms on Linux), which would make every clock exchange
    // 40 ms long and the offset's uncertainty 20 ms. Read once, when the server classes load.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
    return new WorkerServer(bind, token, version, cells, clock, limits, log);
  }

  private WorkerServer(
      InetSocketAddress bind,
      Optional<String> token,
      String version,
      Function<CellSpec, Cell> cells,
      Clock clock,
      Limits limits,
      PrintStream log)
      throws IOException {
    this.limits = limits;
    this.token = token.map(t -> t.getBytes(StandardCharsets.UTF_8));
    this.version = version;
    this.cells = cells;
    this.clock = clock;
    this.log = log;
    this.server = HttpServer.create(bind, 16);
    this.handlers =
        Executors.newCachedThreadPool(
            r -> {
              Thread t = new Thread(r, "mqbench-worker-http");
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(handlers);
    server.createContext("/v1/", this::handle);
    server.start();
    reaper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "mqbench-worker-reaper");
              t.setDaemon(true);
              return t;
            });
    reaper.scheduleWithFixedDelay(this::reapAbandoned, 5, 5, TimeUnit.SECONDS);
  }

  /**
   * @param action what to do when a coordinator asks this worker to exit ({@code POST
   *     /v1/shutdown}, with the token where one is set); by default nothing
   */
  public void onShutdownRequest(Runnable action) {
    this.onShutdownRequest = action;
  }

  /**
   * @return the address the server listens on, with the port chosen when 0 was asked
   */
  public InetSocketAddress address() {
    return server.getAddress();
  }

  /**
   * Answers every request with a status and, when refused, a one-line JSON error: the exchange is
   * closed only after that answer went out, since closing it first leaves the coordinator with an
   * empty reply instead of the cause.
   */
  private void handle(HttpExchange exchange) {
    try {
      serve(exchange);
    } catch (Refused e) {
      respondQuietly(exchange, e.status, error(e.getMessage()));
    } catch (RuntimeException e) {
      // Answered, not thrown: the coordinator shows the message as the cell's failure.
      respondQuietly(exchange, 500, error(Errors.oneLine(e)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      respondQuietly(exchange, 503, error("worker interrupted"));
    } catch (IOException e) {
      // The coordinator went away mid-request: nobody to answer.
    } finally {
      exchange.close();
    }
  }

  /** A request refused with an HTTP status other than 500, and why. */
  static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final int status;

    Refused(int status, String message) {
      super(message, null, false, false);
      this.status = status;
    }
  }

  private void serve(HttpExchange exchange) throws IOException, InterruptedException {
    if (token.isPresent() && !tokenMatches(exchange)) {
      respond(exchange, 401, error("wrong or missing token"));
      return;
    }
    String[] path = exchange.getRequestURI().getPath().substring("/v1/".length()).split("/");
    String method = exchange.getRequestMethod();
    JsonNode body = method.equals("POST") ? parse(read(exchange)) : null;
    switch (path[0]) {
      case "hello" ->
          respond(
              exchange,
              200,
              Wire.object().put("mqbench", version).put("protocol", WorkerClient.PROTOCOL));
      case "clock" -> {
        long nanos = clock.reported();
        if (!clock.answerDelay().isZero()) {
          Thread.sleep(clock.answerDelay().toMillis());
        }
        respond(exchange, 200, Wire.object().put("nanos", nanos));
      }
      case "shutdown" -> {
        respond(exchange, 200, Wire.object());
        log.println("mqbench worker: the coordinator asked this worker to exit");
        // After this answer has gone out: the handler thread must not close its own server.
        Thread stop = new Thread(onShutdownRequest, "mqbench-worker-shutdown");
        stop.start();
      }
      case "halt" -> {
        if (!method.equals("POST")) {
          respond(exchange, 405, error("POST /v1/halt"));
          return;
        }
        log.println(
            "mqbench worker: the coordinator asked this worker to halt at once (a fault, as kill"
                + " -9 would): its senders and receivers stop where they are, nothing is"
                + " acknowledged");
        // Every thread stops first, without acknowledging what it holds, so that what the worker
        // measured up to its death goes back with the answer: the run's ledger stays exact.
        ObjectNode died = Wire.object();
        long held = 0;
        for (Map.Entry<String, Hosted> e : hosted.entrySet()) {
          if (e.getValue().cell instanceof LocalCell local) {
            held += local.killAll(HALT_THREADS);
            died.set(e.getKey(), Wire.report(local.checkpoint()));
          }
        }
        respond(exchange, 200, Wire.object().put("held", held).<ObjectNode>set("cells", died));
        log.flush();
        // After this answer has gone out; no shutdown hook runs, no cell is closed.
        Thread halt =
            new Thread(
                () -> {
                  try {
                    Thread.sleep(50);
                  } catch (InterruptedException e) {
                    // halting anyway
                  }
                  Runtime.getRuntime().halt(HALT_STATUS);
                },
                "mqbench-worker-halt");
        halt.start();
      }
      case "cells" -> {
        if (path.length == 1 && method.equals("POST")) {
          prepare(exchange, body);
        } else if (path.length == 3) {
          onCell(exchange, path[1], path[2], body);
        } else {
          respond(exchange, 404, error("no such resource"));
        }
      }
      default -> respond(exchange, 404, error("no such resource"));
    }
  }

  private void prepare(HttpExchange exchange, JsonNode body)
      throws IOException, InterruptedException {
    CellSpec spec;
    try {
      spec = Wire.spec(body);
    } catch (IllegalArgumentException e) {
      throw new Refused(400, "not a cell spec: " + Errors.oneLine(e));
    }
    try {
      prepare(exchange, spec);
    } catch (ConfigException e) {
      // An unknown queue or backend key, a value out of range: the coordinator's request is wrong.
      throw new Refused(400, Errors.oneLine(e));
    }
  }

  private void prepare(HttpExchange exchange, CellSpec spec)
      throws IOException, InterruptedException {
    Optional<String> refusal = limits.refusal(spec);
    if (refusal.isPresent()) {
      throw new Refused(400, refusal.get());
    }
    if (cellPlaces.getAndUpdate(n -> n < limits.maxCells() ? n + 1 : n) >= limits.maxCells()) {
      throw new Refused(
          409,
          "this worker hosts "
              + limits.maxCells()
              + " cell(s) already, as many as it runs at once: another coordinator's runs are"
              + " under way, or cells of a vanished one, closed "
              + ABANDONED_AFTER.toSeconds()
              + " s after its last request");
    }
    String id = UUID.randomUUID().toString();
    CellReady ready;
    try {
      Cell cell = cells.apply(spec);
      try {
        ready = cell.prepare(spec);
      } catch (RuntimeException | InterruptedException e) {
        cell.close();
        throw e;
      }
      hosted.put(id, new Hosted(cell, spec));
      lastClosed = null;
    } catch (RuntimeException | InterruptedException | Error e) {
      cellPlaces.decrementAndGet();
      throw e;
    }
    log.printf(
        "mqbench worker: cell %s: %s, %d sender(s) from id %d, %d receiver(s)%n",
        id.substring(0, 8), spec.queue(), spec.senders(), spec.firstSenderId(), spec.receivers());
    respond(exchange, 200, Wire.ready(id, ready));
  }

  private void onCell(HttpExchange exchange, String id, String action, JsonNode body)
      throws IOException, InterruptedException {
    Hosted h = hosted.get(id);
    if (h == null) {
      respond(exchange, 404, error("no cell " + id + " on this worker (closed or abandoned)"));
      return;
    }
    h.busy.incrementAndGet();
    h.touchedNanos = System.nanoTime();
    try {
      Cell cell = h.cell;
      switch (action) {
        case "start-senders" -> {
          cell.startSenders(clock.received(required(body, "at").asLong()));
          respond(exchange, 200, Wire.object());
        }
        case "start-receivers" -> {
          cell.startReceivers(clock.received(required(body, "at").asLong()));
          respond(exchange, 200, Wire.object());
        }
        case "run-origin" -> {
          cell.moveRunOrigin(clock.received(required(body, "at").asLong()));
          respond(exchange, 200, Wire.object());
        }
        case "progress" -> respond(exchange, 200, Wire.progress(cell.poll()));
        case "checkpoint" -> {
          CellMeasurements report = cell.checkpoint();
          h.lastReport = report;
          respond(exchange, 200, Wire.report(report));
        }
        case "delivery" ->
            respond(exchange, 200, Wire.object().put("bitmaps", cell.delivery().serialize()));
        case "hold-senders" -> {
          cell.holdSenders(required(body, "hold").asBoolean());
          respond(exchange, 200, Wire.object());
        }
        case "stop-senders" -> {
          cell.stopSenders();
          respond(exchange, 200, Wire.object());
        }
        case "stop-receivers" -> {
          cell.stopReceivers();
          respond(exchange, 200, Wire.object());
        }
        case "finish" -> {
          CellMeasurements report =
              cell.finish(Duration.ofNanos(required(body, "timeoutNanos").asLong()));
          h.lastReport = report;
          h.finished = true;
          respond(exchange, 200, Wire.report(report));
        }
        case "close" -> {
          if (hosted.remove(id) != null) {
            cellPlaces.decrementAndGet();
            lastClosed = h.reported();
          }
          cell.close();
          log.printf("mqbench worker: cell %s closed%n", id.substring(0, 8));
          respond(exchange, 200, Wire.object());
        }
        default -> respond(exchange, 404, error("no such action: " + action));
      }
    } finally {
      h.busy.decrementAndGet();
      h.touchedNanos = System.nanoTime();
    }
  }

  /**
   * What every cell hosted here last reported to its coordinator, and the last cell closed since
   * none was prepared: read by live metrics at each scrape, it asks nothing of the cells, so that a
   * worker's figures are exactly those its coordinator merges.
   *
   * @return the cells' last reports
   */
  public List<Reported> reported() {
    List<Reported> all = new ArrayList<>();
    Reported closed = lastClosed;
    if (closed != null) {
      all.add(closed);
    }
    hosted.values().forEach(h -> all.add(h.reported()));
    return all;
  }

  private void reapAbandoned() {
    long now = System.nanoTime();
    hosted.forEach(
        (id, h) -> {
          if (h.busy.get() == 0
              && now - h.touchedNanos > ABANDONED_AFTER.toNanos()
              && hosted.remove(id) != null) {
            cellPlaces.decrementAndGet();
            log.printf(
                "mqbench worker: cell %s abandoned (no request for %d s): stopped and closed%n",
                id.substring(0, 8), ABANDONED_AFTER.toSeconds());
            h.cell.close();
          }
        });
  }

  private boolean tokenMatches(HttpExchange exchange) {
    String given = exchange.getRequestHeaders().getFirst(WorkerClient.TOKEN_HEADER);
    return given != null
        && MessageDigest.isEqual(token.get(), given.getBytes(StandardCharsets.UTF_8));
  }

  private static ObjectNode error(String message) {
    return Wire.object().put("error", message);
  }

  /** A field the action needs, refused with 400 when missing: the coordinator's mistake. */
  private static JsonNode required(JsonNode body, String field) {
    JsonNode value = body == null ? null : body.get(field);
    if (value == null || value.isNull()) {
      throw new Refused(400, "the request needs a JSON body with \"" + field + "\"");
    }
    return value;
  }

  private static JsonNode parse(byte[] body) {
    try {
      return Wire.parse(body);
    } catch (IllegalArgumentException e) {
      throw new Refused(400, Errors.oneLine(e));
    }
  }

  /**
   * The request body, refused with 413 beyond {@link Limits#maxRequestBytes()}: from its declared
   * length before anything is read, else (a chunked body) once that much has been read.
   */
  private byte[] read(HttpExchange exchange) throws IOException {
    int max = limits.maxRequestBytes();
    String declared = exchange.getRequestHeaders().getFirst("Content-Length");
    if (declared != null) {
      long length;
      try {
        length = Long.parseLong(declared.strip());
      } catch (NumberFormatException e) {
        throw new Refused(400, "Content-Length is not a number: " + declared);
      }
      if (length > max) {
        throw new Refused(413, tooLarge(length + " bytes", max));
      }
    }
    try (InputStream in = exchange.getRequestBody()) {
      byte[] body = in.readNBytes(max + 1);
      if (body.length > max) {
        throw new Refused(413, tooLarge("more than " + max + " bytes", max));
      }
      return body;
    }
  }

  private static String tooLarge(String size, int max) {
    return "request body of " + size + ", a worker takes at most " + (max >> 10) + " KiB";
  }

  private static void respond(HttpExchange exchange, int status, JsonNode body) throws IOException {
    byte[] bytes = Wire.bytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static void respondQuietly(HttpExchange exchange, int status, JsonNode body) {
    try {
      respond(exchange, status, body);
    } catch (IOException | RuntimeException e) {
      // The coordinator went away or the response had started; nothing more to tell it.
    }
  }

  /** Stops serving, then stops and closes every cell. */
  @Override
  public void close() {
    server.stop(0);
    reaper.shutdownNow();
    hosted.values().forEach(h -> h.cell.close());
    hosted.clear();
    handlers.shutdownNow();
  }
}
