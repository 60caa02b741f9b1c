package io.mqbench.engine;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.envelope.MessageSizes;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How one run drives its backend: what every cell of the run needs and nothing else. Validated on
 * construction with errors that name the option. Every component has a generated {@code with…} copy
 * ({@link RunSettingsBuilder.With}), and {@link RunSettingsBuilder} builds one from scratch: a new
 * setting is a new component and nothing else.
 *
 * @param mode closed-loop throughput or open-loop fixed rate
 * @param senders sender threads across the run; 0 for a receive-only run
 * @param receivers receiver threads across the run; 0 for a send-only run
 * @param messagesPerSender the most messages each sender sends; {@link Long#MAX_VALUE} for no limit
 * @param duration when set, senders stop sending after this long (rate mode: no batch is scheduled
 *     after it)
 * @param rate rate mode: messages per second across all senders
 * @param maxBatch throughput mode: each send carries 1 to {@code maxBatch} messages; rate mode:
 *     each send carries exactly {@code maxBatch}; receives ask for up to {@code maxBatch}
 * @param messageSizes the size of every message, or a weighted mix of sizes, envelope included
 * @param payloadFile records to send after the envelope instead of padding; the sizes are then the
 *     records' ({@code messageSizes} given as null takes them)
 * @param compressibility the share of each message's padding that compresses (repeated text instead
 *     of random bytes), 0 to 1; 0 (random padding) by default, and in results written before it
 *     existed
 * @param inFlight how many batches each sender keeps sent but not yet acknowledged, at least 1 (see
 *     {@link #effectiveInFlight()})
 * @param phases receivers beside senders, draining after them, or catching up with a backlog
 * @param backlog {@link Phases#BACKLOG_THEN_CATCH_UP} only: how long senders send at the rate
 *     before receivers start; empty otherwise
 * @param receiverIdle after senders finished, receivers stop once nothing arrived for this long
 * @param receiveWait how long one receive call waits for a first message
 * @param connectTimeout how long opening the backend and creating senders and receivers may take
 * @param maxBacklog throughput mode with senders and receivers together: how far senders may run
 *     ahead of receivers before the coordinator holds them back (see {@link #paced()})
 * @param scheduleTick rate mode: batches due within one tick of each other are issued together, at
 *     the tick's start, which is their intended send time; {@link Duration#ZERO} for an exact
 *     schedule of one batch every period (and in results written before ticks existed)
 * @param queues how many queues (topics) the run spreads its senders and receivers over, sender
 *     {@code i} sending to queue {@code i % queues} and receiver {@code j} of each subscription
 *     reading queue {@code j % queues}; 1 (and in results written before it existed) for the
 *     configured queue alone
 * @param subscriptions how many subscriptions every message is delivered to (publish/subscribe),
 *     each read by {@code receivers} receivers of its own; 1 (and in results written before it
 *     existed) for a point-to-point queue
 * @param onClientError what a sender or receiver does when a backend call fails (a broker restarted
 *     or cut off by a fault): fail the cell, or ride through it ({@link OnClientError#RECONNECT});
 *     {@link OnClientError#FAIL} when not given (and in results written before it existed), and
 *     then it is not written
 * @param fixedBatch throughput mode: every send carries exactly {@code maxBatch} messages, as in
 *     rate mode, instead of 1 to {@code maxBatch} (a pipeline of a fixed depth, as {@code
 *     redis-benchmark -P} sends); false when not given, and then it is not written
 */
@RecordBuilder
@JsonInclude(JsonInclude.Include.NON_ABSENT)
public record RunSettings(
    Mode mode,
    int senders,
    int receivers,
    @JsonProperty("messages")
        @JsonInclude(
            value = JsonInclude.Include.CUSTOM,
            valueFilter = RunSettingsJson.Unlimited.class)
        @JsonDeserialize(using = RunSettingsJson.Unlimited.Reader.class)
        long messagesPerSender,
    Optional<Duration> duration,
    Optional<Double> rate,
    @JsonProperty("batch") int maxBatch,
    @JsonProperty("size") MessageSizes messageSizes,
    Optional<PayloadFile> payloadFile,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) double compressibility,
    int inFlight,
    Phases phases,
    Optional<Duration> backlog,
    Duration receiverIdle,
    Duration receiveWait,
    Duration connectTimeout,
    BacklogLimit maxBacklog,
    Duration scheduleTick,
    int queues,
    int subscriptions,
    @JsonInclude(
            value = JsonInclude.Include.CUSTOM,
            valueFilter = RunSettingsJson.FailsOnError.class)
        OnClientError onClientError,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean fixedBatch)
    implements RunSettingsBuilder.With {

  /** Message size in bytes unless given: the envelope and 72 bytes of padding. */
  public static final int DEFAULT_SIZE = 100;

  /** Messages per sender in throughput mode when neither a count nor a duration is given. */
  public static final long DEFAULT_MESSAGES = 100_000;

  /** Largest batch in throughput mode unless given. */
  public static final int DEFAULT_THROUGHPUT_BATCH = 10;

  /** Batch in rate mode unless given: one message per scheduled send. */
  public static final int DEFAULT_RATE_BATCH = 1;

  /**
   * The most message bytes one sender keeps in flight, whatever {@code inFlight} says: Kafka's
   * producer buffer ({@code buffer.memory}) by default, so that large messages cannot fill the
   * heap.
   */
  public static final long MAX_IN_FLIGHT_BYTES = 32L << 20;

  /**
   * The most messages a rate-mode receiver asks for at a time. Rate mode sends small batches (one
   * message by default); receivers that asked for as few fell behind the schedule and measured
   * their own polling, not the queue (issue 10: 1,250 of 2,998 msgs/s received, p50 7.7 s).
   */
  public static final int RATE_RECEIVE_BATCH = 100;

  /** How long a rate-mode run lasts unless given. */
  public static final Duration DEFAULT_RATE_DURATION = Duration.ofSeconds(30);

  /**
   * A catch-up run has caught up once its backlog (acknowledged minus received) is at most this
   * long of sending at the rate: {@code rate × 1 s} messages.
   */
  public static final Duration CAUGHT_UP_WITHIN = Duration.ofSeconds(1);

  /** How long opening the backend may take unless given. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(15);

  /**
   * Validates every field. Settings read from results written before a setting existed lack it:
   * {@code connectTimeout} is then the default, {@code maxBacklog} {@link BacklogLimit#OFF}
   * (senders were never held back before the limit existed) and {@code scheduleTick} zero (the
   * schedule was exact).
   */
  public RunSettings {
    connectTimeout = connectTimeout == null ? DEFAULT_CONNECT_TIMEOUT : connectTimeout;
    maxBacklog = maxBacklog == null ? BacklogLimit.OFF : maxBacklog;
    scheduleTick = scheduleTick == null ? Duration.ZERO : scheduleTick;
    queues = queues == 0 ? 1 : queues;
    subscriptions = subscriptions == 0 ? 1 : subscriptions;
    onClientError = onClientError == null ? OnClientError.FAIL : onClientError;
    require(!scheduleTick.isNegative(), "--schedule-tick must not be negative");
    require(senders >= 0, "--senders must be at least 0, was " + senders);
    require(receivers >= 0, "--receivers must be at least 0, was " + receivers);
    require(senders + receivers > 0, "--senders and --receivers cannot both be 0");
    require(queues >= 1, "--queues must be at least 1, was " + queues);
    require(subscriptions >= 1, "--subscriptions must be at least 1, was " + subscriptions);
    require(
        senders == 0 || senders >= queues,
        "--queues "
            + queues
            + " needs at least as many senders, one per queue; --senders is "
            + senders);
    require(
        receivers == 0 || receivers >= queues,
        "--queues "
            + queues
            + " needs at least as many receivers"
            + (subscriptions > 1 ? " per subscription" : "")
            + ", one per queue; --receivers is "
            + receivers);
    require(messagesPerSender >= 1, "--messages must be at least 1, was " + messagesPerSender);
    duration.ifPresent(
        d -> require(!d.isZero() && !d.isNegative(), "--duration must be longer than 0"));
    if (mode == Mode.RATE) {
      require(rate.isPresent(), "--mode rate needs --rate (messages per second)");
      double r = rate.get();
      require(
          r > 0 && Double.isFinite(r),
          "--rate must be more than 0 messages per second, was " + rate.get());
      require(duration.isPresent(), "--mode rate needs --duration");
    } else {
      require(rate.isEmpty(), "--rate applies only to --mode rate");
    }
    require(maxBatch >= 1, "--batch must be at least 1, was " + maxBatch);
    require(inFlight >= 1, "--in-flight must be at least 1, was " + inFlight);
    payloadFile = payloadFile == null ? Optional.empty() : payloadFile;
    if (messageSizes == null) {
      messageSizes = payloadFile.map(PayloadFile::sizes).orElse(MessageSizes.of(DEFAULT_SIZE));
    }

    require(
        compressibility >= 0 && compressibility <= 1,
        "--compressibility must be from 0 (random padding) to 1 (no random padding), was "
            + compressibility);
    require(
        !receiverIdle.isZero() && !receiverIdle.isNegative(),
        "--receiver-idle must be longer than 0");
    require(!receiveWait.isNegative(), "--receive-wait must not be negative");
    require(
        !connectTimeout.isZero() && !connectTimeout.isNegative(),
        "--connect-timeout must be longer than 0");
    require(
        phases == Phases.TOGETHER || (senders > 0 && receivers > 0),
        "--phases " + phases.label() + " needs senders and receivers");
    backlog = backlog == null ? Optional.empty() : backlog;
    checkCatchUp(mode, phases, backlog, duration, messagesPerSender, senders, rate);
    require(
        senders > 0 || (duration.isEmpty() && mode == Mode.THROUGHPUT),
        "a receive-only run (--senders 0) takes neither --duration nor --mode rate: receivers"
            + " drain the queue until it stays empty for --receiver-idle");
  }

  /**
   * @return whether senders and receivers ride through failed backend calls ({@link
   *     OnClientError#RECONNECT})
   */
  public boolean reconnect() {
    return onClientError == OnClientError.RECONNECT;
  }

  /** The rules of {@link Phases#BACKLOG_THEN_CATCH_UP}, each broken one a line naming options. */
  private static void checkCatchUp(
      Mode mode,
      Phases phases,
      Optional<Duration> backlog,
      Optional<Duration> duration,
      long messagesPerSender,
      int senders,
      Optional<Double> rate) {
    if (phases != Phases.BACKLOG_THEN_CATCH_UP) {
      require(
          backlog.isEmpty(),
          "--backlog applies only to --phases backlog-then-catch-up (receivers start after it)");
      return;
    }
    require(
        mode == Mode.RATE,
        "--phases backlog-then-catch-up needs --mode rate: senders keep a fixed --rate while"
            + " receivers catch up");
    require(
        backlog.isPresent(),
        "--phases backlog-then-catch-up needs --backlog DURATION: how long senders send before"
            + " receivers start");
    Duration b = backlog.get();
    require(
        b.compareTo(CAUGHT_UP_WITHIN) > 0,
        "--backlog must be longer than "
            + Durations.format(CAUGHT_UP_WITHIN)
            + " (a backlog of one second of sending already counts as caught up), was "
            + Durations.format(b));
    duration.ifPresent(
        d ->
            require(
                b.compareTo(d) < 0,
                "--backlog "
                    + Durations.format(b)
                    + " must be shorter than --duration "
                    + Durations.format(d)
                    + ": receivers catch up in the rest of it"));
    if (messagesPerSender != Long.MAX_VALUE && senders > 0 && rate.isPresent()) {
      double sendingSeconds = (double) messagesPerSender * senders / rate.get();
      require(
          sendingSeconds > b.toNanos() / 1e9,
          String.format(
              Locale.ROOT,
              "--messages %d ends sending after %.1f s at --rate, before --backlog %s is over:"
                  + " give more messages, or leave --messages out",
              messagesPerSender,
              sendingSeconds,
              Durations.format(b)));
    }
  }

  /**
   * @param d how long senders send
   * @return these settings for a run of that duration with no message limit (a warm-up); a catch-up
   *     run's becomes a run of senders and receivers together, as a warm-up of a backlog phase
   *     would leave a backlog behind and not warm the receivers
   */
  public RunSettings forDuration(Duration d) {
    return with(
        b -> {
          b.messagesPerSender(Long.MAX_VALUE).duration(Optional.of(d));
          if (phases == Phases.BACKLOG_THEN_CATCH_UP) {
            b.phases(Phases.TOGETHER).backlog(Optional.empty());
          }
        });
  }

  /**
   * @return a catch-up run's threshold: the backlog, in messages, at or under which it has caught
   *     up ({@link #CAUGHT_UP_WITHIN} of sending at the rate, at least one message); 0 for other
   *     runs
   */
  public long caughtUpMessages() {
    if (phases != Phases.BACKLOG_THEN_CATCH_UP) {
      return 0;
    }
    return Math.max(1, (long) Math.ceil(rate.orElseThrow() * CAUGHT_UP_WITHIN.toNanos() / 1e9));
  }

  /**
   * @return true when senders are held back while the backlog is above {@link #maxBacklog()}: a
   *     closed-loop run with senders and receivers together and a limit. A rate run is never held
   *     (its schedule is what it measures), nor a send-only, receive-only or send-then-drain run
   *     (their backlog is what they measure).
   */
  public boolean paced() {
    return mode == Mode.THROUGHPUT
        && phases == Phases.TOGETHER
        && senders > 0
        && receivers > 0
        && maxBacklog.enabled();
  }

  /**
   * @return the batches each sender keeps in flight: {@code inFlight}, lowered so that at most
   *     {@link #MAX_IN_FLIGHT_BYTES} of messages are in flight, and at least 1
   */
  public int effectiveInFlight() {
    long bytesPerBatch = (long) maxBatch * messageSizes.max();
    return (int) Math.max(1, Math.min(inFlight, MAX_IN_FLIGHT_BYTES / bytesPerBatch));
  }

  /**
   * @return the most messages a receiver asks for per receive: the batch size in throughput mode;
   *     at least {@link #RATE_RECEIVE_BATCH} in rate mode, whose batches are small by design
   */
  public int receiveBatch() {
    return mode == Mode.RATE ? Math.max(maxBatch, RATE_RECEIVE_BATCH) : maxBatch;
  }

  /**
   * @return the largest message: what heap, in-flight and backend limits are sized by
   */
  public int maxMessageBytes() {
    return messageSizes.max();
  }

  /**
   * @return the receiver threads of the run: {@code receivers} for each subscription
   */
  public int receiverThreads() {
    return receivers * subscriptions;
  }

  /**
   * @param senderId a sender's global id
   * @return the queue it sends to, from 0 to {@code queues - 1}
   */
  public int queueOfSender(int senderId) {
    return senderId % queues;
  }

  /**
   * @param receiverId a receiver's global id within its subscription
   * @return the queue it reads, from 0 to {@code queues - 1}
   */
  public int queueOfReceiver(int receiverId) {
    return receiverId % queues;
  }

  /**
   * @return true when messages are scheduled at a fixed rate
   */
  public boolean rateMode() {
    return mode == Mode.RATE;
  }

  /**
   * @return true when every send carries exactly {@link #maxBatch} messages: in rate mode, or with
   *     {@link #fixedBatch}
   */
  public boolean fixedBatches() {
    return rateMode() || fixedBatch;
  }

  /**
   * @return a short description for the terminal
   */
  public String describe() {
    return RunDescription.of(this);
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new ConfigException(message);
    }
  }
}
