package io.mqbench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every run, remembered: a SQLite file or a PostgreSQL server holding each run's provenance and
 * figures ({@link StoredRun}) and its whole {@code run.json}. A run is written in one transaction,
 * so that a process killed while writing leaves the runs before it intact and its own absent;
 * several processes may write at once. A connection is opened per call: a long matrix holds no
 * connection between its runs.
 */
public final class ResultsStore {
  /** The store's schema; a store of a later one is refused rather than misread. */
  static final int SCHEMA = 1;

  /** The gate's word for a batch that regressed: later batches are not judged against it. */
  public static final String REGRESSED = "regressed";

  /** A batch accepted as a baseline though it was slower: an intended change. */
  public static final String ACCEPTED = "accepted";

  private final StoreLocation location;

  private ResultsStore(StoreLocation location) {
    this.location = location;
  }

  /**
   * Opens a store, making it (and a file's folder) if it is not there.
   *
   * @param location where it is
   * @return the store
   * @throws ConfigException in one line when it cannot be opened or is of a later schema
   */
  public static ResultsStore open(StoreLocation location) {
    ResultsStore store = new ResultsStore(location);
    try {
      Path file = location.file();
      if (file != null && file.getParent() != null) {
        Files.createDirectories(file.getParent());
      }
      store.inTransactionDo(store::createSchema);
    } catch (IOException | SQLException e) {
      throw new ConfigException(
          "results store " + location.shown() + " cannot be opened: " + oneLine(e));
    }
    return store;
  }

  /**
   * @return where it is, as shown to people
   */
  public String shown() {
    return location.shown();
  }

  /**
   * Records a run, with nothing if it is there already (an import made twice).
   *
   * @param result the run
   * @param batch the invocation it belonged to
   * @param source the results folder it was written to
   * @param runJson its {@code run.json} text, or null
   * @return true if it was added
   * @throws StoreException when it could not be written
   */
  public boolean record(RunResult result, StoredRun.Batch batch, String source, String runJson) {
    StoredRun run = StoredRuns.of(result, batch);
    try {
      return inTransaction(c -> RunRows.insert(c, run, source, runJson));
    } catch (SQLException e) {
      throw new StoreException(
          "run " + result.runId() + " not recorded in " + location.shown() + ": " + oneLine(e), e);
    }
  }

  /**
   * @param queue only this queue's runs, or null for every queue's
   * @return the stored runs, oldest first
   * @throws StoreException when they could not be read
   */
  public List<StoredRun> runs(String queue) {
    try (Connection c = connect()) {
      Map<String, Map<String, Double>> figures = figures(c, queue);
      List<StoredRun> runs = new ArrayList<>();
      String sql =
          "SELECT "
              + RunRows.COLUMNS
              + " FROM runs"
              + (queue == null ? "" : " WHERE queue = ?")
              + " ORDER BY started_at, run_id";
      try (PreparedStatement s = c.prepareStatement(sql)) {
        if (queue != null) {
          s.setString(1, queue);
        }
        try (ResultSet r = s.executeQuery()) {
          while (r.next()) {
            runs.add(RunRows.read(r, figures.getOrDefault(r.getString("run_id"), Map.of())));
          }
        }
      }
      return runs;
    } catch (SQLException | JsonProcessingException e) {
      throw new StoreException("cannot read " + location.shown() + ": " + oneLine(e), e);
    }
  }

