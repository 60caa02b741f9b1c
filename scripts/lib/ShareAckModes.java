import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.AcknowledgeType;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaShareConsumer;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Drains a topic's backlog with one KafkaShareConsumer the way ShareConsumerPerformance does (poll
 * for 100 ms, count the records), acknowledging them in one of three ways, so that
 * scripts/compare-kafka-share.sh can tell the cost of explicit acknowledgement from the rest:
 *
 * <ul>
 *   <li>{@code implicit}: the tool's mode; each poll accepts the records of the previous one;
 *   <li>{@code explicit-commit}: the runner's; acknowledge(record, ACCEPT) for every record, then
 *       commitAsync() once per poll's records (the runner's receivers ask for at least a poll's);
 *   <li>{@code explicit-piggyback}: acknowledge(record, ACCEPT) for every record, no commit: the
 *       next poll carries the acknowledgements, as the implicit mode's do.
 * </ul>
 *
 * <p>Run as a single source file on a class path with kafka-clients: {@code java -cp CP
 * ShareAckModes.java MODE BOOTSTRAP TOPIC GROUP COUNT [KEY=VALUE...]}: a key beginning with
 * {@code group.} is set on the share group before the consumer starts (without that prefix), any
 * other is the consumer's. Prints "MODE RATE SECONDS RECORDS": records over the time from
 * before the consumer subscribes to its last record (ShareConsumerPerformance's nMsg.sec), or a
 * rate of nan when fewer than COUNT came before 60 s passed without one.
 */
public final class ShareAckModes {
  private ShareAckModes() {}

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    if (!List.of("implicit", "explicit-commit", "explicit-piggyback").contains(mode)) {
      throw new IllegalArgumentException("mode: implicit, explicit-commit or explicit-piggyback");
    }
    long count = Long.parseLong(args[4]);
    Properties p = new Properties();
    p.put("bootstrap.servers", args[1]);
    p.put("group.id", args[3]);
    p.put("client.id", "share-ack-modes");
    p.put("key.deserializer", ByteArrayDeserializer.class.getName());
    p.put("value.deserializer", ByteArrayDeserializer.class.getName());
    p.put("share.acknowledgement.mode", mode.equals("implicit") ? "implicit" : "explicit");
    List<AlterConfigOp> group = new ArrayList<>();
    for (int i = 5; i < args.length; i++) {
      String[] kv = args[i].split("=", 2);
      if (kv[0].startsWith("group.")) {
        ConfigEntry e = new ConfigEntry(kv[0].substring("group.".length()), kv[1]);
        group.add(new AlterConfigOp(e, AlterConfigOp.OpType.SET));
      } else {
        p.put(kv[0], kv[1]);
      }
    }
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", args[1]))) {
      ConfigResource resource = new ConfigResource(ConfigResource.Type.GROUP, args[3]);
      admin.incrementalAlterConfigs(Map.of(resource, group)).all().get(30, TimeUnit.SECONDS);
    }
    try (KafkaShareConsumer<byte[], byte[]> consumer = new KafkaShareConsumer<>(p)) {
      long start = System.nanoTime();
      long last = start;
      long read = 0;
      consumer.subscribe(List.of(args[2]));
      while (read < count && System.nanoTime() - last < 60_000_000_000L) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        if (records.isEmpty()) {
          continue;
        }
        last = System.nanoTime();
        for (ConsumerRecord<byte[], byte[]> r : records) {
          read++;
          if (!mode.equals("implicit")) {
            consumer.acknowledge(r, AcknowledgeType.ACCEPT);
          }
        }
        if (mode.equals("explicit-commit")) {
          consumer.commitAsync();
        }
      }
      double seconds = (last - start) / 1e9;
      double rate = read >= count ? read / seconds : Double.NaN;
      consumer.commitSync();
      System.out.printf("%s %.1f %.3f %d%n", mode, rate, seconds, read);
    }
  }
}
