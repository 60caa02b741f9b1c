package io.mqbench.runner.cli;

import io.mqbench.engine.RunSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of {@code mqbench run}, as parsed: plain fields that picocli fills, with no
 * behaviour. {@link RunPlanner} turns them (once per matrix cell) into run plans.
 */
final class RunOptions {
  // Options whose default depends on the mode show no default, but one given by -D, MQBENCH_ or the
  // scenario is what the run uses: it is shown, between these marks (RunHelpSections.showGiven).
  static final String GIVEN_OPEN = "<<given:";
  static final String GIVEN_CLOSE = ">>";

  @Option(
      names = {"-q", "--queue"},
      paramLabel = "NAME",
      defaultValue = "memory",
      description = "Backend to measure (see `mqbench queues`). Default: ${DEFAULT-VALUE}.")
  String queue;

  @Option(
      names = {"--mode"},
      paramLabel = "MODE",
      defaultValue = "throughput",
      description = {
        "throughput (closed loop: each sender sends as fast as acknowledgements come back), rate"
            + " (open loop at --rate, latency from the scheduled time) or sweep (rate mode at a"
            + " series of rates; with --slo, the highest that meets it). Default: ${DEFAULT-VALUE}.",
        "rate: messages are issued on a fixed schedule and latency is measured from the scheduled"
            + " time (coordinated omission corrected). sweep: rate mode at --sweep-rates, or"
            + " doubling from --rate, a latency-vs-throughput curve, and with --slo the highest rate"
            + " that meets it."
      })
  String mode;

  @Option(
      names = {"--rate"},
      paramLabel = "MSGS_PER_S",
      description = "Rate mode: messages per second across all senders.")
  Optional<Double> rate;

  @Option(
      names = {"--preset"},
      paramLabel = "NAME",
      description =
          "A classic rate-mode configuration: 256b-3k, 1kb-3k, 5kb-2k, 1kb-20k-25c (25 senders),"
              + " 1mb-100; each 30s. Other options override it.")
  String preset;

  @Option(
      names = {"-s", "--senders"},
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Sender threads; 0 for a receive-only run that drains what the queue holds."
              + " Default: ${DEFAULT-VALUE}.")
  int senders;

  @Option(
      names = {"-r", "--receivers"},
      paramLabel = "N",
      defaultValue = "1",
      description =
          "Receiver threads; each subscription has as many; 0 for a send-only run."
              + " Default: ${DEFAULT-VALUE}.")
  int receivers;

  @Option(
      names = {"--queues"},
      paramLabel = "N",
      defaultValue = "1",
      description = {
        "Spread senders and receivers over N queues (topics): sender i sends to queue i %% N,"
            + " receiver j reads queue j %% N, so --senders and --receivers must be at least N."
            + " Default: ${DEFAULT-VALUE}.",
        "The queues are named after the configured one with -0 to -N-1 appended. Figures per"
            + " queue are in run.json."
      })
  int queues;

  @Option(
      names = {"--subscriptions"},
      paramLabel = "N",
      defaultValue = "1",
      description = {
        "Publish/subscribe: every message is delivered to N subscriptions, each read by"
            + " --receivers receivers of its own; lost and duplicates are counted per subscription."
            + " Default: ${DEFAULT-VALUE}.",
        "A subscription is a Kafka consumer group, a queue of its own bound to a RabbitMQ fanout"
            + " exchange, or a durable queue of an Artemis multicast address. Backends without"
            + " publish/subscribe refuse more than 1."
      })
  int subscriptions;

  @Option(
      names = {"-m", "--messages"},
      paramLabel = "N",
      description =
          "Messages each sender sends at most; without --duration the run ends when they are"
              + " sent. Default: no limit (the run is timed).")
  Optional<Long> messages;

  @Option(
      names = {"-d", "--duration"},
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "Send for this long (30s, 5m, PT1M). Default: 20s in throughput mode unless --messages"
              + " is given; 30s in rate mode.")
  Optional<Duration> duration;

