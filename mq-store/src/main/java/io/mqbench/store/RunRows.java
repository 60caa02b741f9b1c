package io.mqbench.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/** A stored run as rows: one of {@code runs}, one of {@code figures} per figure. */
final class RunRows {
  static final String COLUMNS =
      "run_id, batch_id, batch_kind, batch_name, started_at, queue, workload_id, workload,"
          + " host_id, host_name, cpu_model, cores, memory_bytes, kernel, disk, mqbench_version,"
          + " mqbench_commit, versions, cluster, durability, status, backend_config, recorded_at,"
          + " source, run_json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RunRows() {}

  static boolean insert(Connection c, StoredRun run, String source, String runJson)
      throws SQLException {
    String sql =
        "INSERT INTO runs ("
            + COLUMNS
            + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            + " ON CONFLICT (run_id) DO NOTHING";
    int added;
    try (PreparedStatement p = c.prepareStatement(sql)) {
      int i = 1;
      p.setString(i++, run.runId());
      p.setString(i++, run.batch().id());
      p.setString(i++, run.batch().kind());
      p.setString(i++, run.batch().name());
      p.setString(i++, run.startedAt().toString());
      p.setString(i++, run.queue());
      p.setString(i++, run.workloadId());
      p.setString(i++, run.workload());
      p.setString(i++, run.hostId());
      StoredRun.Host h = run.host();
      p.setString(i++, h.name());
      p.setString(i++, h.cpuModel());
      p.setInt(i++, h.cores());
      p.setLong(i++, h.memoryBytes());
      p.setString(i++, h.kernel());
      p.setString(i++, h.disk());
      p.setString(i++, run.mqbenchVersion());
      p.setString(i++, run.mqbenchCommit());
      p.setString(i++, json(run.versions()));
      p.setString(i++, run.cluster());
      p.setString(i++, run.durability());
      p.setString(i++, run.status());
      p.setString(i++, json(run.backendConfig()));
      p.setString(i++, Instant.now().toString());
      p.setString(i++, source);
      p.setString(i, runJson);
      added = p.executeUpdate();
    }
    if (added == 0) {
      return false;
    }
    try (PreparedStatement p =
        c.prepareStatement("INSERT INTO figures (run_id, name, value) VALUES (?, ?, ?)")) {
      for (Map.Entry<String, Double> f : run.figures().entrySet()) {
        p.setString(1, run.runId());
        p.setString(2, f.getKey());
        p.setDouble(3, f.getValue());
        p.addBatch();
      }
      p.executeBatch();
    }
    return true;
  }

  static StoredRun read(ResultSet r, Map<String, Double> figures)
      throws SQLException, JsonProcessingException {
    StoredRun.Host host =
        new StoredRun.Host(
            r.getString("host_name"),
            r.getString("cpu_model"),
            r.getInt("cores"),
            r.getLong("memory_bytes"),
            r.getString("kernel"),
            r.getString("disk"));
    return new StoredRun(
        r.getString("run_id"),
        new StoredRun.Batch(
            r.getString("batch_id"), r.getString("batch_kind"), r.getString("batch_name")),
        Instant.parse(r.getString("started_at")),
        r.getString("queue"),
        r.getString("workload_id"),
        r.getString("workload"),
        r.getString("host_id"),
        host,
        r.getString("mqbench_version"),
        r.getString("mqbench_commit"),
        map(r.getString("versions")),
        r.getString("cluster"),
        r.getString("durability"),
        r.getString("status"),
        map(r.getString("backend_config")),
        Map.copyOf(figures));
  }

  private static String json(Map<String, String> map) {
    try {
      return JSON.writeValueAsString(new TreeMap<>(map));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a map of text is always JSON", e);
    }
  }

  private static Map<String, String> map(String json) throws JsonProcessingException {
    return json == null
        ? Map.of()
        : JSON.readValue(json, new TypeReference<TreeMap<String, String>>() {});
  }
}
