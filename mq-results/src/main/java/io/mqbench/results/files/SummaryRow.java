package io.mqbench.results.files;

import static io.mqbench.results.files.SummaryColumns.*;

import io.mqbench.results.CatchUpResult;
import io.mqbench.results.EndToEndClock;
import io.mqbench.results.FaultResult;
import io.mqbench.results.HarnessUse;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.SummaryColumns.Column;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The columns of one summary row ({@link #ALL}), by concern: the run and its settings, delivery,
 * catching up, faults, the harness, latencies and cost. The names are {@link SummaryColumns}'.
 */
public final class SummaryRow {
  /** Every column, in order. */
  public static final List<Column> ALL = columns();

  private SummaryRow() {}

  /**
   * @return every column of a run's summary row, in order
   */
  static List<Column> columns() {
    List<Column> c = new ArrayList<>();
    run(c);
    delivery(c);
    catchUp(c);
    faults(c);
    harness(c);
    latencies(c);
    cost(c);
    return List.copyOf(c);
  }

  /** The run and its settings. */
  private static void run(List<Column> c) {
    c.add(new Column(RUN_ID, RunResult::runId));
    c.add(new Column(STARTED_AT, RunResult::startedAt));
    c.add(new Column(STATUS, RunResult::statusLine));
    c.add(new Column(QUEUE, RunResult::queue));
    c.add(new Column(TARGET, RunResult::target));
    c.add(new Column(CELL, r -> r.setup().cellLabel()));
    c.add(
        new Column(
            REPETITION,
            r -> r.setup().repetition() == 0 ? "" : (Object) (long) r.setup().repetition()));
    c.add(new Column(MODE, r -> r.setup().settings().run().mode().label()));
    c.add(new Column(SENDERS, r -> (long) r.setup().settings().run().senders()));
    c.add(new Column(RECEIVERS, r -> (long) r.setup().settings().run().receivers()));
    c.add(new Column(QUEUES, r -> (long) r.setup().settings().run().queues()));
    c.add(new Column(SUBSCRIPTIONS, r -> (long) r.setup().settings().run().subscriptions()));
    c.add(new Column(BATCH, r -> (long) r.setup().settings().run().maxBatch()));
    // One size is a number as before; a mix is its text (100:70,1024:25,65536:5).
    c.add(
        new Column(
            MESSAGE_SIZE_BYTES,
            r ->
                r.setup().settings().run().messageSizes().single()
                    ? (Object) (long) r.setup().settings().run().maxMessageBytes()
                    : r.setup().settings().run().messageSizes().text()));
    c.add(new Column(IN_FLIGHT, r -> (long) r.setup().settings().run().inFlight()));
    c.add(new Column(PHASES, r -> r.setup().settings().run().phases().label()));
    c.add(
        new Column(
            TARGET_MSGS_PER_S,
            r -> r.rates().rate() == null ? "" : round(r.rates().rate().targetMsgsPerSecond(), 1)));
  }

  /** What was delivered, how fast, and how safely. */
  private static void delivery(List<Column> c) {
    c.add(new Column(MESSAGES_SENT, r -> r.totals().sent()));
    c.add(new Column(MESSAGES_RECEIVED, r -> r.totals().received()));
    c.add(new Column(SENT_MSGS_PER_S, r -> round(r.totals().sentPerSecond(), 1)));
    c.add(new Column(RECEIVED_MSGS_PER_S, r -> round(r.totals().receivedPerSecond(), 1)));
    // Senders and receivers together: what the queue moved end to end in steady state, and how
    // much of the time the senders waited for the receivers (--max-backlog); empty otherwise.
    c.add(
        new Column(
            END_TO_END_MSGS_PER_S,
            r ->
                r.totals().endToEndPerSecond() > 0
                    ? round(r.totals().endToEndPerSecond(), 1)
                    : ""));
    c.add(
        new Column(
            SENDERS_HELD_SHARE,
            r ->
                r.totals().endToEndPerSecond() > 0 ? round(r.totals().sendersHeldShare(), 3) : ""));
    // The sizes actually sent (a mix's draws), and bytes/s beside msgs/s; empty in results from
    // before sizes were counted.
    c.add(
        new Column(
            SENT_BYTES_PER_S,
            r -> r.totals().sentBytes() > 0 ? round(r.totals().sentBytesPerSecond(), 1) : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MIN,
            r -> r.totals().sentBytes() > 0 ? (Object) r.totals().minMessageBytes() : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MEAN,
            r -> r.totals().sentBytes() > 0 ? round(r.totals().meanMessageBytes(), 1) : ""));
    c.add(
        new Column(
            MESSAGE_BYTES_MAX,
            r -> r.totals().sentBytes() > 0 ? (Object) r.totals().maxMessageBytes() : ""));
    c.add(
        new Column(LIMIT, r -> r.rates().limit() == null ? "" : r.rates().limit().side().label()));
    // Where an acknowledged message was when acknowledged: rows at different levels do not compare.
    c.add(
        new Column(
            DURABILITY,
            r -> r.delivery().durability() == null ? "" : r.delivery().durability().level().key()));
    c.add(
        new Column(
            DURABILITY_DETAIL,
            r -> r.delivery().durability() == null ? "" : r.delivery().durability().describe()));
    c.add(new Column(LOST, r -> r.totals().lost()));
    c.add(new Column(UNSETTLED, r -> r.totals().unsettled()));
    c.add(new Column(DUPLICATES, r -> r.totals().duplicates()));
    c.add(
        new Column(
            HARNESS_LIMITED, r -> r.rates().rate() != null && r.rates().rate().harnessLimited()));
    // In every mode: the host, not the queue, set the pace (HarnessUse.hostLimited).
    c.add(new Column(HOST_LIMITED, r -> r.harness() != null && r.harness().hostLimited()));
  }

  /** Catching up with a backlog. */
  private static void catchUp(List<Column> c) {
    // --phases backlog-then-catch-up: the backlog receivers found, whether and how fast they caught
    // up, and the publish rate and latencies while catching up against after it; empty otherwise.
    addCatchUp(c, CATCH_UP_BACKLOG_MSGS, u -> u.backlogAtStart());
    addCatchUp(c, CAUGHT_UP, u -> u.caughtUp());
    addCatchUp(c, CATCH_UP_S, u -> u.caughtUp() ? round(u.catchUpSeconds(), 3) : "");
    addCatchUp(c, CATCH_UP_BACKLOG_LEFT_MSGS, u -> u.backlogAtEnd());
    addCatchUp(c, CATCH_UP_DRAIN_MSGS_PER_S, u -> round(u.catchUp().receivedPerSecond(), 1));
    addCatchUp(c, BACKLOG_SENT_MSGS_PER_S, u -> round(u.backlog().sentPerSecond(), 1));
    addCatchUp(c, CATCH_UP_SENT_MSGS_PER_S, u -> round(u.catchUp().sentPerSecond(), 1));
    addCatchUp(
        c,
        AFTER_CATCH_UP_SENT_MSGS_PER_S,
        u -> u.after() == null ? "" : round(u.after().sentPerSecond(), 1));
    for (LatencyKind latency : List.of(LatencyKind.RESPONSE, LatencyKind.END_TO_END)) {
      for (String suffix : List.of(Latency.P50, Latency.P99)) {
        addCatchUp(
            c, catchUpLatency(false, latency, suffix), u -> ms(u.catchUp(), latency, suffix));
        addCatchUp(c, catchUpLatency(true, latency, suffix), u -> ms(u.after(), latency, suffix));
      }
    }
  }

  /** The injected faults. */
  private static void faults(List<Column> c) {
    // --fault: how many were injected, whether the received rate came back (to 90 % of its level
    // before each), the longest time without a delivery around one, the deepest dip; lost and
    // duplicates are the run's own columns. Empty for a run without faults.
    addFaults(c, FAULTS, f -> (long) f.size());
    addFaults(c, FAULTS_NOT_RECOVERED, f -> f.stream().filter(FaultResult::notRecovered).count());
    addFaults(
        c,
        FAULT_RECOVERY_MAX_S,
        f -> {
          OptionalDouble longest =
              f.stream()
                  .filter(x -> x.recoverySeconds() != null)
                  .mapToDouble(FaultResult::recoverySeconds)
                  .max();
          return longest.isPresent() ? round(longest.getAsDouble(), 3) : "";
        });
    addFaults(
        c,
        FAULT_LONGEST_GAP_S,
        f -> round(f.stream().mapToDouble(FaultResult::longestGapSeconds).max().orElse(0), 3));
    addFaults(
        c,
        FAULT_LOWEST_RECEIVED_MSGS_PER_S,
        f ->
            round(f.stream().mapToDouble(FaultResult::lowestReceivedPerSecond).min().orElse(0), 1));
  }

  /** The harness's own use of the machine. */
  private static void harness(List<Column> c) {
    // What the harness itself used (empty for older runs): a figure whose harness was busy is
    // partly the harness's.
    addHarness(c, HARNESS_CPU_S, h -> round(h.cpuSeconds(), 3));
    addHarness(c, HARNESS_CPU_US_PER_MSG, h -> round(h.cpuMicrosPerMessage(), 2));
    addHarness(c, SENDER_CPU_US_PER_MSG, h -> round(h.senderCpuMicrosPerMessage(), 2));
    addHarness(c, RECEIVER_CPU_US_PER_MSG, h -> round(h.receiverCpuMicrosPerMessage(), 2));
    addHarness(c, BUSIEST_SENDER_CORE_SHARE, h -> round(h.busiestSenderShare(), 3));
    addHarness(c, BUSIEST_RECEIVER_CORE_SHARE, h -> round(h.busiestReceiverShare(), 3));
    // Time runnable but without a core: a late sender that waited here was starved, not slow.
    addHarness(
        c,
        SENDER_CPU_WAIT_S,
        h -> h.senderCpuWaitSeconds() == null ? "" : round(h.senderCpuWaitSeconds(), 3));
    addHarness(
        c,
        RECEIVER_CPU_WAIT_S,
        h -> h.receiverCpuWaitSeconds() == null ? "" : round(h.receiverCpuWaitSeconds(), 3));
    addHarness(
        c,
        RUN_CPU_WAIT_SHARE,
        h -> h.runCpuWaitShare() == null ? "" : round(h.runCpuWaitShare(), 3));
    addHarness(
        c, OTHER_WORK_SHARE, h -> h.otherWorkShare() == null ? "" : round(h.otherWorkShare(), 3));
    addHarness(c, HARNESS_GC_S, h -> round(h.gcSeconds(), 3));
    addHarness(
        c,
        HARNESS_RSS_PEAK_MIB,
        h -> h.residentPeakMb() == null ? "" : round(h.residentPeakMb(), 1));
  }

  /** The latencies, and what their clocks make them worth. */
  private static void latencies(List<Column> c) {
    addLatency(c, LatencyKind.SEND);
    addLatency(c, LatencyKind.RESPONSE);
    addLatency(c, LatencyKind.SCHEDULE_LAG);
    addLatency(c, LatencyKind.END_TO_END);
    // What the end-to-end figures are worth: samples received before their send time (not in the
    // histogram), and the clock offsets' uncertainty every figure carries (0 in one process).
    c.add(new Column(E2E_NEGATIVE, r -> ofClock(r, k -> k.negativeSamples())));
    c.add(new Column(E2E_NEGATIVE_SHARE, r -> ofClock(r, k -> round(k.negativeShare(), 4))));
    c.add(new Column(E2E_CLOCK_BOUND_MS, r -> ofClock(r, k -> round(k.clockBoundMs(), 3))));
    c.add(new Column(E2E_CLOCK_DRIFT_MS, r -> ofClock(r, k -> round(k.clockDriftMs(), 3))));
    c.add(new Column(E2E_MEANINGFUL, r -> ofClock(r, k -> k.meaningful())));
  }

  /** What a million messages cost. */
  private static void cost(List<Column> c) {
    // Backends billed per request (sqs), or the machines' hourly price (--machine-cost); one column
    // for either, so that a matrix across both kinds compares them, and the basis beside it.
    c.add(
        new Column(
            REQUESTS_BILLED, r -> r.cost().requests() == null ? "" : r.cost().requests().billed()));
    c.add(
        new Column(
            COST_PER_MILLION_MSGS,
            r ->
                r.cost().perMillionMessages() == null
                    ? ""
                    : round(r.cost().perMillionMessages(), 6)));
    c.add(new Column(COST_BASIS, r -> r.cost().basis()));
  }

  private static void addCatchUp(
      List<Column> c, String name, Function<CatchUpResult, Object> value) {
    c.add(new Column(name, r -> r.catchUp() == null ? "" : value.apply(r.catchUp())));
  }

  private static Object ms(CatchUpResult.Window w, LatencyKind latency, String suffix) {
    Latency l = w == null ? null : w.latency(latency);
    OptionalDouble v = l == null ? OptionalDouble.empty() : l.valueMs(suffix);
    return v.isPresent() ? round(v.getAsDouble(), 3) : "";
  }

  /** A column of the injected faults' figures; empty when the run injected none. */
  private static void addFaults(
      List<Column> c, String name, Function<List<FaultResult>, Object> value) {
    c.add(
        new Column(
            name,
            r -> {
              List<FaultResult> injected =
                  r.faults().injected().stream().filter(FaultResult::injected).toList();
              return injected.isEmpty() ? "" : value.apply(injected);
            }));
  }

  private static void addHarness(List<Column> c, String name, Function<HarnessUse, Object> value) {
    c.add(new Column(name, r -> r.harness() == null ? "" : value.apply(r.harness())));
  }

  private static void addLatency(List<Column> c, LatencyKind name) {
    for (String suffix : Latency.SUFFIXES) {
      c.add(
          new Column(
              latency(name, suffix),
              r -> {
                Latency l = r.latency().byKind().get(name);
                if (l == null) {
                  return "";
                }
                OptionalDouble v = l.valueMs(suffix);
                return v.isPresent() ? round(v.getAsDouble(), 3) : "";
              }));
    }
  }

  /** A figure of the end-to-end clock; empty for a run without end-to-end samples. */
  private static Object ofClock(RunResult r, Function<EndToEndClock, Object> figure) {
    EndToEndClock clock = r.latency().endToEndClock();
    return clock == null ? "" : figure.apply(clock);
  }

  /**
   * @return every column's header, in order
   */
  public static List<String> headers() {
    return ALL.stream().map(Column::header).toList();
  }
}