  /**
   * @param runId a run's id
   * @return its {@code run.json} as recorded, if the store has it
   */
  public Optional<String> runJson(String runId) {
    try (Connection c = connect();
        PreparedStatement s = c.prepareStatement("SELECT run_json FROM runs WHERE run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet r = s.executeQuery()) {
        return r.next() ? Optional.ofNullable(r.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new StoreException("cannot read " + location.shown() + ": " + oneLine(e), e);
    }
  }

  /**
   * Remembers what the gate said of a series' batch, so that a batch judged a regression is not
   * taken as the baseline of the batches after it; judged again, the newest word stands.
   *
   * @param seriesKey the series
   * @param batchId the batch judged
   * @param outcome what the gate said ({@link #REGRESSED}, {@link #ACCEPTED}, or another word)
   * @throws StoreException when it could not be written
   */
  public void recordVerdict(String seriesKey, String batchId, String outcome) {
    try {
      inTransaction(
          c -> {
            try (PreparedStatement p =
                c.prepareStatement(
                    "INSERT INTO verdicts (series_key, batch_id, outcome, judged_at) VALUES (?, ?,"
                        + " ?, ?) ON CONFLICT (series_key, batch_id) DO UPDATE SET outcome ="
                        + " excluded.outcome, judged_at = excluded.judged_at")) {
              p.setString(1, seriesKey);
              p.setString(2, batchId);
              p.setString(3, outcome);
              p.setString(4, Instant.now().toString());
              return p.executeUpdate();
            }
          });
    } catch (SQLException e) {
      throw new StoreException(
          "the gate's verdict not recorded in " + location.shown() + ": " + oneLine(e), e);
    }
  }

  /**
   * @return the gate's verdicts: by series, the outcome of each batch it judged
   * @throws StoreException when they could not be read
   */
  public Map<String, Map<String, String>> verdicts() {
    Map<String, Map<String, String>> all = new HashMap<>();
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT series_key, batch_id, outcome FROM verdicts")) {
      while (r.next()) {
        all.computeIfAbsent(r.getString(1), k -> new HashMap<>())
            .put(r.getString(2), r.getString(3));
      }
      return all;
    } catch (SQLException e) {
      throw new StoreException("cannot read " + location.shown() + ": " + oneLine(e), e);
    }
  }

  /**
   * @return {@code ok} when the store's file is sound ({@code PRAGMA integrity_check}), else what
   *     is wrong; {@code ok} for a server, which keeps its own
   */
  public String integrity() {
    if (!location.sqlite()) {
      return "ok";
    }
    try (Connection c = connect();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
      List<String> lines = new ArrayList<>();
      while (r.next()) {
        lines.add(r.getString(1));
      }
      return String.join("; ", lines);
    } catch (SQLException e) {
      return oneLine(e);
    }
  }

  private void createSchema(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
      s.execute(
          "CREATE TABLE IF NOT EXISTS runs (run_id TEXT PRIMARY KEY, batch_id TEXT NOT NULL,"
              + " batch_kind TEXT NOT NULL, batch_name TEXT NOT NULL, started_at TEXT NOT NULL,"
              + " queue TEXT NOT NULL, workload_id TEXT NOT NULL, workload TEXT NOT NULL,"
              + " host_id TEXT NOT NULL, host_name TEXT, cpu_model TEXT, cores INTEGER,"
              + " memory_bytes BIGINT, kernel TEXT, disk TEXT, mqbench_version TEXT,"
              + " mqbench_commit TEXT, versions TEXT, cluster TEXT, durability TEXT,"
              + " status TEXT NOT NULL, backend_config TEXT, recorded_at TEXT NOT NULL,"
              + " source TEXT, run_json TEXT)");
      s.execute(
          "CREATE TABLE IF NOT EXISTS figures (run_id TEXT NOT NULL, name TEXT NOT NULL,"
              + " value DOUBLE PRECISION NOT NULL, PRIMARY KEY (run_id, name))");
      s.execute(
          "CREATE TABLE IF NOT EXISTS verdicts (series_key TEXT NOT NULL, batch_id TEXT NOT"
              + " NULL, outcome TEXT NOT NULL, judged_at TEXT NOT NULL, PRIMARY KEY (series_key,"
              + " batch_id))");
      s.execute(
          "CREATE INDEX IF NOT EXISTS runs_series ON runs (workload_id, queue, host_id,"
              + " started_at)");
    }
    try (PreparedStatement p =
        c.prepareStatement(
            "INSERT INTO meta (name, value) VALUES ('schema', ?) ON CONFLICT (name) DO NOTHING")) {
      p.setString(1, String.valueOf(SCHEMA));
      p.executeUpdate();
    }
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT value FROM meta WHERE name = 'schema'")) {
      int found = r.next() ? Integer.parseInt(r.getString(1)) : SCHEMA;
      if (found > SCHEMA) {
        throw new SQLException(
            "it is of schema "
                + found
                + "; this mqbench reads up to "
                + SCHEMA
                + ": use a later one");
      }
    }
  }

  private Map<String, Map<String, Double>> figures(Connection c, String queue) throws SQLException {
    Map<String, Map<String, Double>> all = new HashMap<>();
    String sql =
        "SELECT f.run_id, f.name, f.value FROM figures f"
            + (queue == null ? "" : " JOIN runs r ON r.run_id = f.run_id WHERE r.queue = ?");
    try (PreparedStatement s = c.prepareStatement(sql)) {
      if (queue != null) {
        s.setString(1, queue);
      }
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          all.computeIfAbsent(r.getString(1), k -> new LinkedHashMap<>())
              .put(r.getString(2), r.getDouble(3));
        }
      }
    }
    return all;
  }

  /** Work done in one transaction. */
  private interface Work<T> {
    T in(Connection c) throws SQLException;
  }

  private interface Step {
    void in(Connection c) throws SQLException;
  }

  private void inTransactionDo(Step step) throws SQLException {
    inTransaction(
        c -> {
          step.in(c);
          return null;
        });
  }

  private <T> T inTransaction(Work<T> work) throws SQLException {
    try (Connection c = connect()) {
      c.setAutoCommit(false);
      try {
        T result = work.in(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        c.rollback();
        throw e;
      }
    }
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(location.url(), location.properties());
  }

  static String oneLine(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse(m).strip();
  }
}
