package io.mqbench.results.report;

import io.mqbench.engine.Tick;
import io.mqbench.mq.Durability;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.RunStatus;
import io.mqbench.results.Settings;
import io.mqbench.results.files.SummaryWorkbook;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * What reports need of one run, computed from its typed {@link RunResult}: the result a matrix has
 * just made, or one read back from a {@code run.json} written long ago ({@link
 * io.mqbench.results.files.ResultsWriter#read}), so the two are computed alike.
 *
 * @param source the results folder the run was found under, as given (a matrix, a sweep, or the
 *     run's own folder): runs of different sources are never aggregated together
 * @param result the run
 */
public record RunFigures(String source, RunResult result) {

  /**
   * @param result a run's result
   * @param source the folder it is written under
   * @return its figures
   */
  public static RunFigures of(RunResult result, String source) {
    return new RunFigures(source, result);
  }

  /**
   * @return the run's id
   */
  public String runId() {
    return result.runId();
  }

  /**
   * @return when it started
   */
  public String startedAt() {
    return result.startedAt();
  }

  /**
   * @return the backend
   */
  public String queue() {
    return result.queue();
  }

  /**
   * @return where it connected
   */
  public String target() {
    return result.target();
  }

  /**
   * @return true when the run's acknowledged messages could be lost ({@link Durability#unsafe});
   *     false for a result written before durability was recorded, which says nothing either way
   */
  public boolean unsafe() {
    Durability d = result.delivery().durability();
    return d != null && d.unsafe();
  }

  /**
   * @return the verdict
   */
  public RunStatus status() {
    return result.status();
  }

  /**
   * @return the verdict with what failed, which side set the pace when the receiving side did, and
   *     the workers whose measurements end early
   */
  public String statusLine() {
    return result.statusLine()
        + (result.rates().limit() == null
            ? ""
            : " (pace set by the " + result.rates().limit().side().label() + ")")
        + (result.delivery().partial().isEmpty()
            ? ""
            : "; partial: " + String.join("; ", result.delivery().partial()));
  }

  /**
   * @return the matrix cell's values; empty outside a matrix
   */
  public Map<String, String> cell() {
    return result.setup().cell();
  }

  /**
   * @return the repetition, from 1; 0 outside a matrix
   */
  public int repetition() {
    return result.setup().repetition();
  }

  /**
   * @return the run's settings
   */
  public Settings settings() {
    return result.setup().settings();
  }

  /**
   * @return sent msgs/s
   */
  public double sentPerSecond() {
    return result.totals().sentPerSecond();
  }

  /**
   * @return received msgs/s
   */
  public double receivedPerSecond() {
    return result.totals().receivedPerSecond();
  }

  /**
   * @return senders and receivers together: what the queue moved end to end while senders sent,
   *     msgs/s; null otherwise
   */
  public Double endToEndPerSecond() {
    double v = result.totals().endToEndPerSecond();
    return v > 0 ? v : null;
  }

  /**
   * @return lost messages
   */
  public long lost() {
    return result.totals().lost();
  }

  /**
   * @return rate mode: the target msgs/s; null otherwise
   */
  public Double targetRate() {
    return result.rates().rate() == null ? null : result.rates().rate().targetMsgsPerSecond();
  }

  /**
   * @return rate mode: the achieved msgs/s; null otherwise
   */
  public Double achievedRate() {
    return result.rates().rate() == null ? null : result.rates().rate().achievedMsgsPerSecond();
  }

  /**
   * @return the kinds of the run's latencies, in order
   */
  public List<LatencyKind> latencyNames() {
    return List.copyOf(result.latency().byKind().keySet());
  }

  /**
   * @param latency a latency name
   * @param suffix a percentile suffix ({@link Latency#P99}) or {@link Latency#MAX}
   * @return its value in ms, or null if the run has no such latency or could not give the value
   */
  public Double latencyMs(LatencyKind latency, String suffix) {
    Latency l = result.latency().byKind().get(latency);
    if (l == null) {
      return null;
    }
    var v = l.valueMs(suffix);
    return v.isPresent() ? v.getAsDouble() : null;
  }

  /**
   * @param latency a latency name
   * @return its histogram of microseconds, or null if the run has no such latency
   */
  public Histogram histogram(LatencyKind latency) {
    Latency l = result.latency().byKind().get(latency);
    return l == null ? null : l.histogram();
  }

  /**
   * @return per tick: seconds since the start at its end, sent msgs/s, received msgs/s
   */
  public List<double[]> timeline() {
    return result.rates().timeline().stream()
        .map(
            (Tick t) -> new double[] {t.elapsedSeconds(), t.sentPerSecond(), t.receivedPerSecond()})
        .toList();
  }

  /**
   * @return where it ran, as people read it: the environment ({@code versions.kafka-clients}), the
   *     backend's configuration ({@code backend <key>}, secrets already hidden) and the target
   */
  public Map<String, String> environment() {
    return SummaryWorkbook.environmentOf(result);
  }

  /**
   * @return the cell as one line ({@code queue=kafka senders=4}); empty outside a matrix
   */
  public String cellLabel() {
    return result.setup().cellLabel();
  }
}