  @Option(
      names = {"-b", "--batch"},
      paramLabel = "B",
      description =
          "Throughput mode: each send carries a random 1..B messages (default "
              + RunSettings.DEFAULT_THROUGHPUT_BATCH
              + "). Rate mode: each send carries exactly B (default "
              + RunSettings.DEFAULT_RATE_BATCH
              + "), due at its first message's time. Receives ask for up to B. "
              + GIVEN_OPEN
              + "${DEFAULT-VALUE}"
              + GIVEN_CLOSE)
  Optional<Integer> batch;

  @Option(
      names = {"--fixed-batch"},
      description =
          "Throughput mode: each send carries exactly --batch messages, not a random 1..B: a"
              + " pipeline of a fixed depth, as redis-benchmark -P sends.")
  boolean fixedBatch;

  @Option(
      names = {"--in-flight"},
      paramLabel = "W",
      defaultValue = "" + DEFAULT_IN_FLIGHT,
      description = {
        "Batches each sender keeps sent but not yet acknowledged (Kafka callbacks, RabbitMQ"
            + " confirms); 1 = one synchronous send at a time. Default: ${DEFAULT-VALUE}.",
        "As real producers do; a batch counts as sent when it is acknowledged. At most 32 MiB of"
            + " messages are in flight per sender."
      })
  int inFlight;

  @Option(
      names = {"--phases"},
      paramLabel = "PHASES",
      defaultValue = "together",
      description = {
        "together (receivers run beside senders), send-then-drain (senders build a backlog, then"
            + " receivers drain it) or backlog-then-catch-up (rate mode: receivers start after"
            + " --backlog and must catch up). Default: ${DEFAULT-VALUE}.",
        "send-then-drain: the backlog is --messages or --duration of sending; send and drain"
            + " rates are measured apart. backlog-then-catch-up: senders send at --rate for all of"
            + " --duration, receivers start after --backlog and must catch up; the run reports how"
            + " long that took (or that it did not), and publish rate and latency while catching up"
            + " against after."
      })
  String phases;

  @Option(
      names = {"--backlog"},
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description =
          "--phases backlog-then-catch-up: how long senders send at --rate before receivers"
              + " start (an outage of the consumers), part of --duration; longer than 1s, shorter"
              + " than --duration.")
  Optional<Duration> backlog;

  @Option(
      names = {"--size"},
      paramLabel = "SIZES",
      description = {
        "Message size in bytes, the 28-byte envelope included (100, 1kb, 1mb), or a weighted mix"
            + " of SIZE:WEIGHT such as 100:70,1kb:25,64kb:5. Default: 100.",
        "kb and mb are 1,024 and 1,048,576 bytes. The mix 100:70,1kb:25,64kb:5 makes 70 %% of"
            + " messages 100 B, 25 %% 1 KiB and 5 %% 64 KiB."
      })
  Optional<String> size = Optional.empty();

  @Option(
      names = {"--payload-file"},
      paramLabel = "[FORMAT:]PATH",
      description = {
        "Send real payloads: each message is the envelope followed by the file's next record."
            + " FORMAT lines (the default) or length-prefixed. Not with --size or --compressibility.",
        "Each sender cycles through the records. lines: one record per line; length-prefixed:"
            + " each record after its length as 4 bytes, big-endian. Every host of a multi-node run"
            + " needs the same file at the same path."
      })
  Optional<String> payloadFile = Optional.empty();

  @Option(
      names = {"--compressibility"},
      paramLabel = "SHARE",
      defaultValue = "0",
      description = {
        "The share of each message's padding that compresses (repeated text instead of random"
            + " bytes), from 0 to 1. Default: ${DEFAULT-VALUE} (all random).",
        "Random padding gives a broker's or client's compression (kafka.compression.type) nothing"
            + " to work with, as real payloads would."
      })
  double compressibility;

