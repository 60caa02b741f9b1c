package io.mqbench.store;

import io.mqbench.results.compare.Figure;
import io.mqbench.results.files.Tables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A store's runs as one CSV table: a row per run, its provenance then every figure by its {@code
 * summary.csv} column name, empty where the run has none.
 */
public final class StoreCsv {
  private static final List<String> PROVENANCE =
      List.of(
          "run_id",
          "started_at",
          "batch_id",
          "batch_kind",
          "batch_name",
          "queue",
          "workload_id",
          "workload",
          "host_id",
          "host_name",
          "cpu_model",
          "cores",
          "memory_bytes",
          "kernel",
          "disk",
          "mqbench_version",
          "mqbench_commit",
          "versions",
          "cluster",
          "durability",
          "status",
          "backend_config");

  private StoreCsv() {}

  /**
   * @param runs stored runs
   * @return the CSV text, header first
   */
  public static String of(List<StoredRun> runs) {
    List<String> headers = new ArrayList<>(PROVENANCE);
    Figure.ALL.forEach(f -> headers.add(f.name()));
    Object[][] rows = new Object[runs.size()][];
    for (int i = 0; i < runs.size(); i++) {
      rows[i] = row(runs.get(i));
    }
    return Tables.csv(headers, rows);
  }

  private static Object[] row(StoredRun r) {
    List<Object> row = new ArrayList<>();
    StoredRun.Host h = r.host();
    row.addAll(
        List.of(
            r.runId(),
            r.startedAt().toString(),
            r.batch().id(),
            r.batch().kind(),
            r.batch().name(),
            r.queue(),
            r.workloadId(),
            r.workload(),
            r.hostId(),
            h.name(),
            h.cpuModel(),
            h.cores(),
            h.memoryBytes(),
            h.kernel(),
            h.disk(),
            r.mqbenchVersion(),
            r.mqbenchCommit(),
            pairs(r.versions()),
            r.cluster(),
            r.durability(),
            r.status(),
            pairs(r.backendConfig())));
    for (Figure f : Figure.ALL) {
      Double v = r.figures().get(f.name());
      row.add(v == null ? "" : v);
    }
    return row.toArray();
  }

  private static String pairs(Map<String, String> map) {
    return map.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining(" "));
  }
}
