package io.mqbench.mq;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The requests a backend made to its service, by kind, for services that bill per request (Amazon
 * SQS): what {@link Mq#requests()} reports and the runner turns into a cost per million messages
 * with the price of {@link MqProvider#requestPrice}. A value: counts of several {@code Mq}s (cells,
 * nodes) {@link #plus add up}.
 *
 * <p>Example: a run that sent 1,000 messages in batches of 10 and received them 10 at a time
 * reports {@code calls = {send=100, receive=103, delete=100}} (three receives came back empty), and
 * {@code billed = 303} when every call carried under the service's billing unit (SQS bills each 64
 * KiB of a call's payload as one request).
 *
 * @param calls number of calls by kind, such as {@code send}, {@code receive}, {@code delete},
 *     {@code other}; kinds in alphabetical order; never {@code null}
 * @param billed the requests as the service bills them (at least the sum of {@link #calls}, more
 *     when large payloads count several times)
 */
public record RequestCounts(Map<String, Long> calls, long billed) {

  /** No requests: what a backend that does not count reports. */
  public static final RequestCounts NONE = new RequestCounts(Map.of(), 0);

  /**
   * Sorts and copies the calls; {@code null} (an older report read back) is no calls.
   *
   * @throws IllegalArgumentException if a count is negative
   */
  public RequestCounts {
    TreeMap<String, Long> sorted = new TreeMap<>(calls == null ? Map.of() : calls);
    if (billed < 0 || sorted.values().stream().anyMatch(v -> v < 0)) {
      throw new IllegalArgumentException("request counts cannot be negative");
    }
    calls = Collections.unmodifiableMap(sorted);
  }

  /**
   * @return the calls of every kind together
   */
  public long total() {
    return calls.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * Named so that JSON binders, which read {@code isX()} as a property, leave it out of a report
   * sent between processes.
   *
   * @return true when nothing was counted
   */
  public boolean nothingCounted() {
    return calls.isEmpty() && billed == 0;
  }

  /**
   * @param other counts of another {@code Mq} of the same run
   * @return both added, kind by kind
   */
  public RequestCounts plus(RequestCounts other) {
    Map<String, Long> sum = new TreeMap<>(calls);
    other.calls.forEach((k, v) -> sum.merge(k, v, Long::sum));
    return new RequestCounts(sum, billed + other.billed);
  }
}
