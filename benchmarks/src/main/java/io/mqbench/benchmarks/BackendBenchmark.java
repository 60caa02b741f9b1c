package io.mqbench.benchmarks;

import io.mqbench.broker.BrokerResolution;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.local.BatchSizes;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.local.ReceiverTask;
import io.mqbench.engine.local.SenderTask;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/**
 * Each backend with a local broker, through the runner's own sender and receiver code: {@code send}
 * alone (closed loop; threads with {@code -t}; by default one batch in flight per thread, a
 * synchronous send, or the runner's pipelining with {@code -p inFlight=N}), and {@code pipeline},
 * senders and receivers at once in a steady state ({@code -tg senders,receivers}).
 *
 * <p>HOW TO RUN: {@code ./mvnw -q -B package -DskipTests} once, then for instance {@code java -jar
 * benchmarks/target/benchmarks.jar Backend -p queue=kafka -p batch=100 -p sizeBytes=100 -wi 2 -i 3
 * -rf json -rff jmh.json}; {@code java -jar runner/target/mqbench.jar jmh jmh.json} turns the JSON
 * into the runner's summary.csv/summary.xlsx columns. The figures to read are the auxiliary
 * counters {@code sentMessages} and {@code receivedMessages} (messages per second); the primary
 * score counts calls.
 *
 * <p>The broker is found as the runner finds it ({@code BrokerResolution}: an address given as a
 * system property such as {@code -jvmArgsAppend -Dkafka.bootstrapServers=host:9092}, else a compose
 * cluster answering on its port, else a local broker in its own process); a local broker starts
 * once per trial, before the measured code, and stops after it. What a trial sent and nobody
 * received is drained after the trial (outside the measurement), so a shared broker is left as
 * found.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class BackendBenchmark {
  /** The most senders a trial may run ({@code -t} or the first number of {@code -tg}). */
  static final int MAX_SENDERS = 64;

  /** Messages the senders of {@code pipeline} may be ahead of its receivers. */
  static final int WINDOW = 10_000;

  /** One receive waits at most this long, so that an iteration ends promptly. */
  static final Duration RECEIVE_WAIT = Duration.ofMillis(200);

  /** The backend, opened once per trial. */
  @State(Scope.Benchmark)
  public static class Backend {
    @Param({
      "kafka",
      "kafka-share",
      "rabbitmq",
      "rabbitmq-stream",
      "artemis",
      "mongo",
      "sqs",
      "redis",
      "nats",
      "postgres"
    })
    String queue;

    @Param({"1", "10", "100"})
    int batch;

    @Param({"100", "1024"})
    int sizeBytes;

    /**
     * Batches each sender may have in flight, as the runner's {@code --in-flight}: 1 is a closed
     * loop of synchronous batches; more pipelines them, as a run does by default.
     */
    @Param({"1"})
    int inFlight;

    final int runId = new SplittableRandom().nextInt();
    final AtomicInteger nextSenderId = new AtomicInteger();
    Mq mq;
    Optional<LocalBroker> local = Optional.empty();
    final AtomicLong sent = new AtomicLong();
    final AtomicLong received = new AtomicLong();

    @Setup(Level.Trial)
    public void open() throws InterruptedException {
      MqProvider provider = MqProviders.load().find(queue);
      MqConfig config = provider.configure(propertiesOf(queue));
      BrokerResolution.Resolved resolved = BrokerResolution.resolve(provider, config);
      resolved.notices().forEach(System.out::println);
      local = resolved.localBroker();
      MqConfig effective = local.isPresent() ? local.get().start(config) : resolved.config();
      local.ifPresent(b -> System.out.println("# broker: " + b.description()));
      mq = provider.open(effective);
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
      try {
        drain();
      } finally {
        mq.close();
        local.ifPresent(LocalBroker::close);
      }
    }

    /**
     * After each iteration of {@code send}, which nobody receives: the backlog is drained outside
     * the measurement, so that every iteration starts from an empty queue and no broker's limit
     * (memory alarm, maximum depth) is reached by the accumulated backlog of a whole trial. Not for
     * {@code pipeline}: its receivers keep the backlog bounded, and its window counts what they
     * received.
     */
    @TearDown(Level.Iteration)
    public void drainAfterSendAlone() throws InterruptedException {
      if (sent.get() == 0) {
        drain();
      }
    }

    /** Receives and acknowledges whatever is left, for at most a minute. */
    private void drain() throws InterruptedException {
      long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      try (MqReceiver receiver = mq.createReceiver()) {
        while (System.nanoTime() < end) {
          List<Received> got = receiver.receive(Math.max(batch, 100), Duration.ofSeconds(2));
          if (got.isEmpty()) {
            return;
          }
          receiver.ack(got);
        }
      }
    }
  }

  /** The backend's keys given as system properties, such as {@code -Dkafka.acks=1}. */
  static Map<String, String> propertiesOf(String queue) {
    Map<String, String> raw = new HashMap<>();
    if (queue.equals("memory")) {
      // One iteration of send may exceed the in-memory queue's default depth before the drain.
      raw.put("memory.maxDepth", "100000000");
    }
    System.getProperties()
        .forEach(
            (k, v) -> {
              if (k.toString().startsWith(queue + ".")) {
                raw.put(k.toString(), v.toString());
              }
            });
    return raw;
  }

  /** One sending thread: its own sender and the runner's sender task, one batch in flight. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Sending {
    /** Messages sent, reported per second. */
    public long sentMessages;

    MqSender sender;
    SenderTask task;

    @Setup(Level.Trial)
    public void open(Backend b) {
      int id = b.nextSenderId.getAndIncrement();
      if (id >= MAX_SENDERS) {
        throw new IllegalStateException("at most " + MAX_SENDERS + " sender threads");
      }
      sender = b.mq.createSender();
      task =
          new SenderTask(
              id,
              sender,
              new MessageBodies(b.sizeBytes, b.runId, id, id),
              BatchSizes.fixed(b.batch),
              b.inFlight,
              LocalCell.SYSTEM_CLOCK);
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
      try {
        task.awaitAllCompleted();
      } finally {
        sender.close();
      }
    }
  }

  /** One receiving thread: its own receiver and the runner's receiver task. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Receiving {
    /** Messages of this trial received and acknowledged, reported per second. */
    public long receivedMessages;

    MqReceiver receiver;
    ReceiverTask task;

    @Setup(Level.Trial)
    public void open(Backend b) {
      receiver = b.mq.createReceiver();
      task = new ReceiverTask(receiver, b.runId, MAX_SENDERS, Math.max(b.batch, 100), RECEIVE_WAIT);
    }

    @TearDown(Level.Trial)
    public void close() {
      receiver.close();
    }
  }

  /**
   * Sending alone: what the broker accepts from {@code -t} closed-loop senders.
   *
   * @return messages issued, consumed by JMH
   */
  @Benchmark
  public int send(Sending s) throws InterruptedException {
    int n = s.task.sendBatch(Long.MAX_VALUE);
    s.sentMessages += n;
    return n;
  }

  /**
   * The sending side of the steady state: waits while it is more than {@link #WINDOW} messages
   * ahead of the receivers, so that the backlog stays bounded and both sides move at the rate the
   * broker sustains.
   *
   * @return messages issued, consumed by JMH
   */
  @Benchmark
  @Group("pipeline")
  @GroupThreads(1)
  public int pipelineSend(Backend b, Sending s, Control control) throws InterruptedException {
    while (b.sent.get() - b.received.get() > WINDOW) {
      if (control.stopMeasurement) {
        return 0;
      }
      Thread.onSpinWait();
    }
    int n = s.task.sendBatch(Long.MAX_VALUE);
    s.sentMessages += n;
    b.sent.addAndGet(n);
    return n;
  }

  /**
   * The receiving side of the steady state: one receive, its accounting and its acknowledgement.
   *
   * @return messages of this trial received, consumed by JMH
   */
  @Benchmark
  @Group("pipeline")
  @GroupThreads(1)
  public int pipelineReceive(Backend b, Receiving r) throws InterruptedException {
    int n = r.task.receiveOnce();
    r.receivedMessages += n;
    b.received.addAndGet(n);
    return n;
  }
}
