package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.Tick;
import io.mqbench.engine.measure.ClientErrors;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.mq.Durability;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything one run measured: written in full to {@code run.json}, summarised in one row of {@code
 * summary.csv} and {@code summary.xlsx}, and read back typed from {@code run.json} by reports and
 * {@code mqbench drain}. Every component has a generated {@code with…} copy ({@link
 * RunResultBuilder.With}), and {@link RunResultBuilder} builds one from scratch.
 *
 * @param formatVersion the version of {@code run.json}'s format this result was written in: {@link
 *     #FORMAT_VERSION} for a new result; a file written before versions were (which has no {@code
 *     formatVersion}) reads as 1
 * @param runId the run's id in hex, as in every envelope
 * @param startedAt when the run started, ISO-8601 UTC
 * @param status the verdict
 * @param failure what failed, in one line, when the status is {@link RunStatus#FAILED}
 * @param queue the backend's name
 * @param target where the backend connected
 * @param settings the run's settings as given or defaulted
 * @param cell the matrix cell's values (option or {@code properties.<key>} to value); empty outside
 *     a matrix
 * @param repetition which repetition of its cell this run is, from 1; 0 outside a matrix
 * @param backendConfig the backend's effective configuration
 * @param environment where the run happened
 * @param totals totals and rates
 * @param rate rate mode only: how the schedule was kept
 * @param senders per sender thread
 * @param receivers per receiver thread
 * @param timeline counts per second
 * @param latencies by kind, in {@link LatencyKind}'s order; rate-mode kinds only in rate mode
 * @param warnings the backend's warnings about its settings (loss expected with them), printed
 *     before the run; empty for safe settings
 * @param partial one line per worker whose measurements end before the run did (it died): its
 *     counts, latencies and delivery bitmaps are what it reported up to its last checkpoint; empty
 *     when every measurement covers the whole run
 * @param harness what the harness's own processes used over the run (CPU by thread role, GC,
 *     memory); null in files before version 5 and for a run that never started
 * @param delivery which messages were acknowledged and which were received, for {@code
 *     delivery.bin} and a later {@code mqbench drain}; not in {@code run.json}; null when unknown
 * @param requests for backends billed per request: the requests made and the estimated cost per
 *     million messages; null (and not in {@code run.json}) for the others
 * @param machineCost for a run given {@code --machine-cost}: what a million messages cost on
 *     machines paid by the hour, at the run's rate; null (and not in {@code run.json}) otherwise
 * @param limit which side set the pace when the receiving side did (see {@link Limit}); null
 *     otherwise
 * @param durability where an acknowledged message was when its acknowledgement arrived: the weaker
 *     of what the backend settings asked and what the broker was found doing (see {@link
 *     Durability} and {@link DurabilityCheck}); null in results written before it was recorded
 * @param endToEndClock how far the end-to-end latencies can be trusted given the clocks they were
 *     read on: samples that came out negative, the clock offsets' uncertainty every end-to-end
 *     figure carries, and whether the figures are meaningful at that resolution (see {@link
 *     EndToEndClock}); null for a run without end-to-end samples and in files before version 3
 * @param byQueue with several queues ({@code --queues}): each queue's delivery figures, in queue
 *     order; empty (and not in {@code run.json}) with one
 * @param bySubscription with several subscriptions ({@code --subscriptions}): each subscription's
 *     delivery figures, every one of which must have received every message; empty (and not in
 *     {@code run.json}) with one
 * @param catchUp {@code --phases backlog-then-catch-up} only: how long catching up took, and the
 *     publish rate and latencies during and after it (see {@link CatchUpResult}); null (and not in
 *     {@code run.json}) otherwise, and in files before version 7
 * @param faults with {@code --fault}: what each fault did to the run, in the order they were due
 *     (see {@link FaultResult}); empty (and not in {@code run.json}) otherwise, and in files before
 *     version 8
 * @param clientErrors with {@code --on-client-error reconnect} (the default of a run with faults):
 *     the backend errors the run rode through, counted (see {@link ClientErrors}); null (and not in
 *     {@code run.json}) when there were none, and in files before version 9
 * @param outages the times the run went without an acknowledged send or without a delivery for at
 *     least {@link Outage#threshold the outage threshold}, whether or not the client threw (see
 *     {@link Outage}); empty (and not in {@code run.json}) when there were none, and in files
 *     before version 10
 * @param durabilityCheck what was asked beside what the broker was found doing at the start and the
 *     end of the run, {@link #durability} being its {@link DurabilityCheck#effective()}; null (and
 *     not in {@code run.json}) for a run that never started, and in files before version 10
 */
