package io.mqbench.results.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.results.Latency;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What reports need of one run, read from its {@code run.json} (or from the result itself, through
 * the same JSON), so that a report of folders written long ago and the summary a matrix writes at
 * its end are computed alike.
 *
 * @param source the results folder the run was found under, as given (a matrix, a sweep, or the
 *     run's own folder): runs of different sources are never aggregated together
 * @param runId the run's id
 * @param startedAt when it started
 * @param queue the backend
 * @param target where it connected
 * @param status the verdict
 * @param statusLine the verdict with what failed, and which side set the pace when the receiving
 *     side did
 * @param cell the matrix cell's values; empty outside a matrix
 * @param repetition the repetition, from 1; 0 outside a matrix
 * @param settings the run's settings by option name
 * @param sentPerSecond sent msgs/s
 * @param receivedPerSecond received msgs/s
 * @param endToEndPerSecond senders and receivers together: what the queue moved end to end while
 *     senders sent, msgs/s; null otherwise
 * @param lost lost messages
 * @param targetRate rate mode: the target msgs/s; null otherwise
 * @param achievedRate rate mode: the achieved msgs/s; null otherwise
 * @param latencies by latency name, percentile suffix ({@code p50} ... {@code max}) to ms; a value
 *     the run could not give is absent
 * @param histograms by latency name, the compressed base64 histogram of microseconds
 * @param timeline per tick: second, sent msgs/s, received msgs/s
 * @param environment where it ran, flattened ({@code versions.kafka-clients})
 * @param backendConfig the backend's effective configuration (secrets already hidden)
 */
public record RunFigures(
    String source,
    String runId,
    String startedAt,
    String queue,
    String target,
    RunStatus status,
    String statusLine,
    Map<String, String> cell,
    int repetition,
    Map<String, String> settings,
    double sentPerSecond,
    double receivedPerSecond,
    Double endToEndPerSecond,
    long lost,
    Double targetRate,
    Double achievedRate,
    Map<String, Map<String, Double>> latencies,
    Map<String, String> histograms,
    List<double[]> timeline,
    Map<String, String> environment,
    Map<String, String> backendConfig) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @param result a run's result
   * @param source the folder it is written under
   * @return its figures
   */
  public static RunFigures of(RunResult result, String source) {
    return fromJson(JSON.valueToTree(result), source);
  }

  /**
   * @param run a {@code run.json} tree
   * @param source the folder it was found under
   * @return its figures
   */
  public static RunFigures fromJson(JsonNode run, String source) {
    Map<String, Map<String, Double>> latencies = new LinkedHashMap<>();
    Map<String, String> histograms = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : run.path("latencies").properties()) {
      JsonNode l = e.getValue();
      Map<String, Double> values = new LinkedHashMap<>();
      for (Map.Entry<String, Double> p : Latency.PERCENTILES) {
        String field = p.getKey().replace("_", "") + "Ms";
        if (l.path(field).isNumber()) {
          values.put(p.getKey(), l.path(field).asDouble());
        }
      }
      if (l.path("maxMs").isNumber()) {
        values.put("max", l.path("maxMs").asDouble());
      }
      latencies.put(e.getKey(), Collections.unmodifiableMap(values));
      if (l.path("histogramBase64").isTextual()) {
        histograms.put(e.getKey(), l.path("histogramBase64").asText());
      }
    }
    List<double[]> timeline = new ArrayList<>();
    for (JsonNode t : run.path("timeline")) {
      double seconds = t.path("seconds").asDouble(1);
      timeline.add(
          new double[] {
            t.path("second").asDouble() - 1 + seconds,
            t.path("sentInSecond").asDouble() / seconds,
            t.path("receivedInSecond").asDouble() / seconds
          });
    }
    Map<String, String> environment = new LinkedHashMap<>();
    flatten("", run.path("environment"), environment);
    JsonNode totals = run.path("totals");
    JsonNode rate = run.path("rate");
    return new RunFigures(
        source,
        run.path("runId").asText(""),
        run.path("startedAt").asText(""),
        run.path("queue").asText(""),
        run.path("target").asText(""),
        RunStatus.ofLabel(run.path("status").asText("failed")),
        (run.path("failure").isTextual()
                ? run.path("status").asText() + ": " + run.path("failure").asText()
                : run.path("status").asText())
            + (run.path("limit").path("side").isTextual()
                ? " (pace set by the " + run.path("limit").path("side").asText() + ")"
                : ""),
        strings(run.path("cell")),
        run.path("repetition").asInt(0),
        strings(run.path("settings")),
        totals.path("sentPerSecond").asDouble(),
        totals.path("receivedPerSecond").asDouble(),
        totals.path("endToEndPerSecond").asDouble() > 0
            ? totals.path("endToEndPerSecond").asDouble()
            : null,
        totals.path("lost").asLong(),
        rate.isObject() ? rate.path("targetMsgsPerSecond").asDouble() : null,
        rate.isObject() ? rate.path("achievedMsgsPerSecond").asDouble() : null,
        Collections.unmodifiableMap(latencies),
        Collections.unmodifiableMap(histograms),
        List.copyOf(timeline),
        Collections.unmodifiableMap(environment),
        strings(run.path("backendConfig")));
  }

  /**
   * @return the cell as one line ({@code queue=kafka senders=4}); empty outside a matrix
   */
  public String cellLabel() {
    return RunResult.labelOf(cell);
  }

  /**
   * @param latency a latency name
   * @param suffix a percentile suffix ({@code p99}) or {@code max}
   * @return its value in ms, or null
   */
  public Double latencyMs(String latency, String suffix) {
    return latencies.getOrDefault(latency, Map.of()).get(suffix);
  }

  private static Map<String, String> strings(JsonNode node) {
    Map<String, String> out = new LinkedHashMap<>();
    node.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
    return Collections.unmodifiableMap(out);
  }

  private static void flatten(String prefix, JsonNode node, Map<String, String> out) {
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      String key = prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey();
      if (e.getValue().isObject()) {
        flatten(key, e.getValue(), out);
      } else {
        out.put(key, e.getValue().asText());
      }
    }
  }
}
