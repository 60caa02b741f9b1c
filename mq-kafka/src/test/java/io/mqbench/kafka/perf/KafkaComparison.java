package io.mqbench.kafka.perf;

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
 * One local broker, three clients at equal durability (acks=all, 100-byte messages, same number of
 * partitions): Kafka's own ProducerPerformance and ConsumerPerformance (kafka-tools 4.3.1, in their
 * own JVM on the broker's classpath), then mqbench's Kafka backend, either in a fresh JVM per round
 * ({@link MqbenchThroughput}) or through the runner's jar when {@code -Drunner.jar} names it.
 * Prints msgs/s of each and the ratios. Run by scripts/compare-kafka.sh.
 */
public final class KafkaComparison {
  private KafkaComparison() {}

  /**
   * System properties: {@code tools.jar} (kafka-tools jar, required), {@code messages} (total,
   * default 1000000), {@code partitions} (8), {@code senders} (4), {@code receivers} (4), {@code
   * batch} (1000), {@code size} (100), {@code heapMb} (512), {@code runner.jar} (optional), {@code
   * sequential} (false: receivers run while senders send, as in the runner).
   *
   * @param args unused
   * @throws Exception if a step fails
   */
  public static void main(String[] args) throws Exception {
    String toolsJar = System.getProperty("tools.jar");
    long messages = Long.getLong("messages", 1_000_000);
    int partitions = Integer.getInteger("partitions", 8);
    int senders = Integer.getInteger("senders", 4);
    int receivers = Integer.getInteger("receivers", 4);
    int batch = Integer.getInteger("batch", 1000);
    int size = Integer.getInteger("size", 100);
    String runnerJar = System.getProperty("runner.jar");
    boolean sequential = Boolean.getBoolean("sequential");
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
      String how =
          runnerJar != null && !runnerJar.isBlank()
              ? "runner (" + runnerJar + ")"
              : "MqbenchThroughput in its own JVM ("
                  + (sequential
                      ? "send phase, then receive phase"
                      : "senders and receivers together")
                  + ")";
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
        double nativeSend1 =
            number(producerOut, "records sent, ([0-9.]+) records/sec", "ProducerPerformance");
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
        double[] nativeReceive1 = consumerRates(consumerOut);

        double mqSend1;
        double mqReceive1;
        if (runnerJar != null && !runnerJar.isBlank()) {
          Path out = Files.createTempDirectory("mqbench-compare-");
          List<String> cmd =
              new ArrayList<>(
                  List.of(
                      javaBinary(),
                      "-jar",
                      runnerJar,
                      "run",
                      "--queue",
                      "kafka",
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
                      "--out",
                      out.toString(),
                      "-p",
                      "kafka.bootstrapServers=" + bootstrap,
                      "-p",
                      "kafka.acks=all",
                      "-p",
                      "kafka.topic=perf-mqbench-" + round,
                      "-p",
                      "kafka.partitions=" + partitions));
          extra.forEach(
              (k, v) -> {
                cmd.add("-p");
                cmd.add(k + "=" + v);
              });
          System.out.println("$ " + String.join(" ", cmd));
          run(cmd);
          double[] rates;
          try {
            rates = runnerRates(out);
          } finally {
            try (var paths = Files.walk(out)) {
              for (Path f : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
              }
            }
          }
          mqSend1 = rates[0];
          mqReceive1 = rates[1];

        } else {
          extra.put("kafka.partitions", String.valueOf(partitions));

          // A fresh JVM per round, like the native tools: neither side runs JIT-warm.
          List<String> cmd =
              new ArrayList<>(
                  List.of(
                      javaBinary(),
                      "-Xmx512m",
                      "-Dsequential=" + sequential,
                      "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                      "-cp",
                      System.getProperty("java.class.path"),
                      MqbenchThroughput.class.getName(),
                      bootstrap,
                      "perf-mqbench-" + round,
                      String.valueOf(senders),
                      String.valueOf(receivers),
                      String.valueOf(messages / senders),
                      String.valueOf(batch),
                      String.valueOf(size)));
          extra.forEach((k, v) -> cmd.add(k + "=" + v));
          String out = run(cmd);
          mqSend1 = number(out, "sent_msgs_per_s=([0-9.]+)", "MqbenchThroughput");
          mqReceive1 = number(out, "received_msgs_per_s=([0-9.]+)", "MqbenchThroughput");
        }

        nativeSends[round] = nativeSend1;
        nativeReceives[round] = nativeReceive1[1];
        nativeReceivesWithJoin[round] = nativeReceive1[0];
        mqSends[round] = mqSend1;
        mqReceives[round] = mqReceive1;
        System.out.printf(
            "round %d: send native %.0f mqbench %.0f; receive native %.0f mqbench %.0f msgs/s%n",
            round + 1, nativeSend1, mqSend1, nativeReceive1[1], mqReceive1);
      }
      double nativeSend = median(nativeSends);
      double mqSend = median(mqSends);
      double[] nativeReceive = {median(nativeReceivesWithJoin), median(nativeReceives)};
      double mqReceive = median(mqReceives);
      System.out.println();
      System.out.printf(
          "medians of %d rounds; mqbench: %s, %d senders, %d receivers, batches of 1..%d%n",
          rounds, how, senders, receivers, batch);
      System.out.printf(
          "send    native ProducerPerformance %,10.0f msgs/s   mqbench %,10.0f msgs/s   ratio %.2f%n",
          nativeSend, mqSend, mqSend / nativeSend);
      System.out.printf(
          "receive native ConsumerPerformance %,10.0f msgs/s   mqbench %,10.0f msgs/s   ratio %.2f"
              + "   (native incl. group join: %,.0f msgs/s)%n",
          nativeReceive[1], mqReceive, mqReceive / nativeReceive[1], nativeReceive[0]);
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
            javaBinary(),
            "-Xmx512m",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
            "-cp",
            toolsCp,
            "org.apache.kafka.tools." + tool));
    command.addAll(List.of(args));
    return command;
  }

  private static String javaBinary() {
    return ProcessHandle.current().info().command().orElse("java");
  }
}
