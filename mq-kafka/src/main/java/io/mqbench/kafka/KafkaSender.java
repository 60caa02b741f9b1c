package io.mqbench.kafka;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InterruptException;

/**
 * Sends each batch through its own producer and waits until the cluster acknowledged every record
 * under the configured acks.
 *
 * <p>One producer per sender (rather than one shared by all senders) so that {@link
 * Producer#flush()} at the end of a batch waits for this sender's records only: records of the
 * batch are appended to the producer's buffers without waiting (up to linger.ms), then flushed
 * together, so a batch travels in as few requests as its size allows and {@code send} returns one
 * round trip after its last record was appended.
 *
 * <p>{@link #sendAsync} appends the batch's records with a callback each and never flushes: the
 * producer sends them when a batch fills or linger.ms passes, as applications using callbacks do,
 * and the batch completes when the last of its records was acknowledged under the configured acks
 * (or fails with the first record that failed). Closing the producer completes every record still
 * in flight, successfully or not.
 */
final class KafkaSender implements MqSender {
  private final Producer<byte[], byte[]> producer;
  private final String topic;
  private final String bootstrap;
  private final Consumer<KafkaSender> onClose;
  // Atomic: the Mq may close this while its own thread does.
  private final AtomicBoolean closed = new AtomicBoolean();

  KafkaSender(
      Producer<byte[], byte[]> producer, KafkaSettings settings, Consumer<KafkaSender> onClose) {
    this.producer = producer;
    this.topic = settings.topic;
    this.bootstrap = settings.bootstrap;
    this.onClose = onClose;
    // The producer fetches the topic's metadata on its first send, blocking it for a round trip or
    // more; fetched here, while the harness prepares, it delays no measured send.
    producer.partitionsFor(topic);
  }

  @Override
  public void send(List<byte[]> batch) throws InterruptedException {
    if (closed.get()) {
      throw new MqException("sender to topic " + topic + " on " + bootstrap + " is closed");
    }
    if (batch.isEmpty()) {
      return;
    }
    List<Future<RecordMetadata>> acks = new ArrayList<>(batch.size());
    try {
      for (byte[] body : batch) {
        acks.add(producer.send(new ProducerRecord<>(topic, body)));
      }
      producer.flush();
    } catch (InterruptException e) {
      Thread.interrupted();
      throw new InterruptedException("interrupted while sending to " + topic);
    } catch (KafkaException | IllegalStateException e) {
      throw failed(e);
    }
    for (Future<RecordMetadata> ack : acks) {
      try {
        ack.get();
      } catch (ExecutionException e) {
        throw failed(e.getCause());
      }
    }
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    if (closed.get()) {
      done.completeExceptionally(
          new MqException("sender to topic " + topic + " on " + bootstrap + " is closed"));
      return done;
    }
    if (batch.isEmpty()) {
      done.complete(null);
      return done;
    }
    AtomicInteger left = new AtomicInteger(batch.size());
    try {
      for (byte[] body : batch) {
        producer.send(
            new ProducerRecord<>(topic, body),
            (metadata, e) -> {
              if (e != null) {
                done.completeExceptionally(failed(e));
              } else if (left.decrementAndGet() == 0) {
                done.complete(null);
              }
            });
      }
    } catch (InterruptException e) {
      Thread.currentThread().interrupt();
      done.completeExceptionally(new InterruptedException("interrupted while sending to " + topic));
    } catch (KafkaException | IllegalStateException e) {
      done.completeExceptionally(failed(e));
    }
    return done;
  }

  private MqException failed(Throwable e) {
    return new MqException(
        "send to topic " + topic + " on " + bootstrap + " failed: " + KafkaMq.rootMessage(e), e);
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    onClose.accept(this);
    try {
      // Bounded: records still in flight to a dead broker must not hold up the end of a run.
      producer.close(Duration.ofSeconds(2));
    } catch (RuntimeException e) {
      // Closing is best effort: records not yet acknowledged were never promised.
    }
  }
}
