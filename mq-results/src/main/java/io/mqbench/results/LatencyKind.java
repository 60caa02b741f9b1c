package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The latencies a run measures, in the order {@link RunLatency#byKind()} holds them. Each has the
 * name it carries in {@code run.json}, in its percentile file's name and in the summary's columns,
 * and the name people read. The response time and the schedule lag are measured in rate mode only.
 */
public enum LatencyKind {
  /** Per batch: service time, from the start of the send call to the backend's acknowledgement. */
  @JsonProperty("send-latency")
  SEND("send-latency"),

  /** Per batch, rate mode: response time, from the intended send time to the acknowledgement. */
  @JsonProperty("response-time")
  RESPONSE("response-time"),

  /** Per batch, rate mode: from the intended send time to the start of the send call. */
  @JsonProperty("schedule-lag")
  SCHEDULE_LAG("schedule-lag"),

  /** Per message: from the intended send time to its receipt. */
  @JsonProperty("end-to-end-latency")
  END_TO_END("end-to-end-latency");

  private final String key;

  LatencyKind(String key) {
    this.key = key;
  }

  /**
   * @return the name in {@code run.json} and in file names, such as {@code end-to-end-latency}
   */
  public String key() {
    return key;
  }

  /**
   * @param rateMode whether the run was in rate mode
   * @return the name people read: {@code send batch}, {@code service time}, {@code response time},
   *     {@code schedule lag}, {@code end-to-end}
   */
  public String label(boolean rateMode) {
    return switch (this) {
      case SEND -> rateMode ? "service time" : "send batch";
      case RESPONSE -> "response time";
      case SCHEDULE_LAG -> "schedule lag";
      case END_TO_END -> "end-to-end";
    };
  }

  @Override
  public String toString() {
    return key;
  }
}
