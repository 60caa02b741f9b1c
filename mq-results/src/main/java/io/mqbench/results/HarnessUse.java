package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.HostLoad;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.util.List;
import java.util.Locale;

/**
 * What the harness itself used to run a run: the CPU of its processes (the runner's JVM, or every
 * worker's), split by thread role, garbage collection and memory. On a small host the harness
 * shares the CPU with the queue it measures, so every CPU-second here was not the queue's; these
 * figures let a reader tell whether a number is the queue's or the harness's.
 *
 * <p>Per message means per message moved: the CPU over the larger of messages sent and messages
 * received (each message is sent once and received once, and a send-only or receive-only run moves
 * messages one way). The sender and receiver figures are per message sent and per message received.
 *
 * @param cpuSeconds CPU time of the harness's processes over the run, user and system: its sender
 *     and receiver threads, the backend client's own threads, the coordinator, GC and JIT
 * @param userSeconds of which in user mode; null where the operating system does not tell
 * @param systemSeconds of which in the kernel; null where the operating system does not tell
 * @param senderCpuSeconds CPU time of the sender threads
 * @param receiverCpuSeconds CPU time of the receiver threads
 * @param otherCpuSeconds the rest of the processes' CPU: the backend clients' I/O threads, the
 *     coordinator and progress, GC and JIT compiler threads
 * @param cpuMicrosPerMessage {@code cpuSeconds} per message moved, in microseconds
 * @param senderCpuMicrosPerMessage sender threads' CPU per message sent, in microseconds
 * @param receiverCpuMicrosPerMessage receiver threads' CPU per message received, in microseconds
 * @param busiestSenderShare the busiest sender thread's CPU over the sending time: 1.0 is a whole
 *     core, all the time
 * @param busiestReceiverShare the busiest receiver thread's CPU over the receiving time
 * @param senderCpuWaitSeconds how long the sender threads, added up, were runnable but waiting for
 *     a CPU that other threads held (the JVM's compiler and collector, the backend client's
 *     threads, other processes such as a broker on the same machine); null where not measured (it
 *     is Linux's run-queue time)
 * @param receiverCpuWaitSeconds the same for the receiver threads; null where not measured
 * @param gcSeconds time the garbage collectors reported over the run
 * @param gcCount garbage collections over the run
 * @param residentPeakMb peak resident memory of the processes (added up over workers), in MiB; null
 *     where unknown
 * @param processes how many processes these figures add up: 1 for a run in one process, else one
 *     per worker
 * @param runCpuWaitShare the share of their runnable time that the run's processes (the harness's
 *     and a local broker it started), every thread counted, waited for a CPU; of several workers,
 *     the most starved host's; null where not measured
 * @param otherWorkShare the share of the host's CPU capacity that other processes used over the
 *     run; null where not measured
 * @param hostLimited true when the host, not the queue, set the pace ({@link HostLoad#starved()}),
 *     judged for a run in one process only (a run's other workers may share a worker's host): the
 *     run's processes waited at least {@value HostLoad#RUN_WAIT_LIMIT} of their runnable time for a
 *     CPU while other work took at least {@value HostLoad#OTHER_WORK_LIMIT} of the host
 */
