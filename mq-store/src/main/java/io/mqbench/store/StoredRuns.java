package io.mqbench.store;

import io.mqbench.config.Secrets;
import io.mqbench.mq.Durability;
import io.mqbench.results.Environment;
import io.mqbench.results.RunResult;
import io.mqbench.results.compare.Figure;
import io.mqbench.results.report.RunFigures;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** A run's result as the store keeps it: its provenance worked out, its figures computed once. */
public final class StoredRuns {
  /** Backend keys that say where the broker is, not what it does: they move with a local broker. */
  private static final Pattern WHERE =
      Pattern.compile("(?i).*(servers|uri|url|endpoint|address|host|port|dir|directory|path)$");

  private StoredRuns() {}

  /**
   * @param result a run
   * @param batch the invocation it belonged to
   * @return it as stored
   */
  public static StoredRun of(RunResult result, StoredRun.Batch batch) {
    Environment env = result.setup().environment();
    StoredRun.Host host = Hosts.of(env);
    String workload = Workload.describe(result);
    Durability d = result.delivery().durability();
    return new StoredRun(
        result.runId(),
        batch,
        instant(result.startedAt()),
        result.queue(),
        Workload.id(workload),
        workload,
        Hosts.id(host),
        host,
        env.mqbenchVersion(),
        env.mqbenchCommit() == null ? "unknown" : env.mqbenchCommit(),
        new TreeMap<>(env.versions()),
        cluster(result),
        d == null ? "not recorded" : d.level().label(),
        result.status().label(),
        whatTheBrokerDoes(result.setup().backendConfig()),
        figures(result));
  }

  private static Map<String, Double> figures(RunResult result) {
    RunFigures r = RunFigures.of(result, "");
    Map<String, Double> figures = new LinkedHashMap<>();
    for (Figure f : Figure.ALL) {
      Double v;
      try {
        v = f.value().apply(r);
      } catch (RuntimeException e) {
        v = null; // a run that did not get far enough has no such figure
      }
      if (v != null && Double.isFinite(v)) {
        figures.put(f.name(), v);
      }
    }
    return figures;
  }

  private static Map<String, String> whatTheBrokerDoes(Map<String, String> config) {
    Map<String, String> kept = new TreeMap<>();
    config.forEach(
        (k, v) -> {
          if (!WHERE.matcher(k).matches() && !Secrets.looksSecret(k)) {
            kept.put(k, v);
          }
        });
    return kept;
  }

  /**
   * The broker's shape: the nodes a local cluster was asked for, else the addresses the run
   * connected to.
   */
  static String cluster(RunResult result) {
    int nodes =
        result.setup().backendConfig().entrySet().stream()
            .filter(e -> e.getKey().endsWith(".localBrokerNodes"))
            .map(e -> parse(e.getValue()))
            .filter(n -> n > 0)
            .findFirst()
            .orElseGet(() -> addresses(result.target()));
    return nodes + (nodes == 1 ? " node" : " nodes");
  }

  private static int addresses(String target) {
    if (target == null || target.isBlank()) {
      return 1;
    }
    return (int) Math.max(1, target.chars().filter(c -> c == ',').count() + 1);
  }

  private static int parse(String v) {
    try {
      return Integer.parseInt(v.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static Instant instant(String startedAt) {
    try {
      return Instant.parse(startedAt);
    } catch (DateTimeParseException | NullPointerException e) {
      return Instant.EPOCH; // a result that never started: ordered first, and shown as such
    }
  }
}
