package io.mqbench.sqs;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResultEntry;

/**
 * Sends a batch as {@code SendMessageBatch} calls of at most 10 entries and at most {@code
 * sqs.maxPayloadBytes} of payload each. SQS answers such a call with one result per entry, and a
 * call that succeeds may still have refused some entries: every entry of every response is checked,
 * refused entries are sent again up to {@code sqs.entryRetries} times, and if any is still refused
 * (or missing from the response) {@code send} throws. So {@code send} returns only when SQS has
 * accepted every message of the batch.
 *
 * <p>Bodies are bytes and SQS carries text: each body travels as Base64.
 *
 * <p>{@link #sendAsync} runs {@link #send} on up to {@code sqs.asyncSendThreads} threads of this
 * sender (the synchronous client holds one request per thread), which is how several batches are in
 * flight at once without the SDK's Netty-based asynchronous client.
 */
final class SqsSender implements MqSender {
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private final SqsQueue queue;
  private final Duration sendTimeout;
  private ExecutorService async;
  private boolean closed;

  SqsSender(SqsQueue queue, Duration sendTimeout) {
    this.queue = queue;
    this.sendTimeout = sendTimeout;
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    if (batch.isEmpty()) {
      return;
    }
    queue.checkOpen();
    int maxPayload = queue.settings().maxPayloadBytes();
    List<String> chunk = new ArrayList<>(SqsQueue.MAX_ENTRIES);
    long chunkChars = 0;
    int first = 0;
    for (int i = 0; i < batch.size(); i++) {
      String body = BASE64.encodeToString(batch.get(i));
      if (!chunk.isEmpty()
          && (chunk.size() == SqsQueue.MAX_ENTRIES || chunkChars + body.length() > maxPayload)) {
        sendChunk(chunk, first, batch.size());
        chunk = new ArrayList<>(SqsQueue.MAX_ENTRIES);
        chunkChars = 0;
        first = i;
      }
      chunk.add(body);
      chunkChars += body.length();
    }
    sendChunk(chunk, first, batch.size());
  }

  /**
   * One {@code SendMessageBatch} call and its bounded retries of refused entries.
   *
   * @param bodies the chunk's bodies, Base64
   * @param first the index of the chunk's first message in the caller's batch, for messages
   * @param batchSize the caller's batch size, for messages
   */
  private void sendChunk(List<String> bodies, int first, int batchSize)
      throws InterruptedException {
    Map<String, SendMessageBatchRequestEntry> pending = new LinkedHashMap<>();
    for (int i = 0; i < bodies.size(); i++) {
      String id = String.valueOf(first + i);
      pending.put(
          id, SendMessageBatchRequestEntry.builder().id(id).messageBody(bodies.get(i)).build());
    }
    Map<String, BatchResultErrorEntry> refused = Map.of();
    int retries = queue.settings().entryRetries();
    for (int attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) {
        Thread.sleep(Math.min(1000, 50L << attempt)); // a refusal may be a moment's throttling
      }
      SendMessageBatchResponse response = call(new ArrayList<>(pending.values()));
      for (SendMessageBatchResultEntry ok : response.successful()) {
        pending.remove(ok.id());
      }
      refused = new LinkedHashMap<>();
      for (BatchResultErrorEntry failed : response.failed()) {
        if (pending.containsKey(failed.id())) {
          refused.put(failed.id(), failed);
        }
      }
      if (pending.isEmpty()) {
        return;
      }
      // The next attempt resends only what was refused or went unanswered: the rest is stored.
    }
    throw refusal(pending, refused, retries, batchSize);
  }

  private SendMessageBatchResponse call(List<SendMessageBatchRequestEntry> entries) {
    List<SendMessageBatchRequestEntry> shaped = new ArrayList<>(entries.size());
    long chars = 0;
    for (SendMessageBatchRequestEntry e : entries) {
      shaped.add(queue.shape(e));
      chars += e.messageBody().length();
    }
    queue.counter().count(SqsRequests.SEND, chars);
    try {
      return queue.client().sendMessageBatch(b -> b.queueUrl(queue.queueUrl()).entries(shaped));
    } catch (SdkException e) {
      throw SqsQueue.failure(
          "SendMessageBatch of " + entries.size() + " messages failed", e, queue.settings());
    }
  }

  /**
   * Names how many were refused, the first refusal's code and message, and what became of the rest.
   */
  private MqException refusal(
      Map<String, SendMessageBatchRequestEntry> pending,
      Map<String, BatchResultErrorEntry> refused,
      int retries,
      int batchSize) {
    String why =
        refused.values().stream()
            .findFirst()
            .map(
                f ->
                    f.code()
                        + (f.message() == null ? "" : ": " + f.message())
                        + (Boolean.TRUE.equals(f.senderFault()) ? " (sender fault)" : ""))
            .orElse("no result for the entry in SQS's response");
    return new MqException(
        "sqs: "
            + pending.size()
            + " of "
            + batchSize
            + " messages of the batch not accepted by "
            + queue.settings().address()
            + " after "
            + (retries + 1)
            + " attempts (message "
            + pending.keySet().iterator().next()
            + ": "
            + Errors.oneLine(why)
            + "); the others were stored");
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    synchronized (this) {
      if (closed) {
        done.completeExceptionally(new MqException("sqs: this sender is closed"));
        return done;
      }
      if (async == null) {
        async =
            Executors.newFixedThreadPool(queue.settings().asyncSendThreads(), SqsSender::thread);
      }
      async.execute(new AsyncBatch(this, batch, done));
    }
    return done;
  }

  private static Thread thread(Runnable r) {
    Thread t = new Thread(r, "mqbench-sqs-send");
    t.setDaemon(true);
    return t;
  }

  /** One batch of {@link #sendAsync}, failed on close if it never started. */
  private record AsyncBatch(SqsSender sender, List<byte[]> batch, CompletableFuture<Void> done)
      implements Runnable {
    @Override
    public void run() {
      try {
        sender.send(batch);
        done.complete(null);
      } catch (InterruptedException e) {
        done.completeExceptionally(e);
      } catch (AbortedException e) {
        done.completeExceptionally(new MqException("sqs: the sender closed during the send", e));
      } catch (RuntimeException e) {
        done.completeExceptionally(e);
      }
    }
  }

  /**
   * Batches of {@link #sendAsync} not yet started fail; those under way end within the request
   * timeout, normally or not.
   */
  @Override
  public void close() {
    ExecutorService pool;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      pool = async;
    }
    if (pool == null) {
      return;
    }
    for (Runnable r : pool.shutdownNow()) {
      if (r instanceof AsyncBatch b) {
        b.done().completeExceptionally(new MqException("sqs: the sender closed before the send"));
      }
    }
    try {
      pool.awaitTermination(sendTimeout.toMillis() + 5000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