@RecordBuilder
public record RunResult(
    @RecordBuilder.Initializer("FORMAT_VERSION") int formatVersion,
    String runId,
    String startedAt,
    RunStatus status,
    @JsonInclude(JsonInclude.Include.NON_NULL) String failure,
    String queue,
    String target,
    Settings settings,
    Map<String, String> cell,
    int repetition,
    Map<String, String> backendConfig,
    Environment environment,
    Totals totals,
    @JsonInclude(JsonInclude.Include.NON_NULL) RateAchieved rate,
    List<ThreadRate> senders,
    List<ThreadRate> receivers,
    List<Tick> timeline,
    Map<LatencyKind, Latency> latencies,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> partial,
    @JsonInclude(JsonInclude.Include.NON_NULL) HarnessUse harness,
    @JsonIgnore DeliveryBitmaps delivery,
    @JsonInclude(JsonInclude.Include.NON_NULL) RequestCost requests,
    @JsonInclude(JsonInclude.Include.NON_NULL) MachineCost machineCost,
    @JsonInclude(JsonInclude.Include.NON_NULL) Limit limit,
    @JsonInclude(JsonInclude.Include.NON_NULL) Durability durability,
    @JsonInclude(JsonInclude.Include.NON_NULL) EndToEndClock endToEndClock,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PartTotals> byQueue,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PartTotals> bySubscription,
    @JsonInclude(JsonInclude.Include.NON_NULL) CatchUpResult catchUp,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FaultResult> faults,
    @JsonInclude(JsonInclude.Include.NON_NULL) ClientErrors clientErrors,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Outage> outages,
    @JsonInclude(JsonInclude.Include.NON_NULL) DurabilityCheck durabilityCheck)
    implements RunResultBuilder.With {

  /**
   * The version of {@code run.json}'s format written now. Version 1 (no {@code formatVersion} in
   * the file) had the same fields; version 2 added {@code formatVersion} itself; version 3 added
   * {@code endToEndClock} (absent, null, in older files); version 4 added {@code partial} (absent,
   * empty, in older files); version 5 added {@code harness} (absent, null, in older files); version
   * 6 added {@code machineCost} (absent, null, in older files); version 7 added {@code byQueue} and
   * {@code bySubscription} (absent, empty, in older files), the settings {@code queues} and {@code
   * subscriptions} (absent, 1) and {@code catchUp} (absent, null, in older files and for other
   * phases); version 8 added {@code faults} (absent, empty, in older files); version 9 added {@code
   * clientErrors} (absent, null, in older files and runs without errors); version 10 added {@code
   * outages} (absent, empty, in older files and runs without outages) and {@code durabilityCheck}
   * (absent, null, in older files). A field added later raises it, and the tests of reading a
   * version-1 file name the new field with the value it reads as.
   */
  public static final int FORMAT_VERSION = 10;

  /**
   * Reads a missing format version as 1, missing collections (a file that lacks them) as empty, and
   * copies the warnings.
   */
  public RunResult {
    formatVersion = formatVersion == 0 ? 1 : formatVersion;
    cell = cell == null ? Map.of() : cell;
    backendConfig = backendConfig == null ? Map.of() : backendConfig;
    senders = senders == null ? List.of() : senders;
    receivers = receivers == null ? List.of() : receivers;
    timeline = timeline == null ? List.of() : timeline;
    latencies = latencies == null ? Map.of() : latencies;
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
    partial = partial == null ? List.of() : List.copyOf(partial);
    byQueue = byQueue == null ? List.of() : List.copyOf(byQueue);
    bySubscription = bySubscription == null ? List.of() : List.copyOf(bySubscription);
    faults = faults == null ? List.of() : List.copyOf(faults);
    outages = outages == null ? List.of() : List.copyOf(outages);
  }

  /**
   * @param cellValues the matrix cell's values
   * @param repetitionNumber the repetition, from 1 (0 outside a matrix)
   * @return this result, placed in a matrix cell
   */
  public RunResult inCell(Map<String, String> cellValues, int repetitionNumber) {
    return with(
        b ->
            b.cell(Collections.unmodifiableMap(new LinkedHashMap<>(cellValues)))
                .repetition(repetitionNumber));
  }

  /**
   * @return the cell as one line, such as {@code senders=4 batch=10}; empty outside a matrix
   */
  @JsonIgnore
  public String cellLabel() {
    return labelOf(cell);
  }

  /**
   * @param cell a matrix cell's values
   * @return them as one line, such as {@code senders=4 batch=10}, backend keys without their {@code
   *     properties.} prefix
   */
  public static String labelOf(Map<String, String> cell) {
    StringBuilder b = new StringBuilder();
    cell.forEach(
        (k, v) ->
            b.append(b.length() == 0 ? "" : " ")
                .append(k.replaceFirst("^properties\\.", ""))
                .append('=')
                .append(v));
    return b.toString();
  }

  /**
   * @return the cost of moving a million messages: per request for a queue billed so ({@link
   *     #requests}), else on machines paid by the hour ({@link #machineCost}); null with neither
   */
  @JsonIgnore
  public Double costPerMillionMessages() {
    if (requests != null && requests.costPerMillionMessages() != null) {
      return requests.costPerMillionMessages();
    }
    return machineCost == null ? null : machineCost.costPerMillionMessages();
  }

  /**
   * @return what {@link #costPerMillionMessages} comes from, with its inputs and currency ({@code
   *     USD: machines 0.384 per hour at 41,000.0 msgs/s end to end}); empty with no cost
   */
  @JsonIgnore
  public String costBasis() {
    if (requests != null && requests.costPerMillionMessages() != null) {
      return String.format(
          Locale.ROOT,
          "%s: billed requests x %s per million",
          requests.currency(),
          BigDecimal.valueOf(requests.pricePerMillionRequests())
              .stripTrailingZeros()
              .toPlainString());
    }
    if (machineCost == null || machineCost.costPerMillionMessages() == null) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "%s: machines %s per hour at %.1f msgs/s %s",
        machineCost.currency(),
        BigDecimal.valueOf(machineCost.pricePerHour()).stripTrailingZeros().toPlainString(),
        machineCost.msgsPerSecond(),
        machineCost.rateBasis());
  }

  /**
   * @return true unless the run failed, lost messages or was harness-limited
   */
  @JsonIgnore
  public boolean ok() {
    return status == RunStatus.OK;
  }

  /**
   * @return the status for people: its label, and for a failure what failed ({@code failed: sender
   *     0: broker said no})
   */
  @JsonIgnore
  public String statusLine() {
    return failure == null ? status.label() : status.label() + ": " + failure;
  }
}
