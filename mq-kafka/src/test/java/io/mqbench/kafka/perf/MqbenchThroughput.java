package io.mqbench.kafka.perf;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.kafka.KafkaMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * mqbench's side of the comparison when the runner is not used: the runner's throughput mode in
 * miniature. Each sender thread sends {@code messages} enveloped bodies in batches of random size
 * 1..B through the Kafka backend; receivers receive up to B and acknowledge. Send rate: messages /
 * time until the last sender finished; receive rate: messages / time from the first to the last
 * message received.
 */
public final class MqbenchThroughput {
  private MqbenchThroughput() {}

  /** Rates of one run. */
  public record Result(long sent, double sentPerSecond, long received, double receivedPerSecond) {}

  /**
   * @param args bootstrap topic senders receivers messagesPerSender batch size [key=value...]
   * @throws Exception if the run fails
   */
  public static void main(String[] args) throws Exception {
    Map<String, String> extra = new java.util.HashMap<>();
    for (int i = 7; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      extra.put(kv[0], kv[1]);
    }
    Result r =
        run(
            args[0],
            args[1],
            Integer.parseInt(args[2]),
            Integer.parseInt(args[3]),
            Integer.parseInt(args[4]),
            Integer.parseInt(args[5]),
            Integer.parseInt(args[6]),
            Boolean.getBoolean("sequential"),
            extra);
    System.out.printf(
        "mqbench sent=%d sent_msgs_per_s=%.0f received=%d received_msgs_per_s=%.0f%n",
        r.sent(), r.sentPerSecond(), r.received(), r.receivedPerSecond());
  }

  /** Runs senders and receivers concurrently against an existing topic configuration. */
  public static Result run(
      String bootstrap,
      String topic,
      int senders,
      int receivers,
      int perSender,
      int batch,
      int size,
      boolean sequential,
      Map<String, String> extra)
      throws Exception {
    KafkaMqProvider provider = new KafkaMqProvider();
    Map<String, String> raw = new java.util.HashMap<>(extra);
    raw.put("kafka.bootstrapServers", bootstrap);
    raw.put("kafka.topic", topic);
    long total = (long) senders * perSender;
    AtomicLong received = new AtomicLong();
    java.util.concurrent.atomic.AtomicBoolean stop =
        new java.util.concurrent.atomic.AtomicBoolean();
    AtomicLong firstReceive = new AtomicLong(Long.MAX_VALUE);
    AtomicLong lastReceive = new AtomicLong();
    ExecutorService pool = Executors.newCachedThreadPool();
    try (Mq mq = provider.open(provider.configure(raw))) {
      List<MqSender> senderList = new ArrayList<>();
      for (int i = 0; i < senders; i++) {
        senderList.add(mq.createSender());
      }
      List<MqReceiver> receiverList = new ArrayList<>();
      for (int i = 0; i < receivers; i++) {
        receiverList.add(mq.createReceiver());
      }
      List<Future<?>> receiving = new ArrayList<>();
      Runnable startReceivers =
          () -> {
            for (MqReceiver r : receiverList) {
              receiving.add(
                  pool.submit(
                      () -> {
                        try (r) {
                          while (!stop.get() && received.get() < total) {
                            List<Received> got = r.receive(batch, Duration.ofMillis(200));
                            if (!got.isEmpty()) {
                              long now = System.nanoTime();
                              firstReceive.accumulateAndGet(now, Math::min);
                              lastReceive.accumulateAndGet(now, Math::max);
                              received.addAndGet(got.size());
                              r.ack(got);
                            }
                          }
                        }
                        return null;
                      }));
            }
          };
      if (!sequential) {
        startReceivers.run();
      }
      long start = System.nanoTime();
      List<Future<?>> sending = new ArrayList<>();
      for (int s = 0; s < senders; s++) {
        int id = s;
        MqSender sender = senderList.get(s);
        sending.add(
            pool.submit(
                () -> {
                  try (sender) {
                    MessageBodies bodies = new MessageBodies(size, 7, id, 0);
                    SplittableRandom random = new SplittableRandom(id);
                    long seq = 0;
                    while (seq < perSender) {
                      int n = (int) Math.min(perSender - seq, 1 + random.nextInt(batch));
                      List<byte[]> b = new ArrayList<>(n);
                      for (int i = 0; i < n; i++) {
                        b.add(bodies.next(seq++, System.nanoTime()));
                      }
                      sender.send(b);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : sending) {
        f.get();
      }
      long sendNanos = System.nanoTime() - start;
      if (sequential) {
        startReceivers.run();
      }
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (received.get() < total && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      long got = received.get();
      stop.set(true);
      for (Future<?> f : receiving) {
        f.get();
      }
      double recvSeconds = (lastReceive.get() - firstReceive.get()) / 1e9;
      return new Result(total, total / (sendNanos / 1e9), got, got / recvSeconds);
    } finally {
      pool.shutdownNow();
    }
  }
}
