package io.mqbench.sqs;

import io.mqbench.mq.BackgroundAcks;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchResultEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.ReceiveMessageResponse;

/**
 * Receives with {@code ReceiveMessage} long polls (at most 10 messages per call, more by further
 * calls that do not wait) under the visibility timeout {@code sqs.visibilityTimeout}, and
 * acknowledges with {@code DeleteMessageBatch} calls of 10 on a thread of its own, every entry
 * checked.
 *
 * <p>A lease is SQS's visibility timeout: a message received and not deleted becomes visible again
 * when it ends. On {@link #close()} this receiver makes what it still holds visible at once ({@code
 * ChangeMessageVisibilityBatch} to 0), so that other receivers need not wait for the timeout.
 */
final class SqsReceiver implements MqReceiver {
  private static final Base64.Decoder BASE64 = Base64.getDecoder();

  /** SQS's answer to a delete with a receipt handle that is no longer current. */
  static final String STALE_HANDLE = "ReceiptHandleIsInvalid";

  private final SqsQueue queue;

  /** Delete calls queued or under way at most, per receiver: back-pressure on {@link #ack}. */
  static final int DELETES_IN_FLIGHT = 8;

  /**
   * Received and not yet acknowledged: message id to its latest receipt handle. Written by this
   * receiver's thread and its delete thread.
   */
  private final Map<String, String> held = new ConcurrentHashMap<>();

  private final BackgroundAcks deletes = new BackgroundAcks("sqs", DELETES_IN_FLIGHT);
  private boolean closed;

  SqsReceiver(SqsQueue queue) {
    this.queue = queue;
  }

