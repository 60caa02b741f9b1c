package io.mqbench.results.files;

import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.function.Function;

/**
 * The registry of summary column names, each spelled here once: the columns of one summary row,
 * shared by {@code summary.csv} and {@code summary.xlsx}'s {@code runs} sheet so the two never
 * disagree, and the same in both modes so rows of any runs can be pasted under each other; the
 * headers of the {@code timeline} sheet; and the names the per-cell summary ({@code cells.csv}, the
 * {@code summary} sheet) and JMH's rows use. Everything else names a column by its constant here.
 *
 * <p>Rates are rounded to 0.1 msgs/s, latencies to 1 µs (in ms). A cell that does not apply to the
 * run's mode is empty, and so is a latency the histogram cannot give (no values): an empty cell,
 * not 0, which would read as a measured latency.
 */
public final class SummaryColumns {
  /** A run's columns (and the timeline's, the cells' and JMH's where they say the same). */
  public static final String RUN_ID = "run_id",
      STARTED_AT = "started_at",
      STATUS = "status",
      QUEUE = "queue",
      TARGET = "target",
      CELL = "cell",
      REPETITION = "repetition",
      MODE = "mode",
      SENDERS = "senders",
      RECEIVERS = "receivers",
      QUEUES = "queues",
      SUBSCRIPTIONS = "subscriptions",
      BATCH = "batch",
      MESSAGE_SIZE_BYTES = "message_size_bytes",
      IN_FLIGHT = "in_flight",
      PHASES = "phases",
      TARGET_MSGS_PER_S = "target_msgs_per_s",
      MESSAGES_SENT = "messages_sent",
      MESSAGES_RECEIVED = "messages_received",
      SENT_MSGS_PER_S = "sent_msgs_per_s",
      RECEIVED_MSGS_PER_S = "received_msgs_per_s",
      END_TO_END_MSGS_PER_S = "end_to_end_msgs_per_s",
      SENDERS_HELD_SHARE = "senders_held_share",
      SENT_BYTES_PER_S = "sent_bytes_per_s",
      MESSAGE_BYTES_MIN = "message_bytes_min",
      MESSAGE_BYTES_MEAN = "message_bytes_mean",
      MESSAGE_BYTES_MAX = "message_bytes_max",
      LIMIT = "limit",
      DURABILITY = "durability",
      DURABILITY_DETAIL = "durability_detail",
      LOST = "lost",
      UNSETTLED = "unsettled",
      DUPLICATES = "duplicates",
      HARNESS_LIMITED = "harness_limited",
      HOST_LIMITED = "host_limited",
      FAULTS = "faults",
      FAULTS_NOT_RECOVERED = "faults_not_recovered",
      FAULT_RECOVERY_MAX_S = "fault_recovery_max_s",
      FAULT_LONGEST_GAP_S = "fault_longest_gap_s",
      FAULT_LOWEST_RECEIVED_MSGS_PER_S = "fault_lowest_received_msgs_per_s",
      CATCH_UP_BACKLOG_MSGS = "catch_up_backlog_msgs",
      CAUGHT_UP = "caught_up",
      CATCH_UP_S = "catch_up_s",
      CATCH_UP_BACKLOG_LEFT_MSGS = "catch_up_backlog_left_msgs",
      CATCH_UP_DRAIN_MSGS_PER_S = "catch_up_drain_msgs_per_s",
      BACKLOG_SENT_MSGS_PER_S = "backlog_sent_msgs_per_s",
      CATCH_UP_SENT_MSGS_PER_S = "catch_up_sent_msgs_per_s",
      AFTER_CATCH_UP_SENT_MSGS_PER_S = "after_catch_up_sent_msgs_per_s",
      HARNESS_CPU_S = "harness_cpu_s",
      HARNESS_CPU_US_PER_MSG = "harness_cpu_us_per_msg",
      SENDER_CPU_US_PER_MSG = "sender_cpu_us_per_msg",
      RECEIVER_CPU_US_PER_MSG = "receiver_cpu_us_per_msg",
      BUSIEST_SENDER_CORE_SHARE = "sender_core_share_max",
      BUSIEST_RECEIVER_CORE_SHARE = "receiver_core_share_max",
      SENDER_CPU_WAIT_S = "sender_cpu_wait_s",
      RECEIVER_CPU_WAIT_S = "receiver_cpu_wait_s",
      RUN_CPU_WAIT_SHARE = "run_cpu_wait_share",
      OTHER_WORK_SHARE = "other_work_share",
      HARNESS_GC_S = "harness_gc_s",
      HARNESS_RSS_PEAK_MIB = "harness_rss_peak_mib",
      E2E_NEGATIVE = "e2e_negative",
      E2E_NEGATIVE_SHARE = "e2e_negative_share",
      E2E_CLOCK_BOUND_MS = "e2e_clock_bound_ms",
      E2E_CLOCK_DRIFT_MS = "e2e_clock_drift_ms",
      E2E_MEANINGFUL = "e2e_meaningful",
      REQUESTS_BILLED = "requests_billed",
      COST_PER_MILLION_MSGS = "cost_per_million_msgs",
      COST_BASIS = "cost_basis";

