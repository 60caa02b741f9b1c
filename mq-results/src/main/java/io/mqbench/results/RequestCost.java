package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.mq.RequestCounts;
import io.mqbench.mq.RequestPrice;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The requests a backend billed per request made during a run ({@code Mq.requests()}), and what
 * moving a million messages costs at the price its configuration gives ({@code
 * MqProvider.requestPrice}): an estimate from the run's own requests, not a bill. Absent for
 * backends that count no requests.
 *
 * @param calls calls by kind ({@code send}, {@code receive}, {@code delete}, ...)
 * @param billed the requests as the service bills them
 * @param pricePerMillionRequests the configured price of a million billed requests; null when the
 *     backend declares none
 * @param currency the price's currency; null with no price
 * @param priceSource the key and value the price comes from; null with no price
 * @param costPerMillionMessages {@code billed × price / messages sent}; null with no price or no
 *     message sent
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestCost(
    Map<String, Long> calls,
    long billed,
    Double pricePerMillionRequests,
    String currency,
    String priceSource,
    Double costPerMillionMessages) {

  /** Copies the calls. */
  public RequestCost {
    calls = calls == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(calls));
  }

  /**
   * @param counts what the run's backend counted
   * @param price the configured price, if the backend has one
   * @param messagesSent messages sent and acknowledged in the run
   * @return the run's requests and cost, or null when the backend counted nothing
   */
  public static RequestCost of(
      RequestCounts counts, Optional<RequestPrice> price, long messagesSent) {
    if (counts.nothingCounted()) {
      return null;
    }
    if (price.isEmpty()) {
      return new RequestCost(counts.calls(), counts.billed(), null, null, null, null);
    }
    RequestPrice p = price.get();
    return new RequestCost(
        counts.calls(),
        counts.billed(),
        p.perMillionRequests(),
        p.currency(),
        p.source(),
        messagesSent > 0 ? p.costPerMillionMessages(counts, messagesSent) : null);
  }
}
