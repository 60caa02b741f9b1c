package io.mqbench.history;

import io.mqbench.store.StoredRun;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Synthetic stored runs: batches of repetitions of one workload, one after the other. */
final class Runs {
  static final String SENT = "sent_msgs_per_s";
  static final String RECEIVED = "received_msgs_per_s";
  static final String E2E_P99 = "e2e_p99_ms";
  static final StoredRun.Host HOST_A =
      new StoredRun.Host("bench-a", "AMD EPYC 7543", 8, 32L << 30, "6.8.0", "nvme0n1 ssd");
  static final StoredRun.Host HOST_B =
      new StoredRun.Host("bench-b", "Intel Xeon 8375C", 16, 64L << 30, "6.8.0", "sda ssd");

  private final List<StoredRun> runs = new ArrayList<>();
  private final Random random;
  private Instant clock = Instant.parse("2026-01-05T09:00:00Z");
  private int batches;
  private String queue = "kafka";
  private String hostId = "a1b2c3d4e5f6";
  private StoredRun.Host host = HOST_A;
  private String mqbench = "0.9.0";
  private String broker = "3.7.0";
  private String status = "ok";

  Runs(long seed) {
    random = new Random(seed);
  }

  Runs queue(String q) {
    queue = q;
    return this;
  }

  Runs host(String id, StoredRun.Host h) {
    hostId = id;
    host = h;
    return this;
  }

  Runs mqbench(String version) {
    mqbench = version;
    return this;
  }

  Runs broker(String version) {
    broker = version;
    return this;
  }

  Runs status(String s) {
    status = s;
    return this;
  }

  /**
   * Adds batches of runs whose sent msgs/s is normal around the given mean with a spread of 2 %;
   * received follows it and end-to-end p99 is inversely proportional.
   */
  Runs batches(int count, int runsEach, double sentMean) {
    for (int b = 0; b < count; b++) {
      batches++;
      StoredRun.Batch batch =
          new StoredRun.Batch("b" + String.format("%03d", batches) + "-x", "run", queue);
      for (int r = 0; r < runsEach; r++) {
        double sent = sentMean * (1 + 0.02 * random.nextGaussian());
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put(SENT, sent);
        figures.put(RECEIVED, sent * (1 + 0.005 * random.nextGaussian()));
        figures.put(E2E_P99, 12_000_000 / sent * (1 + 0.03 * random.nextGaussian()));
        runs.add(run(batch, figures));
        clock = clock.plus(Duration.ofMinutes(3));
      }
      clock = clock.plus(Duration.ofHours(20));
    }
    return this;
  }

  private StoredRun run(StoredRun.Batch batch, Map<String, Double> figures) {
    return new StoredRun(
        batch.id() + "-" + (runs.size() + 1),
        batch,
        clock,
        queue,
        "w0rk10ad",
        "mode=throughput senders=1 receivers=1 batch=100 message_size_bytes=1024",
        hostId,
        host,
        mqbench,
        "c0ffee" + mqbench.replace(".", "") + "0123456789",
        Map.of("kafka-clients", broker, "broker", broker),
        "3 nodes",
        "replicated, fsync",
        status,
        Map.of("acks", "all"),
        figures);
  }

  List<StoredRun> list() {
    return List.copyOf(runs);
  }
}
