package io.mqbench.rabbitmq;

import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in for the runner's throughput mode, used by {@code scripts/compare-rabbitmq.sh} when
 * {@code runner/target/mqbench.jar} is not built: the mqperf method with this backend only. Each
 * sender thread sends {@code messages} messages in batches of random size 1..{@code batch}; each
 * receiver thread receives up to {@code batch} at a time and acknowledges each batch, until every
 * message arrived or nothing came for 10 s.
 *
 * <pre>
 * RabbitMqThroughput run URI QUEUE SENDERS RECEIVERS MESSAGES BATCH SIZE [key=value...]
 * RabbitMqThroughput delete-queue URI QUEUE
 * </pre>
 *
 * Prints one line: {@code sent_msgs_per_s=... received_msgs_per_s=... sent=... received=...}.
 */
public final class RabbitMqThroughput {
  private RabbitMqThroughput() {}

  /**
   * @param args see the class comment
   * @throws Exception if the run fails
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("delete-queue")) {
      QueueDeletingMq.deleteQueue(args[1], args[2]);
      return;
    }
    if (args.length < 8 || !args[0].equals("run")) {
      System.err.println(
          "usage: run URI QUEUE SENDERS RECEIVERS MESSAGES BATCH SIZE [key=value...] |"
              + " delete-queue URI QUEUE");
      System.exit(2);
    }
    String uri = args[1];
    String queue = args[2];
    int senders = Integer.parseInt(args[3]);
    int receivers = Integer.parseInt(args[4]);
    long perSender = Long.parseLong(args[5]);
    int batch = Integer.parseInt(args[6]);
    int size = Integer.parseInt(args[7]);
    Map<String, String> raw = new LinkedHashMap<>();
    raw.put("rabbitmq.uri", uri);
    raw.put("rabbitmq.queue", queue);
    for (int i = 8; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      raw.put(kv[0], kv[1]);
    }
    RabbitMqProvider provider = new RabbitMqProvider();
    long total = senders * perSender;
    AtomicLong received = new AtomicLong();
    AtomicLong lastReceiveNanos = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(senders + receivers);
    try (Mq mq = provider.open(provider.configure(raw))) {
      List<MqSender> senderList = new ArrayList<>();
      List<MqReceiver> receiverList = new ArrayList<>();
      for (int i = 0; i < senders; i++) {
        senderList.add(mq.createSender());
      }
      for (int i = 0; i < receivers; i++) {
        receiverList.add(mq.createReceiver());
      }
      long start = System.nanoTime();
      List<Future<Long>> receiving = new ArrayList<>();
      for (MqReceiver r : receiverList) {
        receiving.add(
            pool.submit(
                () -> {
                  long idleSince = System.nanoTime();
                  while (received.get() < total
                      && System.nanoTime() - idleSince < Duration.ofSeconds(10).toNanos()) {
                    List<Received> got = r.receive(batch, Duration.ofMillis(200));
                    if (!got.isEmpty()) {
                      r.ack(got);
                      received.addAndGet(got.size());
                      lastReceiveNanos.accumulateAndGet(System.nanoTime(), Math::max);
                      idleSince = System.nanoTime();
                    }
                  }
                  return 0L;
                }));
      }
      List<Future<Long>> sending = new ArrayList<>();
      for (int s = 0; s < senders; s++) {
        int id = s;
        MqSender sender = senderList.get(s);
        sending.add(
            pool.submit(
                () -> {
                  MessageBodies bodies = new MessageBodies(size, 1, id, id);
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
                  return System.nanoTime();
                }));
      }
      long lastSent = start;
      for (Future<Long> f : sending) {
        lastSent = Math.max(lastSent, f.get());
      }
      for (Future<Long> f : receiving) {
        f.get();
      }
      double sendSeconds = (lastSent - start) / 1e9;
      double receiveSeconds = (lastReceiveNanos.get() - start) / 1e9;
      System.out.printf(
          "sent_msgs_per_s=%.0f received_msgs_per_s=%.0f sent=%d received=%d%n",
          total / sendSeconds, received.get() / receiveSeconds, total, received.get());
      senderList.forEach(MqSender::close);
      receiverList.forEach(MqReceiver::close);
    } finally {
      pool.shutdownNow();
    }
  }
}
