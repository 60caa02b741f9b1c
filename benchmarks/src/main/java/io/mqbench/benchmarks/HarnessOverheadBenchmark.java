package io.mqbench.benchmarks;

import io.mqbench.engine.local.BatchSizes;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.local.ReceiverTask;
import io.mqbench.engine.local.SenderTask;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * How many messages per second the runner's own path can move when the queue costs nothing: one
 * sender thread and one receiver thread drive the in-memory backend through exactly the code a run
 * uses ({@link SenderTask#sendBatch}: envelope, padding, send, latency and acknowledgement
 * bookkeeping; {@link ReceiverTask#receiveOnce}: receive, envelope, end-to-end latency, delivery
 * bitmap, ack). Any broker measured by mqbench is measured below this ceiling.
 *
 * <p>HOW TO RUN: {@code ./mvnw -q -B package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar HarnessOverhead -p batch=100 -p sizeBytes=100}. {@code
 * sentMessages} and {@code receivedMessages} (auxiliary counters) are messages sent and received
 * per second; the primary score counts calls. The sender keeps at most {@link #WINDOW} messages in
 * flight, so the two agree and the queue never grows without bound.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class HarnessOverheadBenchmark {
  static final int WINDOW = 20_000;

  private static final int RUN_ID = 0x5eed;

  /** The queue both threads share, and their tasks so the sender can see the receiver's count. */
  @State(Scope.Group)
  public static class Pipeline {
    /** Messages per send, and the most per receive. */
    @Param({"1", "10", "100"})
    int batch;

    @Param({"100", "1024"})
    int sizeBytes;

    Mq mq;
    volatile SenderTask sender;
    volatile ReceiverTask receiver;

    @Setup(Level.Trial)
    public void open() {
      MemoryMqProvider provider = new MemoryMqProvider();
      mq = provider.open(provider.configure(Map.of("memory.maxDepth", "10000000")));
    }

    @TearDown(Level.Trial)
    public void close() {
      mq.close();
    }
  }

  /** The sending thread's task; {@code sentMessages} is reported per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Sending {
    /** Messages sent and acknowledged (reported by JMH as a rate). */
    public long sentMessages;

    private MqSender sender;
    private SenderTask task;

    @Setup(Level.Trial)
    public void setUp(Pipeline p) {
      sender = p.mq.createSender();
      task =
          new SenderTask(
              0,
              sender,
              new MessageBodies(p.sizeBytes, RUN_ID, 0, 1),
              BatchSizes.fixed(p.batch),
              1,
              LocalCell.SYSTEM_CLOCK);
      p.sender = task;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      sender.close();
    }
  }

  /** The receiving thread's task; {@code receivedMessages} is reported per second. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Receiving {
    /** Messages received and acknowledged (reported by JMH as a rate). */
    public long receivedMessages;

    private MqReceiver receiver;
    private ReceiverTask task;

    @Setup(Level.Trial)
    public void setUp(Pipeline p) {
      receiver = p.mq.createReceiver();
      task = new ReceiverTask(receiver, RUN_ID, 1, p.batch, Duration.ofMillis(1));
      p.receiver = task;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
      receiver.close();
    }
  }

  @Benchmark
  @Group("harness")
  @GroupThreads(1)
  public int send(Pipeline p, Sending s, Control control) throws InterruptedException {
    ReceiverTask r = p.receiver;
    while (r != null && s.task.sentCount() - r.receivedCount() > WINDOW) {
      if (control.stopMeasurement) {
        return 0;
      }
      Thread.onSpinWait();
    }
    int n = s.task.sendBatch(p.batch);
    s.sentMessages += n;
    return n;
  }

  @Benchmark
  @Group("harness")
  @GroupThreads(1)
  public int receive(Receiving r) throws InterruptedException {
    int n = r.task.receiveOnce();
    r.receivedMessages += n;
    return n;
  }
}
