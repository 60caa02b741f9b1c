package io.mqbench.runner.cli;

import com.sun.management.OperatingSystemMXBean;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.runner.cli.process.ChildJvm;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heap the load runs in (issue 22, point 7).
 *
 * <p>Left to itself the JVM takes a quarter of the machine's memory as its maximum heap, and G1,
 * under the allocation rate of a benchmark, grows into it: 1.9 GB resident for 25 senders and 25
 * receivers of the memory queue in 5 s, for a live set under 100 MB. A bound has to be given when
 * the JVM starts, so a command that runs load ({@code run}, {@code worker}) starts a JVM of its own
 * ({@link ChildJvm}) with a maximum heap sized from the validated plan, unless the user chose the
 * heap: {@code --heap} (or {@code -Dheap}, {@code MQBENCH_HEAP}) sets the child's heap, and heap
 * flags given to {@code java} itself keep the load in that JVM, as before.
 *
 * @param given the heap given ({@code --heap}), in bytes; empty to size it from the runs
 * @param child how the load runs in a JVM of its own; empty when it stays in this one
 * @param ceiling the most heap a child JVM may be given: a quarter of the machine's memory
 * @param err where the heap chosen is said
 * @param whyNoChild why the load cannot run in a JVM of its own, when it cannot
 */
