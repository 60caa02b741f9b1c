package io.mqbench.benchmarks;

import io.mqbench.engine.local.BatchSizes;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.local.RateSchedule;
import io.mqbench.engine.local.ReceiverTask;
import io.mqbench.engine.local.SenderTask;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.SequenceSet;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The runner's per-message work, part by part: what a sender does to make a message (envelope and
 * padding), to time it (the schedule, clock readings) and to account for it (the completion's
 * hand-back, the acknowledged bitmap); what a receiver does with one (read the envelope, mark its
 * sequence number in the delivery bitmap, record its end-to-end latency); and the whole of each
 * side's bookkeeping around a backend that costs nothing (a sender whose sends complete at once, a
 * receiver that hands out ready messages): everything the harness adds to a broker's per-message
 * cost on the sending and the receiving thread. Each is far cheaper than any broker's per-message
 * cost; {@link HarnessOverheadBenchmark} measures them together through the in-memory queue.
 *
 * <p>HOW TO RUN: {@code ./mvnw -q -B package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar HarnessParts}; scores are operations (messages) per second per
 * thread.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Thread)
public class HarnessPartsBenchmark {
  @Param({"100", "1024"})
  int sizeBytes;

  private MessageBodies bodies;
  private byte[] body;
  private long sequence;
  private SequenceSet seen;
  private Histogram latencies;
  private SequenceSet acknowledged;
  private RateSchedule schedule;
  private final BlockingQueue<Object> completions = new LinkedBlockingQueue<>();

  @Setup(Level.Iteration)
  public void setUp() {
    acknowledged = new SequenceSet();
    // A schedule that started long ago: every batch is already due, so nothing waits.
    schedule =
        new RateSchedule(
            System.nanoTime() - TimeUnit.DAYS.toNanos(365),
            5_000,
            TimeUnit.MILLISECONDS.toNanos(1),
            System::nanoTime,
            RateSchedule.parking(System::nanoTime));
    bodies = new MessageBodies(sizeBytes, 42, 0, 1);
    body = bodies.next(0, System.nanoTime());
    seen = new SequenceSet();
    latencies = Latencies.newHistogram();
  }

  /** A sender makes the body of its next message. */
  @Benchmark
  public byte[] makeMessage() {
    return bodies.next(sequence++, System.nanoTime());
  }

  /** A receiver reads the envelope of a message. */
  @Benchmark
  public Envelope readEnvelope() {
    return Envelope.read(body);
  }

  /** A receiver marks a message as delivered (sequence numbers arrive in order, as mostly). */
  @Benchmark
  public SequenceSet markDelivered() {
    seen.add(sequence++);
    return seen;
  }

  /**
   * A receiver marks a message as delivered when it shares the queue with another: every other
   * sequence number, so no two continue a run.
   */
  @Benchmark
  public SequenceSet markDeliveredEveryOther() {
    seen.add(sequence);
    sequence += 2;
    return seen;
  }

  /**
   * A sender's whole bookkeeping for one message of a rate run, around a backend whose sends
   * complete at once: envelope and padding, the schedule-lag and harness-lag records, the
   * completion's hand-back, service and response time records and the acknowledged bitmap.
   */
  @Benchmark
  public int sendOneMessage(Bookkeeping b) throws InterruptedException {
    int n = b.sender.sendBatchAt(1, System.nanoTime());
    b.sender.recordCompleted();
    return n;
  }

  /**
   * A receiver's whole bookkeeping for a batch of messages handed out ready: envelopes, end-to-end
   * records, the delivery bitmap, the acknowledgement call; per message, divide by {@code batch}.
   */
  @Benchmark
  public int receiveABatch(Bookkeeping b) throws InterruptedException {
    return b.receiver.receiveOnce();
  }

  /** A sender and a receiver task around a backend that costs nothing. */
  @State(Scope.Thread)
  public static class Bookkeeping {
    /** Messages per receive. */
    @Param({"1", "100"})
    int batch;

    SenderTask sender;
    ReceiverTask receiver;

    @Setup(Level.Iteration)
    public void setUp() {
      MqSender completesAtOnce =
          new MqSender() {
            @Override
            public void send(List<byte[]> messages) {}

            @Override
            public CompletableFuture<Void> sendAsync(List<byte[]> messages) {
              return CompletableFuture.completedFuture(null);
            }

            @Override
            public void close() {}
          };
      sender =
          new SenderTask(
              0,
              completesAtOnce,
              new MessageBodies(100, 42, 0, 1),
              BatchSizes.fixed(1),
              128,
              LocalCell.SYSTEM_CLOCK);
      sender.runStartsAt(System.nanoTime());
      MessageBodies bodies = new MessageBodies(100, 42, 0, 1);
      AtomicLong sequence = new AtomicLong();
      MqReceiver handsOutReady =
          new MqReceiver() {
            @Override
            public List<Received> receive(int max, Duration wait) {
              List<Received> out = new ArrayList<>(batch);
              for (int i = 0; i < batch; i++) {
                byte[] body = bodies.next(sequence.getAndIncrement(), 0);
                out.add(() -> body);
              }
              return out;
            }

            @Override
            public void ack(List<Received> messages) {}

            @Override
            public void close() {}
          };
      receiver = new ReceiverTask(handsOutReady, 42, 1, batch, Duration.ZERO);
      receiver.runStartsAt(System.nanoTime());
    }
  }

  /** A receiver records a message's end-to-end latency. */
  @Benchmark
  public Histogram recordLatency() {
    latencies.recordValue(Latencies.micros((sequence++ & 0xFFFFF) * 1_000));
    return latencies;
  }

  /** A time stamp: each batch reads the clock at its send call, its return and its completion. */
  @Benchmark
  public long readClock() {
    return System.nanoTime();
  }

  /**
   * A sender of a rate run takes its next batch's intended time from the schedule, already due (the
   * wait itself is the OS's, measured as schedule lag, not here).
   */
  @Benchmark
  public long scheduleNextMessage() throws InterruptedException {
    return schedule.awaitSlot(sequence++);
  }

  /** A sender marks a completed batch's sequence numbers as acknowledged by the backend. */
  @Benchmark
  public SequenceSet markAcknowledged() {
    long first = sequence;
    sequence += 1;
    acknowledged.addRange(first, sequence);
    return acknowledged;
  }

  /**
   * A batch's completion handed from the backend's thread back to the sender, which records it: a
   * queue's add and poll (here on one thread, so without the wake-up a real hand-off may cost).
   */
  @Benchmark
  public Object handBackCompletion() {
    completions.add(sequence++);
    return completions.poll();
  }
}
