package io.mqbench.mq;

/**
 * What a service charges per million billed requests ({@link RequestCounts#billed()}), as a
 * backend's configuration says: {@link MqProvider#requestPrice} returns it, and the runner reports
 * an estimated cost per million messages moved from it.
 *
 * @param perMillionRequests the price of a million billed requests, at least 0
 * @param currency its currency, such as {@code USD}
 * @param source the configuration key and value it comes from, for results ({@code
 *     sqs.pricePerMillionRequests=0.40})
 */
public record RequestPrice(double perMillionRequests, String currency, String source) {

  /**
   * @throws IllegalArgumentException if the price is negative or not a number
   */
  public RequestPrice {
    if (!(perMillionRequests >= 0) || Double.isInfinite(perMillionRequests)) {
      throw new IllegalArgumentException("a price must be a finite number of at least 0");
    }
  }

  /**
   * The estimated cost of moving a million messages, from the requests a run made to move {@code
   * messages} of them.
   *
   * @param requests what the run's backend counted
   * @param messages messages the run moved (sent and acknowledged), at least 1
   * @return {@code requests.billed() × perMillionRequests / messages}, in {@link #currency()}
   */
  public double costPerMillionMessages(RequestCounts requests, long messages) {
    if (messages < 1) {
      throw new IllegalArgumentException("no messages to divide the cost by");
    }
    return requests.billed() * perMillionRequests / messages;
  }
}
