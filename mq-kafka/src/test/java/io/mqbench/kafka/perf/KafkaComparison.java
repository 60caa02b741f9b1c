package io.mqbench.kafka.perf;

import io.mqbench.broker.JavaBroker;
import io.mqbench.kafka.KafkaMqProvider;
import io.mqbench.kafka.LocalKafka;
import io.mqbench.mq.Mq;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kafka's own ProducerPerformance and ConsumerPerformance (kafka-tools 4.3.1, in their own JVM on
 * the broker's classpath) against what users run: the mqbench runner's jar, in a send-then-drain
 * run that has the native tools' phase structure (all records are produced, then consumed), their
 * concurrency (by default one sender and one receiver, like one ProducerPerformance and one
 * ConsumerPerformance) and their durability (acks=all, same message size, same partitions). Rounds
 * alternate which side goes first; every round prints its ratios, and the end prints medians. Run
 * by scripts/compare-kafka.sh.
 */
public final class KafkaComparison {
  private KafkaComparison() {}

  /**
   * System properties: {@code tools.jar} (kafka-tools jar, required), {@code runner.jar} (the
   * runner's jar, required), {@code messages} (total, default 1000000), {@code partitions} (8),
   * {@code senders} (1), {@code receivers} (1), {@code batch} (1000), {@code inFlight} (the
   * runner's default when empty), {@code size} (100), {@code nodes} (1), {@code heapMb} (512),
   * {@code rounds} (3).
   *
   * @param args backend keys for the runner, {@code kafka.key=value}
   * @throws Exception if a step fails
   */
  public static void main(String[] args) throws Exception {
    String toolsJar = System.getProperty("tools.jar");
    String runnerJar = System.getProperty("runner.jar", "");
    if (runnerJar.isBlank() || !Files.isRegularFile(Path.of(runnerJar))) {
      throw new IllegalStateException(
          "runner jar '" + runnerJar + "' is missing: ./mvnw -q install -DskipTests first");
    }
    long messages = Long.getLong("messages", 1_000_000);
    int partitions = Integer.getInteger("partitions", 8);
    int senders = Integer.getInteger("senders", 1);
    int receivers = Integer.getInteger("receivers", 1);
    int batch = Integer.getInteger("batch", 1000);
    String inFlight = System.getProperty("inFlight", "");
    int size = Integer.getInteger("size", 100);
    Map<String, String> extra = new HashMap<>();
    for (String a : args) {
      String[] kv = a.split("=", 2);
      extra.put(kv[0], kv[1]);
    }

    try (LocalKafka kafka =
        LocalKafka.start(
            Integer.getInteger("nodes", 1),
            Integer.getInteger("heapMb", 512),
            Duration.ofSeconds(120))) {
      String bootstrap = kafka.bootstrapServers();
      System.out.printf(
          "brokers: %d-node Kafka %s (KRaft) on %s; %d partitions, replication factor %d,"
              + " acks=all, %d-byte messages, %d messages%n",
          kafka.size(), LocalKafka.VERSION, bootstrap, partitions, kafka.size(), size, messages);
      int rounds = Integer.getInteger("rounds", 3);
      double[] nativeSends = new double[rounds];
      double[] nativeReceives = new double[rounds];
      double[] nativeReceivesWithJoin = new double[rounds];
      double[] mqSends = new double[rounds];
      double[] mqReceives = new double[rounds];
      String toolsCp = kafka.brokerClasspath() + java.io.File.pathSeparator + toolsJar;
      for (int round = 0; round < rounds; round++) {
        createTopic(bootstrap, "perf-native-" + round, partitions);
        createTopic(bootstrap, "perf-mqbench-" + round, partitions);
        List<String> runnerCommand =
            new ArrayList<>(
                List.of(
                    JavaBroker.javaBinary(),
                    "-Xmx512m",
                    "-jar",
                    runnerJar,
                    "run",
                    "--queue",
                    "kafka",
                    "--phases",
                    "send-then-drain",
                    "--senders",
                    String.valueOf(senders),
                    "--receivers",
                    String.valueOf(receivers),
                    "--messages",
                    String.valueOf(messages / senders),
                    "--batch",
                    String.valueOf(batch),
                    "--size",
                    String.valueOf(size),
                    "--progress",
                    "never",
                    "-p",
                    "kafka.bootstrapServers=" + bootstrap,
                    "-p",
                    "kafka.acks=all",
                    "-p",
                    "kafka.topic=perf-mqbench-" + round,
                    "-p",
                    "kafka.partitions=" + partitions));
        if (!inFlight.isBlank()) {
          runnerCommand.addAll(List.of("--in-flight", inFlight));
        }
        extra.forEach(
            (k, v) -> {
              runnerCommand.add("-p");
              runnerCommand.add(k + "=" + v);
            });
        double[] mq = new double[2];
        double[] nativeRates = new double[3];
        // Alternate which side goes first, so that neither always meets a fresher machine.
        if (round % 2 == 0) {
          runNative(toolsCp, bootstrap, round, messages, size, nativeRates);
          runRunner(runnerCommand, mq);
        } else {
          runRunner(runnerCommand, mq);
          runNative(toolsCp, bootstrap, round, messages, size, nativeRates);
        }
        nativeSends[round] = nativeRates[0];
        nativeReceivesWithJoin[round] = nativeRates[1];
        nativeReceives[round] = nativeRates[2];
        mqSends[round] = mq[0];
        mqReceives[round] = mq[1];
        System.out.printf(
            "round %d (%s first): send native %.0f runner %.0f = %.2f; drain native %.0f runner"
                + " %.0f = %.2f msgs/s%n",
            round + 1,
            round % 2 == 0 ? "native" : "runner",
            nativeRates[0],
            mq[0],
            mq[0] / nativeRates[0],
            nativeRates[2],
            mq[1],
            mq[1] / nativeRates[2]);
      }
      double nativeSend = median(nativeSends);
      double mqSend = median(mqSends);
      double nativeReceive = median(nativeReceives);
      double mqReceive = median(mqReceives);
      System.out.println();
      System.out.printf(
          "medians of %d rounds; runner: %d sender(s), %d receiver(s), batches of 1..%d,"
              + " in flight %s, send then drain%n",
          rounds, senders, receivers, batch, inFlight.isBlank() ? "(default)" : inFlight);
      System.out.printf(
          "send   ProducerPerformance %,10.0f msgs/s   runner %,10.0f msgs/s   ratio %.2f"
              + "   (per round: %s)%n",
          nativeSend, mqSend, mqSend / nativeSend, ratios(mqSends, nativeSends));
      System.out.printf(
          "drain  ConsumerPerformance %,10.0f msgs/s   runner %,10.0f msgs/s   ratio %.2f"
              + "   (per round: %s; native incl. group join: %,.0f msgs/s)%n",
          nativeReceive,
          mqReceive,
          mqReceive / nativeReceive,
          ratios(mqReceives, nativeReceives),
          median(nativeReceivesWithJoin));
    }
  }