record RunHeap(
    Optional<Long> given,
    Optional<ChildJvm> child,
    long ceiling,
    PrintStream err,
    Optional<String> whyNoChild) {
  /**
   * The share of the heap one batch per sender and receiver may take; the rest is the harness's.
   */
  private static final double HEAP_SHARE_FOR_BATCHES = 0.5;

  static final long MIB = 1L << 20;

  /** The option's name: {@code --heap}, {@code -Dheap}, {@code MQBENCH_HEAP}. */
  static final String OPTION = "heap";

  /**
   * What the harness keeps whatever the run: classes' data, the result writers (JSON, XLSX, the
   * chart), the memory queue's backlog of small messages (up to {@code memory.maxDepth}), and room
   * for G1 to collect young objects rarely. Measured: 30 to 40 MiB live after collections for a 1 +
   * 1 memory run, 56 to 80 MiB for 25 + 25.
   */
  static final long BASE_BYTES = 128 * MIB;

  /**
   * Per sender and receiver thread: its histograms, and young-generation room for its allocation
   * rate (fewer collections as threads are added).
   */
  static final long PER_THREAD_BYTES = 2 * MIB;

  /**
   * Delivery accounting per message of a run: the bitmaps of what was acknowledged and seen, and
   * their copies while the results are written. Measured on the memory queue: 0.4 B a message for 1
   * + 1 threads (143 MB live when the results of 250 M messages were written), about 1 B for 25 +
   * 25 (54 MB of bitmaps after 55 M messages: receivers that each see a share of every sender's
   * messages compress less).
   */
  static final double ACCOUNTING_BYTES_PER_MESSAGE = 1.0;

  /**
   * The rate a timed throughput run is assumed to reach, for its accounting: the most the memory
   * queue reached with 25 + 25 threads on the 2-core development machine (5.4 M msgs/s; 1 + 1
   * threads reach 8.7 M msgs/s but account for less per message). Brokers are slower.
   */
  static final double ASSUMED_MESSAGES_PER_SECOND = 5_000_000;

  /**
   * Message bytes count twice: a body is copied on its way (the memory queue keeps a copy, clients
   * serialise into buffers of their own) and G1 needs free regions to evacuate into; messages of
   * half a region or more are humongous and take whole regions.
   */
  static final int COPIES = 2;

  /** A worker's heap: the coordinator's runs are not known when it starts. */
  static final long WORKER_BYTES = 1024 * MIB;

  /** The smallest heap {@code --heap} accepts: below it the harness alone does not fit. */
  static final long MIN_BYTES = 64 * MIB;

  private static final Pattern SIZE = Pattern.compile("(\\d{1,12})([kKmMgGtT]?)");

  /**
   * @return the load stays in this JVM, whatever its heap: for tests and embedding
   */
  static RunHeap thisJvm() {
    return new RunHeap(
        Optional.empty(),
        Optional.empty(),
        Long.MAX_VALUE,
        new PrintStream(OutputStream.nullOutputStream()),
        Optional.empty());
  }

  /**
   * @param heapOption {@code --heap}, {@code -Dheap} or {@code MQBENCH_HEAP}, if given
   * @param child how this program starts again in a JVM of its own; empty where it cannot run load
   *     elsewhere (below {@code main})
   * @param err where the heap chosen is said
   * @return the heap of this invocation's load
   * @throws ConfigException for a malformed or too small {@code --heap}, or one above the machine's
   *     memory
   */
  static RunHeap choose(Optional<String> heapOption, Optional<ChildJvm> child, PrintStream err) {
    Optional<Long> given = heapOption.map(RunHeap::parse);
    long memory = machineMemory();
    if (given.isPresent() && given.get() > memory) {
      throw new ConfigException(
          String.format(
              Locale.ROOT,
              "--heap %s: more than this machine's memory (%,d MiB); a heap beyond it would be"
                  + " swapped or killed",
              heapOption.get().strip(),
              memory / MIB));
    }
    if (child.isEmpty() || child.get().isChild()) {
      return thisJvm();
    }
    if (given.isEmpty() && child.get().heapChosenByUser()) {
      return thisJvm();
    }
    Optional<String> impossible = child.get().impossible();
    if (impossible.isPresent()) {
      return new RunHeap(Optional.empty(), Optional.empty(), Long.MAX_VALUE, err, impossible);
    }
    return new RunHeap(given, child, quarterOfMemory(), err, Optional.empty());
  }

  /**
   * @param text a size as {@code -Xmx} reads it: {@code 512m}, {@code 2g}, {@code 1048576}
   * @return the bytes
   * @throws ConfigException for anything else, or less than {@link #MIN_BYTES}
   */
  static long parse(String text) {
    Matcher m = SIZE.matcher(text.strip());
    if (!m.matches()) {
      throw new ConfigException(
          "--heap " + text + ": a size as java's -Xmx takes it, such as 512m or 2g");
    }
    long unit =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 1L << 10;
          case "m" -> 1L << 20;
          case "g" -> 1L << 30;
          case "t" -> 1L << 40;
          default -> 1;
        };
    long number = Long.parseLong(m.group(1));
    if (number > Long.MAX_VALUE / unit) {
      throw new ConfigException("--heap " + text + ": more than any machine has");
    }
    if (number * unit < MIN_BYTES) {
      throw new ConfigException(
          "--heap " + text + ": at least " + (MIN_BYTES / MIB) + "m, the harness's own need");
    }
    return number * unit;
  }

  /**
   * The heap one run needs: a base, a share per thread, the message bytes it holds at once (each
   * sender's batches in flight and the one it builds, each receiver's batch) twice, and the
   * accounting of the messages it may send.
   *
   * @param s the run's validated settings
   * @return bytes, a whole number of MiB
   */
  static long needed(RunSettings s) {
    return wholeMib(fixedBytes(s) + ACCOUNTING_BYTES_PER_MESSAGE * messages(s));
  }

  /**
   * The heap a run needs before it accounts for a single message: the base, a share per sender and
   * receiver thread (of every subscription), and the message bytes it holds at once, twice. A run
   * whose heap is below it cannot work at all, whatever its length.
   *
   * @param s the run's validated settings
   * @return bytes, a whole number of MiB
   */
  static long fixed(RunSettings s) {
    return wholeMib(fixedBytes(s));
  }

  private static double fixedBytes(RunSettings s) {
    double batch = (double) s.maxBatch() * s.maxMessageBytes();
    double held =
        (double) s.senders() * (s.effectiveInFlight() + 1) * batch
            + s.receiverThreads() * (double) s.receiveBatch() * s.maxMessageBytes();
    return BASE_BYTES
        + PER_THREAD_BYTES * ((double) s.senders() + s.receiverThreads())
        + COPIES * held;
  }

  /**
   * The messages a run may account for: as many as its senders send at most, or its rate (given, or
   * assumed) for its duration. A receive-only run, which drains what it finds, is taken for a
   * default run's length.
   */
  static double messages(RunSettings s) {
    if (s.senders() == 0) {
      return ASSUMED_MESSAGES_PER_SECOND
          * s.duration().orElse(RunOptions.DEFAULT_THROUGHPUT_DURATION).toMillis()
          / 1000.0;
    }
    double counted =
        s.messagesPerSender() == Long.MAX_VALUE
            ? Double.POSITIVE_INFINITY
            : (double) s.senders() * s.messagesPerSender();
    double timed =
        s.duration()
            .map(
                d ->
                    (s.rateMode() ? s.rate().orElseThrow() : ASSUMED_MESSAGES_PER_SECOND)
                        * d.toMillis()
                        / 1000.0)
            .orElse(Double.POSITIVE_INFINITY);
    return Math.min(counted, timed);
  }

  /**
   * @param plans every run of the invocation, validated
   * @return the heap the most demanding one needs; a run on workers holds no messages here, only
   *     the merged reports of its threads
   */
  static long needed(RunPlans plans) {
    long most = 0;
    for (RunPlan plan : plans.runs()) {
      RunSettings s = plan.config().run();
      long bytes =
          plan.workers().isPresent()
              ? wholeMib(BASE_BYTES + PER_THREAD_BYTES * (double) (s.senders() + s.receivers()))
              : needed(s);
      most = Math.max(most, bytes);
    }
    return most;
  }

  private static long wholeMib(double bytes) {
    double mib = Math.ceil(bytes / MIB);
    return mib >= Long.MAX_VALUE / MIB ? Long.MAX_VALUE / MIB * MIB : (long) mib * MIB;
  }

  /**
   * The most heap a run can have, for the check that its batches fit before anything connects.
   *
   * @param s the run's settings
   * @return the heap it will have: {@code --heap}; or what it needs, at most a quarter of the
   *     machine's memory (the JVM's own default maximum); or this JVM's maximum
   */
  long available(RunSettings s) {
    if (child.isEmpty()) {
      return Runtime.getRuntime().maxMemory();
    }
    return given.orElse(Math.min(needed(s), ceiling));
  }

  /**
   * @return what to name where a run needs more heap than it can have
   */
  String howToRaise() {
    return child.isPresent() ? "raise --heap" : "raise -Xmx";
  }

  /**
   * Runs this invocation again in a JVM of its own, with the heap given or the one needed.
   *
   * @param needed the heap the load needs
   * @return the child's exit code; empty when the load stays in this JVM
   */
  OptionalInt runInChild(long needed) {
    whyNoChild.ifPresent(
        why ->
            err.println(
                "mqbench: the run stays in this JVM, its heap not sized from the run ("
                    + why
                    + "); give java -Xmx to bound it"));
    if (child.isEmpty()) {
      return OptionalInt.empty();
    }
    err.println("mqbench: " + describe(needed).orElseThrow());
    err.flush();
    return OptionalInt.of(child.get().run(given.orElse(Math.min(needed, ceiling))));
  }

  /**
   * @param needed the heap the load needs
   * @return the heap it will have, said in a line; empty when the load stays in this JVM
   */
  Optional<String> describe(long needed) {
    if (child.isEmpty()) {
      return Optional.empty();
    }
    long heap = given.orElse(Math.min(needed, ceiling));
    return Optional.of(
        String.format(
            Locale.ROOT,
            "heap %,d MiB, %s",
            heap / MIB,
            given.isPresent()
                ? "as --heap says"
                : "sized from the run (--heap SIZE to change it)"));
  }

  /** A quarter of the machine's (or container's) memory: what the JVM takes by default. */
  private static long quarterOfMemory() {
    long memory = machineMemory();
    return memory == Long.MAX_VALUE ? Runtime.getRuntime().maxMemory() : memory / 4;
  }

  /**
   * @return the machine's (or container's) memory; {@link Long#MAX_VALUE} where it cannot be read
   */
  static long machineMemory() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
        && os.getTotalMemorySize() > 0) {
      return os.getTotalMemorySize();
    }
    return Long.MAX_VALUE;
  }

  /**
   * Refuses a run whose messages cannot be held: each sender builds one batch at a time and each
   * receiver holds one, so their bytes must fit in the heap beside the harness, or the run would
   * die of an OutOfMemoryError after connecting.
   */
  void checkBatchesFit(RunSettings s) {
    long bytes = (long) (s.senders() + s.receiverThreads()) * s.maxBatch() * s.maxMessageBytes();
    long available = available(s);
    if (bytes > available * HEAP_SHARE_FOR_BATCHES) {
      throw new ConfigException(
          String.format(
              Locale.ROOT,
              "--size %d: one batch of %d per sender and receiver (%d threads) is %,d MiB, more"
                  + " than half of the heap the run can have (%,d MiB); lower --size or --batch,"
                  + " or %s",
              s.maxMessageBytes(),
              s.maxBatch(),
              s.senders() + s.receiverThreads(),
              bytes >> 20,
              available >> 20,
              howToRaise()));
    }
  }
}