  @Option(
      names = {"--receiver-idle"},
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description =
          "After senders finish, receivers stop once nothing arrived for this long (missing"
              + " messages are then reported lost). Default: ${DEFAULT-VALUE}.")
  Duration receiverIdle;

  @Option(
      names = {"--receive-wait"},
      paramLabel = "DURATION",
      defaultValue = "200ms",
      converter = DurationConverter.class,
      description = "How long one receive call waits for a message. Default: ${DEFAULT-VALUE}.")
  Duration receiveWait;

  @Option(
      names = {"--schedule-tick"},
      paramLabel = "DURATION",
      defaultValue = "1ms",
      converter = DurationConverter.class,
      description = {
        "Rate mode: batches due within one tick are issued together at its start (their intended"
            + " send time), so a sender wakes once a tick; 0s for an exact schedule."
            + " Default: ${DEFAULT-VALUE}.",
        "A schedule whose batches are a tick or more apart is exact anyway."
      })
  Duration scheduleTick;

  @Option(
      names = {"--connect-timeout"},
      paramLabel = "DURATION",
      defaultValue = "15s",
      converter = DurationConverter.class,
      description =
          "How long opening the backend and creating senders and receivers may take."
              + " Default: ${DEFAULT-VALUE}.")
  Duration connectTimeout;

  @Option(
      names = {"--max-backlog"},
      paramLabel = "N",
      defaultValue = "auto",
      description = {
        "Throughput mode with senders and receivers together: senders wait while more than N"
            + " acknowledged messages are not yet received. auto: about one second of what the"
            + " receivers take (at least 1000); off: senders never wait. Default: ${DEFAULT-VALUE}.",
        "The run then measures the rate both sides sustain rather than a backlog growing into the"
            + " queue. off is the native tools' behaviour."
      })
  String maxBacklog;

  @Option(
      names = {"--durability"},
      paramLabel = "LEVEL",
      description = {
        "Where an acknowledged message must be when its acknowledgement arrives: fsync (on disk),"
            + " memory (on the replicas that acknowledge), service (as a service's contract says:"
            + " sqs), none (not waited for). Default: the backend's own settings.",
        "Sets the backend's keys that give it (rabbitmq: quorum queue or transient classic; mongo:"
            + " the write concern; kafka: acks; artemis: blocking durable sends), refuses a level the"
            + " backend cannot give and a -p key that contradicts it."
      })
  Optional<String> durability = Optional.empty();

  @Option(
      names = {"--machine-cost"},
      paramLabel = "PRICE",
      description = {
        "What the machines the queue runs on cost per hour, all summed, with an optional currency"
            + " (0.384, '1.20 EUR'; USD unless given): adds the cost of moving a million messages"
            + " at the measured rate to every output.",
        "The cost is shown beside a per-request queue's (sqs) cost. For self-hosted queues; the"
            + " price is yours, the rate the run's."
      })
  Optional<String> machineCost = Optional.empty();

  @Option(
      names = {"--limit-probe"},
      paramLabel = "DURATION",
      defaultValue = "5s",
      converter = DurationConverter.class,
      description =
          "When the receiving side held the senders back or trailed them, run this long once more"
              + " with twice the receivers (unmeasured) to tell whether more receivers help or the"
              + " queue's delivery path is the limit; 0s for none. Default: ${DEFAULT-VALUE}.")
  Duration limitProbe;