  /** A message and what deleting it takes. */
  record SqsReceived(byte[] body, String messageId, String receiptHandle) implements Received {}

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1");
    }
    queue.checkOpen();
    deletes.throwFailure();
    // SQS waits in whole seconds: the wait is rounded up, as declared (receiveGranularity).
    long waitSeconds = (wait.toMillis() + 999) / 1000;
    long deadline = System.nanoTime() + Duration.ofSeconds(waitSeconds).toNanos();
    List<Received> out = new ArrayList<>();
    while (true) {
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted while receiving from SQS");
      }
      int ask = Math.min(SqsQueue.MAX_ENTRIES, max - out.size());
      long remaining = Math.max(0, deadline - System.nanoTime());
      long poll =
          out.isEmpty()
              ? Math.min(
                  queue.settings().waitTime().toSeconds(),
                  (remaining + 999_999_999L) / 1_000_000_000L)
              : 0; // more after a full answer: only what is there now
      List<Message> got = call(ask, (int) poll);
      for (Message m : got) {
        held.put(m.messageId(), m.receiptHandle());
        out.add(new SqsReceived(decode(m.body()), m.messageId(), m.receiptHandle()));
      }
      boolean full = got.size() == ask;
      if (out.size() >= max || (!out.isEmpty() && !full)) {
        return out;
      }
      if (out.isEmpty() && System.nanoTime() - deadline >= 0) {
        return out;
      }
    }
  }

  private List<Message> call(int max, int waitSeconds) {
    SqsSettings s = queue.settings();
    Duration bound = s.requestTimeout().plusSeconds(waitSeconds);
    ReceiveMessageResponse response;
    try {
      response =
          queue
              .client()
              .receiveMessage(
                  b ->
                      b.queueUrl(queue.queueUrl())
                          .maxNumberOfMessages(max)
                          .waitTimeSeconds(waitSeconds)
                          .visibilityTimeout((int) s.visibilityTimeout().toSeconds())
                          .overrideConfiguration(
                              AwsRequestOverrideConfiguration.builder()
                                  .apiCallTimeout(bound)
                                  .apiCallAttemptTimeout(bound)
                                  .build()));
    } catch (SdkException e) {
      queue.counter().count(SqsRequests.RECEIVE, 0);
      throw SqsQueue.failure("ReceiveMessage failed", e, s);
    }
    long chars = 0;
    for (Message m : response.messages()) {
      chars += m.body().length();
    }
    queue.counter().count(SqsRequests.RECEIVE, chars);
    return response.messages();
  }

  /** A body this backend sent is Base64; anything else (another producer's) is its UTF-8 bytes. */
  static byte[] decode(String body) {
    try {
      return BASE64.decode(body);
    } catch (IllegalArgumentException e) {
      return body.getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * Deletes the messages in calls of 10, on this receiver's delete thread: {@code ack} returns once
   * the calls are queued (at most {@value #DELETES_IN_FLIGHT} at a time; it waits for a slot), so
   * that the next receive overlaps the deletes, as the contract allows. A refused entry is sent
   * again up to {@code sqs.entryRetries} times; if one is still refused, or a call fails, the next
   * {@code ack} or {@code receive} throws, and those messages come back when their visibility
   * timeout ends. A receipt handle SQS calls no longer current is no failure: the message's lease
   * ended and it was, or will be, received again, which the contract allows (a duplicate, not a
   * loss).
   */
  @Override
  public void ack(List<Received> messages) {
    if (messages.isEmpty()) {
      return;
    }
    queue.checkOpen();
    deletes.throwFailure();
    List<SqsReceived> chunk = new ArrayList<>(SqsQueue.MAX_ENTRIES);
    for (Received r : messages) {
      if (!(r instanceof SqsReceived m)) {
        throw new IllegalArgumentException("not a message of this receiver: " + r);
      }
      chunk.add(m);
      if (chunk.size() == SqsQueue.MAX_ENTRIES) {
        deleteLater(chunk);
        chunk = new ArrayList<>(SqsQueue.MAX_ENTRIES);
      }
    }
    if (!chunk.isEmpty()) {
      deleteLater(chunk);
    }
  }

  private void deleteLater(List<SqsReceived> chunk) {
    deletes.submit(() -> delete(chunk));
  }

  private void delete(List<SqsReceived> chunk) {
    Map<String, SqsReceived> pending = new LinkedHashMap<>();
    for (int i = 0; i < chunk.size(); i++) {
      pending.put(String.valueOf(i), chunk.get(i));
    }
    BatchResultErrorEntry lastFailure = null;
    int retries = queue.settings().entryRetries();
    for (int attempt = 0; attempt <= retries && !pending.isEmpty(); attempt++) {
      List<DeleteMessageBatchRequestEntry> entries = new ArrayList<>();
      pending.forEach(
          (id, m) ->
              entries.add(
                  DeleteMessageBatchRequestEntry.builder()
                      .id(id)
                      .receiptHandle(m.receiptHandle())
                      .build()));
      queue.counter().count(SqsRequests.DELETE, 0);
      DeleteMessageBatchResponse response;
      try {
        response =
            queue.client().deleteMessageBatch(b -> b.queueUrl(queue.queueUrl()).entries(entries));
      } catch (SdkException e) {
        throw SqsQueue.failure(
            "DeleteMessageBatch of " + entries.size() + " messages failed", e, queue.settings());
      }
      for (DeleteMessageBatchResultEntry ok : response.successful()) {
        SqsReceived m = pending.remove(ok.id());
        if (m != null) {
          held.remove(m.messageId(), m.receiptHandle());
        }
      }
      for (BatchResultErrorEntry failed : response.failed()) {
        if (STALE_HANDLE.equals(failed.code())) {
          SqsReceived m = pending.remove(failed.id());
          if (m != null) {
            held.remove(m.messageId(), m.receiptHandle());
          }
        } else {
          lastFailure = failed;
        }
      }
    }
    if (!pending.isEmpty()) {
      throw new MqException(
          "sqs: "
              + pending.size()
              + " of "
              + chunk.size()
              + " deletes not accepted by "
              + queue.settings().address()
              + " after "
              + (retries + 1)
              + " attempts"
              + (lastFailure == null
                  ? ""
                  : " (" + lastFailure.code() + ": " + lastFailure.message() + ")")
              + "; those messages come back when their visibility timeout ends");
    }
  }

  /**
   * Finishes the deletes under way (each bounded by the request timeout), then makes what this
   * receiver still holds visible again at once; best effort.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    deletes.close(queue.settings().requestTimeout().multipliedBy(DELETES_IN_FLIGHT + 1));
    if (held.isEmpty()) {
      return;
    }
    List<String> handles = new ArrayList<>(held.values());
    held.clear();
    for (int from = 0; from < handles.size(); from += SqsQueue.MAX_ENTRIES) {
      List<String> chunk =
          handles.subList(from, Math.min(handles.size(), from + SqsQueue.MAX_ENTRIES));
      List<software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry>
          entries = new ArrayList<>();
      for (int i = 0; i < chunk.size(); i++) {
        entries.add(
            software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry
                .builder()
                .id(String.valueOf(i))
                .receiptHandle(chunk.get(i))
                .visibilityTimeout(0)
                .build());
      }
      try {
        queue.counter().count(SqsRequests.VISIBILITY, 0);
        queue
            .client()
            .changeMessageVisibilityBatch(b -> b.queueUrl(queue.queueUrl()).entries(entries));
      } catch (SdkException | IllegalStateException e) {
        // The queue is unreachable or closed: the messages come back when their timeout ends.
        return;
      }
    }
  }
}