  private static String ratios(double[] a, double[] b) {
    List<String> r = new ArrayList<>();
    for (int i = 0; i < a.length; i++) {
      r.add(String.format(java.util.Locale.ROOT, "%.2f", a[i] / b[i]));
    }
    return String.join(" ", r);
  }

  /** ProducerPerformance, then ConsumerPerformance: rates {send, receive incl. join, fetch}. */
  private static void runNative(
      String toolsCp, String bootstrap, int round, long messages, int size, double[] rates)
      throws IOException, InterruptedException {
    String producerOut =
        run(
            kafkaTool(
                toolsCp,
                "ProducerPerformance",
                "--topic",
                "perf-native-" + round,
                "--num-records",
                String.valueOf(messages),
                "--record-size",
                String.valueOf(size),
                "--throughput",
                "-1",
                "--producer-props",
                "bootstrap.servers=" + bootstrap,
                "acks=all"));
    rates[0] = number(producerOut, "records sent, ([0-9.]+) records/sec", "ProducerPerformance");
    String consumerOut =
        run(
            kafkaTool(
                toolsCp,
                "ConsumerPerformance",
                "--bootstrap-server",
                bootstrap,
                "--topic",
                "perf-native-" + round,
                "--messages",
                String.valueOf(messages),
                "--group",
                "perf-native-group-" + round,
                "--timeout",
                "60000"));
    double[] consumer = consumerRates(consumerOut);
    rates[1] = consumer[0];
    rates[2] = consumer[1];
  }