  @Option(
      names = {"--fault", "--faults"},
      paramLabel = "SPEC",
      split = ",",
      description = {
        "Inject a fault into the measured run at full load (docs/faults.md):"
            + " KIND@AT[+LENGTH][:TARGET] such as kill-broker@15s, restart-broker@10s,"
            + " pause-broker@10s+2s, partition-broker@10s+5s, kill-receiver@10s, kill-sender@10s;"
            + " repeatable or comma-separated.",
        "A fault hits the measured run, not its warm-up; AT counts from the run's start. Scenario"
            + " key: faults (a list).",
        "kill-broker: kill -9 of a broker node, not restarted. restart-broker: kill -9, then"
            + " started again on the same ports and data; the fault lasts until it serves."
            + " pause-broker: SIGSTOP for LENGTH, then SIGCONT; LENGTH required. partition-broker:"
            + " the node cut off the network for LENGTH, then joined again: the broker's nodes run"
            + " in network namespaces of their own (Java local brokers and local clusters, as"
            + " root, with ip)."
            + " kill-receiver: a receiver dies without acknowledging what it holds; needs 2"
            + " receivers or more. kill-sender: a sender dies with its batches in flight; needs 2"
            + " senders or more.",
        "Broker faults hit a broker mqbench started (no address given; --local-broker always if"
            + " something answers on the compose port); TARGET node N (from 1, default 1) or leader"
            + " (the node leading the queue, or most of its partitions, then: a local cluster,"
            + " such as kafka.localBrokerNodes=3). kill-receiver and kill-sender: TARGET receiver N or"
            + " sender N here, node N (a worker, halted as by kill -9) with --workers."
      })
  List<String> faults = new ArrayList<>();

  @Option(
      names = {"--on-client-error"},
      paramLabel = "WHAT",
      description = {
        "When a send, receive or acknowledgement fails: fail (the run fails at the first error) or"
            + " reconnect (the sender or receiver is created anew until the broker serves again)."
            + " Default: reconnect in a run with --fault, else fail.",
        "reconnect: the failed batch is not counted as sent, what a receiver held comes back from"
            + " the queue, and the sender or receiver is created anew, retried until the broker"
            + " serves again; the errors are counted in the results."
      })
  Optional<String> onClientError = Optional.empty();

  @Option(
      names = {"--local-broker"},
      paramLabel = "WHEN",
      defaultValue = "auto",
      description = {
        "When no broker address is given: auto (the compose file's port if a broker answers there,"
            + " else a local broker mqbench starts), always (a local broker mqbench starts), never"
            + " (the compose port only). Default: ${DEFAULT-VALUE}.",
        "always leaves alone whatever answers on the compose port: for --fault on a machine with a"
            + " system broker."
      })
  String localBroker;

  @Option(
      names = {"--warmup"},
      paramLabel = "DURATION",
      converter = DurationConverter.class,
      description = {
        "Run this long first, unmeasured (JIT, connections, broker caches); 0s for none. Default: "
            + DEFAULT_WARMUP
            + " with senders and receivers; none for a send-only or receive-only run.",
        "The warm-up has the run's settings. A send-only or receive-only run has none by default:"
            + " a warm-up would add to or drain the backlog."
      })
  Optional<Duration> warmup;

  @Option(
      names = {"--seed"},
      paramLabel = "N",
      description = "Seed of batch sizes and padding, to repeat a run. Default: random.")
  Optional<Long> seed;

  @Mixin ExecutionOptions execution = new ExecutionOptions();

  @Mixin WorkerNodeOptions workerNodes = new WorkerNodeOptions();

  @Mixin SweepOptions sweep = new SweepOptions();

  @Mixin MetricsOptions metrics = new MetricsOptions();

  /** Batches in flight per sender unless given; README "In flight" says how it was chosen. */
  static final int DEFAULT_IN_FLIGHT = 128;

  /** Warm-up unless given: long enough for JIT, connections and broker caches to settle. */
  static final String DEFAULT_WARMUP = "5s";

  static final Duration DEFAULT_WARMUP_DURATION = Duration.ofSeconds(5);

  /**
   * Throughput mode's length when neither --messages nor --duration is given: long enough that
   * back-to-back runs agree (README "Defaults").
   */
  static final Duration DEFAULT_THROUGHPUT_DURATION = Duration.ofSeconds(20);
}