public record HarnessUse(
    double cpuSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double userSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double systemSeconds,
    double senderCpuSeconds,
    double receiverCpuSeconds,
    double otherCpuSeconds,
    double cpuMicrosPerMessage,
    double senderCpuMicrosPerMessage,
    double receiverCpuMicrosPerMessage,
    double busiestSenderShare,
    double busiestReceiverShare,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double senderCpuWaitSeconds,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double receiverCpuWaitSeconds,
    double gcSeconds,
    long gcCount,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double residentPeakMb,
    int processes,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double runCpuWaitShare,
    @JsonInclude(JsonInclude.Include.NON_NULL) Double otherWorkShare,
    boolean hostLimited) {

  /**
   * A sender or receiver thread busy for at least this share of a core could not have done more:
   * the harness, not the queue, may have set the pace.
   */
  public static final double BUSY_SHARE_LIMIT = 0.9;

  /**
   * @param report what the cells measured, their process usage included
   * @param sendSeconds the run's sending time, over which sender threads were busy
   * @param receiveSeconds the run's receiving time
   * @return what the harness used; null when the report has no process usage (an older report)
   */
  public static HarnessUse of(CellMeasurements report, double sendSeconds, double receiveSeconds) {
    ProcessUsage p = report.processUsage();
    if (p.processes() == 0) {
      return null;
    }
    long senderNanos = report.senders().stream().mapToLong(SenderStats::cpuNanos).sum();
    long receiverNanos = report.receivers().stream().mapToLong(ReceiverStats::cpuNanos).sum();
    long busiestSender = report.senders().stream().mapToLong(SenderStats::cpuNanos).max().orElse(0);
    long busiestReceiver =
        report.receivers().stream().mapToLong(ReceiverStats::cpuNanos).max().orElse(0);
    long sent = report.senders().stream().mapToLong(SenderStats::sent).sum();
    long received = report.received();
    long moved = Math.max(sent, received);
    // The final report reads the process after every sender and receiver thread ended, so the
    // threads' part is within the process's; "other" is what the rest of the process used.
    double cpu = p.cpuNanos() / 1e9;
    return new HarnessUse(
        cpu,
        p.userNanos() < 0 ? null : p.userNanos() / 1e9,
        p.systemNanos() < 0 ? null : p.systemNanos() / 1e9,
        senderNanos / 1e9,
        receiverNanos / 1e9,
        cpu - (senderNanos + receiverNanos) / 1e9,
        perMessage(cpu * 1e9, moved),
        perMessage(senderNanos, sent),
        perMessage(receiverNanos, received),
        share(busiestSender, sendSeconds),
        share(busiestReceiver, receiveSeconds),
        waitSeconds(report.senders().stream().map(SenderStats::cpuWaitNanos).toList()),
        waitSeconds(report.receivers().stream().map(ReceiverStats::cpuWaitNanos).toList()),
        p.gcMillis() / 1e3,
        p.gcCount(),
        p.residentPeakBytes() < 0 ? null : p.residentPeakBytes() / (1024.0 * 1024.0),
        p.processes(),
        p.host().known() ? p.host().runWaitShare() : null,
        p.host().known() ? p.host().otherWorkShare() : null,
        // On several workers the others may share a worker's host: they are the run's, yet read as
        // other work there, so the figures are kept and no verdict is drawn from them.
        p.processes() == 1 && p.host().starved());
  }

  /**
   * @return the host's figures in words ({@code the run's processes waited for a CPU 82 % of their
   *     runnable time; other work used 77 % of the host's 2 CPUs}); empty where not measured
   */
  public String hostLoad() {
    if (runCpuWaitShare == null || otherWorkShare == null) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "the run's processes waited for a CPU %.0f %% of the time they could have run; other work"
            + " used %.0f %% of the host's CPUs",
        runCpuWaitShare * 100,
        otherWorkShare * 100);
  }

  /**
   * @return the host-limited verdict in one line, with its figures and what to do; empty when the
   *     host did not set the pace
   */
  public String hostLimitedAdvice() {
    if (!hostLimited) {
      return "";
    }
    return "HOST-LIMITED: the host, not the queue, set the pace: "
        + hostLoad()
        + cpuWaits().replace("; waited", " (the sender and receiver threads waited")
        + (cpuWaits().isEmpty() ? "" : ")")
        + ". These figures are not the queue's: run on a quieter host, move the broker to"
        + " another host, or use fewer threads";
  }

  /** The threads' waits added up; null unless every thread's is known. */
  private static Double waitSeconds(List<Long> nanos) {
    if (nanos.isEmpty() || nanos.contains(null)) {
      return null;
    }
    return nanos.stream().mapToLong(Long::longValue).sum() / 1e9;
  }

  private static double perMessage(double nanos, long messages) {
    return messages == 0 ? 0 : nanos / 1e3 / messages;
  }

  private static double share(long threadNanos, double seconds) {
    return seconds <= 0 ? 0 : threadNanos / 1e9 / seconds;
  }

  /**
   * @return true when a sender or receiver thread was busy near a whole core ({@value
   *     #BUSY_SHARE_LIMIT}): it could not have gone faster, so the pace may have been the harness's
   */
  public boolean threadsSaturated() {
    return busiestSenderShare >= BUSY_SHARE_LIMIT || busiestReceiverShare >= BUSY_SHARE_LIMIT;
  }

  /**
   * @return the busiest thread of each role, in words: {@code busiest sender 11 % of a core,
   *     busiest receiver 7 %}
   */
  public String busiestThreads() {
    return String.format(
        Locale.ROOT,
        "busiest sender thread %.0f %% of a core, busiest receiver thread %.0f %%",
        busiestSenderShare * 100,
        busiestReceiverShare * 100);
  }

  /**
   * @return how long the threads waited for a CPU, in words ({@code ; waited for a CPU: senders
   *     1.96 s, receivers 1.46 s}); empty where not measured
   */
  public String cpuWaits() {
    if (senderCpuWaitSeconds == null && receiverCpuWaitSeconds == null) {
      return "";
    }
    return "; waited for a CPU: "
        + (senderCpuWaitSeconds == null
            ? ""
            : String.format(Locale.ROOT, "senders %.2f s", senderCpuWaitSeconds))
        + (senderCpuWaitSeconds != null && receiverCpuWaitSeconds != null ? ", " : "")
        + (receiverCpuWaitSeconds == null
            ? ""
            : String.format(Locale.ROOT, "receivers %.2f s", receiverCpuWaitSeconds));
  }

  /**
   * @return the figures in one line, as the terminal shows them
   */
  public String describe() {
    String split =
        userSeconds == null
            ? ""
            : String.format(Locale.ROOT, " (user %.2f, system %.2f)", userSeconds, systemSeconds);
    return String.format(
        Locale.ROOT,
        "CPU %.2f s%s = %.1f µs/msg: senders %.2f s (%.1f µs/msg sent), receivers %.2f s (%.1f"
            + " µs/msg received), other %.2f s; %s%s; GC %.2f s in %,d collections%s%s%s",
        cpuSeconds,
        split,
        cpuMicrosPerMessage,
        senderCpuSeconds,
        senderCpuMicrosPerMessage,
        receiverCpuSeconds,
        receiverCpuMicrosPerMessage,
        otherCpuSeconds,
        busiestThreads(),
        cpuWaits(),
        gcSeconds,
        gcCount,
        residentPeakMb == null
            ? ""
            : String.format(Locale.ROOT, "; peak RSS %.0f MiB", residentPeakMb),
        processes > 1 ? " (" + processes + " processes)" : "",
        hostLoad().isEmpty() ? "" : "; " + hostLoad());
  }
}