  /** The timeline sheet's own columns: the tick, and its length in seconds. */
  public static final String SECOND = "second", SECONDS = "seconds";

  /**
   * The per-cell summary's own columns: repetitions, their worst verdict, the settings it shows by
   * their option names, and the achieved rate of rate mode.
   */
  public static final String RUNS = "runs",
      VERDICT = "verdict",
      SIZE = "size",
      RATE = "rate",
      ACHIEVED_MSGS_PER_S = "achieved_msgs_per_s";

  /** The environment sheet's own columns: a value's name, and the value. */
  public static final String KEY = "key", VALUE = "value";

  /** Each latency's column prefix, by latency kind. */
  private static final Map<LatencyKind, String> LATENCY_PREFIXES =
      Map.of(
          LatencyKind.SEND, "send",
          LatencyKind.RESPONSE, "response",
          LatencyKind.SCHEDULE_LAG, "lag",
          LatencyKind.END_TO_END, "e2e");

  /**
   * One column.
   *
   * @param header the header, snake_case with the unit last
   * @param value the cell's value: a {@link String}, {@link Long}, {@link BigDecimal} or {@link
   *     Boolean} (a boolean cell in the spreadsheet, {@code true}/{@code false} in CSV); an empty
   *     string for a cell that does not apply or has no value
   */
  public record Column(String header, Function<RunResult, Object> value) {}

  private SummaryColumns() {}

  /**
   * @param latency a latency, such as {@link LatencyKind#END_TO_END}
   * @param suffix one of {@link Latency#SUFFIXES}, such as {@link Latency#P99}
   * @return its column's name, such as {@code e2e_p99_ms}
   */
  public static String latency(LatencyKind latency, String suffix) {
    String prefix = LATENCY_PREFIXES.get(latency);
    if (prefix == null) {
      throw new IllegalArgumentException("no latency is named " + latency);
    }
    return prefix + "_" + suffix + "_ms";
  }

  /**
   * @param after the window after catching up rather than the catch-up window
   * @param latency {@link LatencyKind#RESPONSE} or {@link LatencyKind#END_TO_END}
   * @param suffix {@link Latency#P50} or {@link Latency#P99}
   * @return the column's name, such as {@code catch_up_e2e_p99_ms} or {@code
   *     after_catch_up_response_p50_ms}
   */
  public static String catchUpLatency(boolean after, LatencyKind latency, String suffix) {
    return (after ? "after_catch_up_" : "catch_up_") + latency(latency, suffix);
  }

  /**
   * @param v a value
   * @param decimals decimals to keep
   * @return it rounded half up, as summary cells are
   */
  static BigDecimal round(double v, int decimals) {
    return BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP);
  }
}
