package io.mqbench.benchmarks;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import java.util.concurrent.TimeUnit;
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
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * The runner's per-message work, part by part: what a sender does to make a message (envelope and
 * padding), what a receiver does with one (read the envelope, mark its sequence number in the
 * delivery bitmap, record its end-to-end latency). Each is far cheaper than any broker's
 * per-message cost; {@link HarnessOverheadBenchmark} measures them together.
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
  private Roaring64NavigableMap seen;
  private Histogram latencies;

  @Setup(Level.Iteration)
  public void setUp() {
    bodies = new MessageBodies(sizeBytes, 42, 0, 1);
    body = bodies.next(0, System.nanoTime());
    seen = new Roaring64NavigableMap();
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
  public Roaring64NavigableMap markDelivered() {
    seen.addLong(sequence++);
    return seen;
  }

  /** A receiver records a message's end-to-end latency. */
  @Benchmark
  public Histogram recordLatency() {
    latencies.recordValue(Latencies.micros((sequence++ & 0xFFFFF) * 1_000));
    return latencies;
  }
}