  /** The runner's jar in a JVM of its own: rates {send, drain}. */
  private static void runRunner(List<String> command, double[] rates)
      throws IOException, InterruptedException {
    Path out = Files.createTempDirectory("mqbench-compare-");
    List<String> cmd = new ArrayList<>(command);
    cmd.addAll(List.of("--out", out.toString()));
    System.out.println("$ " + String.join(" ", cmd));
    try {
      run(cmd);
      double[] r = runnerRates(out);
      rates[0] = r[0];
      rates[1] = r[1];
    } finally {
      try (var paths = Files.walk(out)) {
        for (Path f : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    java.util.Arrays.sort(v);
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }

  private static void createTopic(String bootstrap, String topic, int partitions) {
    KafkaMqProvider p = new KafkaMqProvider();
    try (Mq mq =
        p.open(
            p.configure(
                Map.of(
                    "kafka.bootstrapServers",
                    bootstrap,
                    "kafka.topic",
                    topic,
                    "kafka.partitions",
                    String.valueOf(partitions))))) {
      System.out.println(mq.versions().get("topic"));
    }
  }

  private static String run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    StringBuilder out = new StringBuilder();
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        System.out.println("  | " + line);
        out.append(line).append('\n');
      }
    }
    int status = p.waitFor();
    if (status != 0) {
      throw new IllegalStateException(command.get(3) + " exited with status " + status);
    }
    return out.toString();
  }

  private static double number(String text, String regex, String what) {
    Matcher m = Pattern.compile(regex).matcher(text);
    double last = Double.NaN;
    while (m.find()) {
      last = Double.parseDouble(m.group(1));
    }
    if (Double.isNaN(last)) {
      throw new IllegalStateException("no result in the output of " + what);
    }
    return last;
  }

  /** nMsg.sec (whole run, including the group join) and fetch.nMsg.sec (fetching only). */
  private static double[] consumerRates(String out) {
    String[] lines = out.strip().split("\n");
    String[] header = null;
    for (String line : lines) {
      if (line.startsWith("start.time")) {
        header = line.split(",\\s*");
      } else if (header != null && line.split(",\\s*").length == header.length) {
        String[] values = line.split(",\\s*");
        double all = Double.NaN;
        double fetch = Double.NaN;
        for (int i = 0; i < header.length; i++) {
          if (header[i].trim().equals("nMsg.sec")) {
            all = Double.parseDouble(values[i].trim());
          } else if (header[i].trim().equals("fetch.nMsg.sec")) {
            fetch = Double.parseDouble(values[i].trim());
          }
        }
        return new double[] {all, fetch};
      }
    }
    throw new IllegalStateException("no result in the output of ConsumerPerformance");
  }

  private static double[] runnerRates(Path out) throws IOException {
    try (var files = Files.walk(out)) {
      Path csv =
          files
              .filter(f -> f.getFileName().toString().equals("summary.csv"))
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("no summary.csv under " + out));
      List<String> lines = Files.readAllLines(csv);
      List<String> header = List.of(lines.get(0).split(","));
      String[] row = lines.get(1).split(",");
      return new double[] {
        Double.parseDouble(row[header.indexOf("sent_msgs_per_s")]),
        Double.parseDouble(row[header.indexOf("received_msgs_per_s")])
      };
    }
  }

  /** A command line running one of Kafka's own tools in a JVM of its own. */
  private static List<String> kafkaTool(String toolsCp, String tool, String... args) {
    List<String> command = new java.util.ArrayList<>();
    command.addAll(
        List.of(
            JavaBroker.javaBinary(),
            "-Xmx512m",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-cp",
            toolsCp,
            "org.apache.kafka.tools." + tool));
    command.addAll(List.of(args));
    return command;
  }
}
