package io.mqbench.sqs;

import io.mqbench.mq.RequestCounts;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the calls one {@link SqsQueue} and its senders and receivers make, by kind, and the
 * requests SQS bills for them: every call is one request, and a call whose payload is larger than
 * {@value #BILLING_CHUNK} bytes counts once per {@value #BILLING_CHUNK} bytes begun (SQS's billing
 * rule as summarised from its pricing page: each 64 KiB chunk of a payload is one request). Calls
 * that failed are counted too: SQS bills requests, not messages. Thread-safe.
 */
final class SqsRequests {
  /** SQS bills every 64 KiB of a request's payload as one request. */
  static final int BILLING_CHUNK = 64 * 1024;

  /** The kinds of call, as reported. */
  static final String SEND = "send",
      RECEIVE = "receive",
      DELETE = "delete",
      VISIBILITY = "visibility",
      OTHER = "other";

  private final LongAdder send = new LongAdder();
  private final LongAdder receive = new LongAdder();
  private final LongAdder delete = new LongAdder();
  private final LongAdder visibility = new LongAdder();
  private final LongAdder other = new LongAdder();
  private final LongAdder billed = new LongAdder();

  /**
   * @param kind one of the kinds
   * @param payloadChars the payload's size as SQS counts it (message bodies' text); 0 for none
   */
  void count(String kind, long payloadChars) {
    switch (kind) {
      case SEND -> send.increment();
      case RECEIVE -> receive.increment();
      case DELETE -> delete.increment();
      case VISIBILITY -> visibility.increment();
      default -> other.increment();
    }
    billed.add(billedRequests(payloadChars));
  }

  /** One request per call, and one more per 64 KiB begun beyond the first. */
  static long billedRequests(long payloadChars) {
    return Math.max(1, (payloadChars + BILLING_CHUNK - 1) / BILLING_CHUNK);
  }

  RequestCounts snapshot() {
    Map<String, Long> calls = new TreeMap<>();
    put(calls, SEND, send);
    put(calls, RECEIVE, receive);
    put(calls, DELETE, delete);
    put(calls, VISIBILITY, visibility);
    put(calls, OTHER, other);
    return new RequestCounts(calls, billed.sum());
  }

  private static void put(Map<String, Long> calls, String kind, LongAdder n) {
    long v = n.sum();
    if (v > 0) {
      calls.put(kind, v);
    }
  }
}
