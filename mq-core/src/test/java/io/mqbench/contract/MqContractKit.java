package io.mqbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.config.MqConfig;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageBodies;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract every backend passes, run against a real broker. A backend's test extends this class
 * and says how to open a fresh queue; each test gets a queue no other test touches.
 *
 * <pre>{@code
 * class KafkaContractIT extends MqContractKit {
 *   protected Mq openFreshQueue(String name) {
 *     return new KafkaMqProvider().open(config with topic = name);
 *   }
 * }
 * }</pre>
 */
public abstract class MqContractKit {
  private static final int RUN_ID = new SplittableRandom().nextInt();

  private final List<AutoCloseable> opened = new ArrayList<>();
  private ExecutorService pool;

  /** The backend under test, opened on a fresh queue before each test. */
  protected Mq mq;

  /** The name of that fresh queue. */
  private String queueName;

  /**
   * Opens the backend on a queue (topic, collection) that no other test uses, with settings that
   * make the tests quick (a short lease, small timeouts).
   *
   * @param queueName a fresh name of letters, digits and dashes, at most 60 characters
   * @return the open backend
   * @throws Exception if it cannot be opened: the test then fails
   */
  protected abstract Mq openFreshQueue(String queueName) throws Exception;

  /**
   * Opens the backend on a fresh queue with several subscriptions ({@code MqProvider.open(config,
   * subscriptions)}), with the settings of {@link #openFreshQueue}, for a backend with
   * publish/subscribe.
   *
   * @param queueName a fresh name of letters, digits and dashes, at most 60 characters
   * @param subscriptions how many subscriptions, at least 2
   * @return the open backend; empty, by default, for a backend without publish/subscribe, whose
   *     subscription cases are then skipped
   * @throws Exception if it cannot be opened: the test then fails
   */
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions)
      throws Exception {
    return Optional.empty();
  }

  /**
   * A backend's provider and a configuration of it.
   *
   * @param provider the provider
   * @param config the configuration
   */
  public record Configured(MqProvider provider, MqConfig config) {}

  /**
   * The provider and the configuration that {@link #openFreshQueue} opens {@code queueName} with,
   * for the case of a run's several queues ({@code --queues}, {@code MqProvider.keysForQueue}).
   *
   * @param queueName a fresh name of letters, digits and dashes, at most 60 characters
   * @return them; empty, by default, to skip that case
   * @throws Exception if the configuration cannot be made: the test then fails
   */
  protected Optional<Configured> configured(String queueName) throws Exception {
    return Optional.empty();
  }

  /**
   * @return the largest body the backend must carry; 1 MiB unless the backend's limit is lower
   */
  protected int maxMessageSizeBytes() {
    return 1 << 20;
  }

  /**
   * How long a lease lasts when a receiver neither acknowledges nor closes (it hangs, or its
   * process was killed), for backends that end leases by time: a visibility timeout, a session
   * timeout.
   *
   * @return the lease time set in {@link #openFreshQueue}, or empty if leases end only with the
   *     receiver's connection
   */
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.empty();
  }

  /**
   * @return the step to which the backend rounds {@code receive}'s wait up, as its {@code
   *     MqLimits.receiveGranularity()} declares; zero by default
   */
  protected Duration receiveGranularity() {
    return Duration.ZERO;
  }

  /**
   * @return how long tests wait for messages to arrive before failing; covers consumer group joins
   */
  protected Duration patience() {
    return Duration.ofSeconds(30);
  }

  @BeforeEach
  final void openQueue(TestInfo info) throws Exception {
    String method = info.getTestMethod().map(m -> m.getName()).orElse("test");
    String name =
        (method.length() > 40 ? method.substring(0, 40) : method)
            + "-"
            + UUID.randomUUID().toString().substring(0, 8);
    pool = Executors.newCachedThreadPool();
    queueName = name.toLowerCase(java.util.Locale.ROOT);
    mq = openFreshQueue(queueName);
  }

  @AfterEach
  final void closeQueue() throws Exception {
    pool.shutdownNow();
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    opened.clear();
    if (mq != null) {
      mq.close();
    }
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).as("test threads ended").isTrue();
  }

  @Test
  void aQueueThatOpeningCreatedIsSaidToBeAndOnceRemovedIsCreatedAfresh() throws Exception {
    Optional<Boolean> created = mq.createdQueue();
    if (created.isEmpty()) {
      // The runner removes only queues that it knows its runs created: none of this backend's.
      assertThat(mq.removeQueue())
          .as("removes its queue although it cannot tell whether opening created it")
          .isFalse();
      return;
    }
    assertThat(created).as("a fresh queue, created by opening it").contains(true);
    sender().send(messages(0, 3, 64));
    Mq again = openFreshQueue(queueName);
    opened.add(again);
    assertThat(again.createdQueue()).as("the same queue opened again: found").contains(false);

    assertThat(mq.removeQueue()).as("removed").isTrue();

    Mq afresh = openFreshQueue(queueName);
    opened.add(afresh);
    assertThat(afresh.createdQueue()).as("opened after its removal: created again").contains(true);
    MqReceiver receiver = afresh.createReceiver();
    opened.add(receiver);
    assertThat(receiver.receive(10, Duration.ofSeconds(2)))
        .as("messages of the removed queue")
        .isEmpty();
  }

  @Test
  void oneMessageMakesTheRoundTrip() throws Exception {
    byte[] body = messages(0, 1, 100).get(0);
    sender().send(List.of(body));

    List<byte[]> got = receiveAndAck(receiver(), 1);

    assertThat(got).hasSize(1);
    assertThat(got.get(0)).isEqualTo(body);
  }

  @Test
  void batchesMakeTheRoundTrip() throws Exception {
    MqSender sender = sender();
    List<byte[]> sent = new ArrayList<>();
    long seq = 0;
    for (int size : new int[] {1, 2, 10, 100, 37}) {
      List<byte[]> batch = messages(seq, size, 100);
      seq += size;
      sender.send(batch);
      sent.addAll(batch);
    }

    List<byte[]> got = receiveAndAck(receiver(), sent.size());

    assertThat(keys(got)).containsExactlyInAnyOrderElementsOf(keys(sent));
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {Envelope.SIZE, 100, 1024, 65_536, 262_144, 1_048_576})
  void bodiesArriveByteIdentical(int sizeBytes) throws Exception {
    assumeTrue(
        sizeBytes <= maxMessageSizeBytes(),
        "the backend's largest message is " + maxMessageSizeBytes() + " bytes");
    List<byte[]> sent = messages(0, 3, sizeBytes);
    // Bytes of every value, including the ones text encodings mangle.
    for (int i = Envelope.SIZE; i < sizeBytes; i++) {
      sent.get(0)[i] = (byte) i;
    }
    sender().send(sent);

    List<byte[]> got = receiveAndAck(receiver(), sent.size());

    Map<Long, byte[]> bySequence = new HashMap<>();
    got.forEach(b -> bySequence.put(Envelope.sequence(b), b));
    for (byte[] expected : sent) {
      byte[] actual = bySequence.get(Envelope.sequence(expected));
      assertThat(actual).as("message %d", Envelope.sequence(expected)).isNotNull();
      assertThat(actual.length).isEqualTo(sizeBytes);
      assertThat(Arrays.equals(actual, expected))
          .as("body of message %d is byte-identical", Envelope.sequence(expected))
          .isTrue();
    }
  }

  @Test
  void emptyBatchesSendNothingAndAckingNothingIsANoOp() throws Exception {
    MqSender sender = sender();
    MqReceiver receiver = receiver();

    sender.send(List.of());
    receiver.ack(List.of());
    sender.send(messages(0, 1, 64));

    List<byte[]> got = receiveAndAck(receiver, 1);
    assertThat(got).hasSize(1);
    assertThat(receiver.receive(10, Duration.ofMillis(500))).isEmpty();
  }

  @Test
  void receiveNeverReturnsMoreThanAskedFor() throws Exception {
    sender().send(messages(0, 20, 64));
    MqReceiver receiver = receiver();

    int total = 0;
    long deadline = System.nanoTime() + patience().toNanos();
    while (total < 20 && System.nanoTime() < deadline) {
      List<Received> got = receiver.receive(3, Duration.ofSeconds(1));
      assertThat(got.size()).isLessThanOrEqualTo(3);
      receiver.ack(got);
      total += got.size();
    }
    assertThat(total).isEqualTo(20);
  }

  @Test
  void receiverClosedWithoutAckHasItsMessagesRedeliveredToAnotherReceiver() throws Exception {
    List<byte[]> sent = messages(0, 10, 100);
    sender().send(sent);
    MqReceiver first = receiver();
    List<byte[]> leased = receiveWithoutAck(first, sent.size());
    assertThat(keys(leased)).containsExactlyInAnyOrderElementsOf(keys(sent));

    first.close(); // dies without acknowledging anything
    long closedAt = System.nanoTime();

    List<byte[]> redelivered = receiveAndAck(receiver(), sent.size());
    Duration took = Duration.ofNanos(System.nanoTime() - closedAt);

    assertThat(keys(redelivered)).containsExactlyInAnyOrderElementsOf(keys(sent));
    abandonedLeaseTimeout()
        .ifPresent(
            lease ->
                assertThat(took)
                    .as("redelivery after close must not wait for the lease to time out")
                    .isLessThan(lease));
  }

  @Test
  void receiverThatHangsWithoutAckHasItsMessagesRedeliveredWhenTheLeaseEnds() throws Exception {
    Optional<Duration> lease = abandonedLeaseTimeout();
    assumeTrue(
        lease.isPresent(), "this backend ends a lease only when the receiver's connection ends");
    List<byte[]> sent = messages(0, 5, 100);
    sender().send(sent);
    MqReceiver hung = receiver();
    assertThat(keys(receiveWithoutAck(hung, sent.size())))
        .containsExactlyInAnyOrderElementsOf(keys(sent));

    // `hung` is neither closed nor acknowledging: its lease must run out by itself.
    List<byte[]> redelivered = receiveAndAck(receiver(), sent.size());

    assertThat(keys(redelivered)).containsExactlyInAnyOrderElementsOf(keys(sent));
  }

  @Test
  void acknowledgedMessagesAreNotRedelivered() throws Exception {
    sender().send(messages(0, 10, 100));
    MqReceiver first = receiver();
    assertThat(receiveAndAck(first, 10)).hasSize(10);
    first.close();

    Duration quiet = abandonedLeaseTimeout().orElse(Duration.ZERO).plusSeconds(3);
    MqReceiver second = receiver();
    List<byte[]> again = new ArrayList<>();
    long deadline = System.nanoTime() + quiet.toNanos();
    while (System.nanoTime() < deadline) {
      List<Received> got = second.receive(10, Duration.ofMillis(500));
      got.forEach(r -> again.add(r.body()));
      second.ack(got);
    }
    assertThat(again).as("messages delivered again after they were acknowledged").isEmpty();
  }

  @Test
  void ackAcknowledgesExactlyTheGivenMessagesAndNoOthers() throws Exception {
    List<byte[]> sent = messages(0, 6, 100);
    sender().send(sent);
    MqReceiver first = receiver();
    List<Received> leased = new ArrayList<>();
    long deadline = System.nanoTime() + patience().toNanos();
    while (leased.size() < sent.size() && System.nanoTime() < deadline) {
      leased.addAll(first.receive(sent.size() - leased.size(), Duration.ofMillis(500)));
    }
    assertThat(leased).hasSize(sent.size());

    // Acknowledge half; the other half must not be acknowledged with them (no JMS
    // CLIENT_ACKNOWLEDGE semantics): it comes back once the receiver is gone.
    first.ack(leased.subList(0, 3));
    List<String> notAcked = keys(leased.subList(3, 6).stream().map(Received::body).toList());
    first.close();

    MqReceiver second = receiver();
    Set<String> again = new HashSet<>();
    deadline = System.nanoTime() + patience().toNanos();
    while (!again.containsAll(notAcked) && System.nanoTime() < deadline) {
      List<Received> got = second.receive(10, Duration.ofMillis(500));
      got.forEach(r -> again.addAll(keys(List.of(r.body()))));
      second.ack(got);
    }
    assertThat(again).as("messages never acknowledged, redelivered").containsAll(notAcked);
  }

  @Test
  void concurrentSendersAndReceiversLoseNothing() throws Exception {
    int senders = 4;
    int receivers = 4;
    int perSender = 500;
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    AtomicBoolean done = new AtomicBoolean();
    List<MqSender> senderList = IntStream.range(0, senders).mapToObj(i -> sender()).toList();
    List<MqReceiver> receiverList =
        IntStream.range(0, receivers).mapToObj(i -> receiver()).toList();

    List<Future<?>> receiving = new ArrayList<>();
    for (MqReceiver r : receiverList) {
      receiving.add(
          pool.submit(
              () -> {
                while (!done.get()) {
                  List<Received> got = r.receive(50, Duration.ofMillis(200));
                  for (Received m : got) {
                    seen.add(
                        (long) Envelope.senderId(m.body()) << 32 | Envelope.sequence(m.body()));
                  }
                  r.ack(got);
                }
                return null;
              }));
    }
    List<Future<?>> sending = new ArrayList<>();
    for (int s = 0; s < senders; s++) {
      int senderId = s;
      MqSender sender = senderList.get(s);
      sending.add(
          pool.submit(
              () -> {
                MessageBodies bodies = new MessageBodies(100, RUN_ID, senderId, senderId);
                SplittableRandom random = new SplittableRandom(senderId);
                long seq = 0;
                while (seq < perSender) {
                  int n = (int) Math.min(perSender - seq, 1 + random.nextInt(20));
                  List<byte[]> batch = new ArrayList<>(n);
                  for (int i = 0; i < n; i++) {
                    batch.add(bodies.next(seq++, System.nanoTime()));
                  }
                  sender.send(batch);
                }
                return null;
              }));
    }
    for (Future<?> f : sending) {
      f.get(patience().toSeconds() * 4, TimeUnit.SECONDS);
    }
    long deadline = System.nanoTime() + patience().toNanos();
    while (seen.size() < senders * perSender && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    done.set(true);
    for (Future<?> f : receiving) {
      f.get(patience().toSeconds(), TimeUnit.SECONDS);
    }

    Set<Long> missing = new HashSet<>();
    for (long s = 0; s < senders; s++) {
      for (long q = 0; q < perSender; q++) {
        if (!seen.contains(s << 32 | q)) {
          missing.add(s << 32 | q);
        }
      }
    }
    assertThat(missing).as("sender<<32|sequence pairs never received").isEmpty();
  }

  @Test
  void receiveReturnsWithinItsWaitBoundWhenTheQueueIsEmpty() throws Exception {
    MqReceiver receiver = receiver();
    receiver.receive(10, Duration.ofMillis(100)); // lets a consumer join its group first

    for (Duration wait : List.of(Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(1))) {
      long start = System.nanoTime();
      List<Received> got = receiver.receive(10, wait);
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(got).isEmpty();
      Duration rounded = roundUp(wait, receiveGranularity());
      assertThat(took).as("receive(10, %s) took", wait).isLessThan(rounded.plusSeconds(2));
    }
  }

  private static Duration roundUp(Duration wait, Duration granularity) {
    if (granularity.isZero()) {
      return wait;
    }
    long steps = (wait.toNanos() + granularity.toNanos() - 1) / granularity.toNanos();
    return granularity.multipliedBy(Math.max(steps, 0));
  }

  @Test
  void closingIsIdempotent() {
    MqSender sender = told(mq.createSender());
    MqReceiver receiver = mq.createReceiver();

    assertThatCode(
            () -> {
              sender.close();
              sender.close();
              receiver.close();
              receiver.close();
              mq.close();
              mq.close();
            })
        .doesNotThrowAnyException();
  }

  // ---- asynchronous sends: many batches in flight per sender ----

  @Test
  void manyBatchesInFlightLoseNothingAndArriveByteIdentical() throws Exception {
    MqSender sender = sender();
    List<byte[]> sent = new ArrayList<>();
    List<CompletableFuture<Void>> inFlight = new ArrayList<>();
    // All 50 issued before any completion is awaited.
    for (int i = 0; i < 50; i++) {
      List<byte[]> batch = messages(i * 20L, 20, 100);
      sent.addAll(batch);
      inFlight.add(sender.sendAsync(batch));
    }
    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
        .get(patience().toMillis(), TimeUnit.MILLISECONDS);

    List<byte[]> got = receiveAndAck(receiver(), sent.size());

    assertThat(keys(got)).containsExactlyInAnyOrderElementsOf(keys(sent));
    Map<Long, byte[]> bySequence = new HashMap<>();
    got.forEach(b -> bySequence.put(Envelope.sequence(b), b));
    for (byte[] expected : sent) {
      assertThat(Arrays.equals(bySequence.get(Envelope.sequence(expected)), expected))
          .as("body of message %d is byte-identical", Envelope.sequence(expected))
          .isTrue();
    }
  }

  @Test
  void singleMessageBatchesInFlightBesideLargerOnesEachCompleteOnceTheirMessageIsSent()
      throws Exception {
    MqSender sender = sender();
    List<byte[]> sent = new ArrayList<>();
    List<CompletableFuture<Void>> inFlight = new ArrayList<>();
    long sequence = 0;
    // Batches of one (the runner's default) between batches of several, all issued at once.
    for (int i = 0; i < 60; i++) {
      int size = i % 3 == 2 ? 7 : 1;
      List<byte[]> batch = messages(sequence, size, 100);
      sequence += size;
      sent.addAll(batch);
      inFlight.add(sender.sendAsync(batch));
    }
    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
        .get(patience().toMillis(), TimeUnit.MILLISECONDS);

    assertThat(inFlight).allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
    assertThat(keys(receiveAndAck(receiver(), sent.size())))
        .containsExactlyInAnyOrderElementsOf(keys(sent));
  }

  @Test
  void sendAndSendAsyncMixOnOneSender() throws Exception {
    MqSender sender = sender();
    CompletableFuture<Void> first = sender.sendAsync(messages(0, 10, 100));
    sender.send(messages(10, 10, 100));
    CompletableFuture<Void> third = sender.sendAsync(messages(20, 10, 100));
    CompletableFuture.allOf(first, third).get(patience().toMillis(), TimeUnit.MILLISECONDS);

    assertThat(receiveAndAck(receiver(), 30)).hasSize(30);
  }

  @Test
  void aBatchThatCannotBeSentCompletesExceptionallyInsteadOfThrowing() throws Exception {
    MqSender sender = told(mq.createSender());
    sender.close();

    CompletableFuture<Void> done = sender.sendAsync(messages(0, 5, 100));

    assertThatThrownBy(() -> done.get(patience().toMillis(), TimeUnit.MILLISECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(MqException.class);
  }

  @Test
  void closingASenderCompletesEveryBatchStillInFlight() throws Exception {
    MqSender sender = told(mq.createSender());
    List<CompletableFuture<Void>> inFlight = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      inFlight.add(sender.sendAsync(messages(i * 50L, 50, 100)));
    }

    sender.close();

    for (CompletableFuture<Void> f : inFlight) {
      try {
        f.get(patience().toMillis(), TimeUnit.MILLISECONDS);
      } catch (ExecutionException e) {
        // Failing is allowed (the batch's fate is unknown); staying pending is not.
      }
      assertThat(f).isDone();
    }
  }

  @Test
  void everySubscriptionReceivesEveryMessageAndItsReceiversShareThem() throws Exception {
    Mq pubSub = subscriptions(3);
    List<byte[]> sent = messages(0, 30, 100);
    MqSender sender = told(pubSub.createSender());
    opened.add(sender);
    sender.send(sent.subList(0, 15));
    sender.send(sent.subList(15, 30)); // sent before any receiver of a subscription exists

    List<byte[]> shared = new ArrayList<>();
    MqReceiver firstOfZero = subscriber(pubSub, 0);
    MqReceiver secondOfZero = subscriber(pubSub, 0);
    long deadline = System.nanoTime() + patience().toNanos();
    while (distinct(shared) < sent.size() && System.nanoTime() < deadline) {
      for (MqReceiver r : List.of(firstOfZero, secondOfZero)) {
        List<Received> got = r.receive(sent.size(), Duration.ofMillis(200));
        got.forEach(m -> shared.add(m.body()));
        r.ack(got);
      }
    }
    List<byte[]> ofOne = receiveAndAck(subscriber(pubSub, 1), sent.size());
    List<byte[]> ofTwo = receiveAndAck(subscriber(pubSub, 2), sent.size());

    assertThat(keys(shared)).containsAll(keys(sent));
    assertThat(keys(ofOne)).containsExactlyInAnyOrderElementsOf(keys(sent));
    assertThat(keys(ofTwo)).containsExactlyInAnyOrderElementsOf(keys(sent));
  }

  @Test
  void aSubscriptionsUnacknowledgedMessagesComeBackInThatSubscriptionOnly() throws Exception {
    Mq pubSub = subscriptions(2);
    List<byte[]> sent = messages(0, 10, 100);
    MqSender sender = told(pubSub.createSender());
    opened.add(sender);
    sender.send(sent);

    MqReceiver dies = subscriber(pubSub, 0);
    assertThat(keys(receiveWithoutAck(dies, sent.size())))
        .containsExactlyInAnyOrderElementsOf(keys(sent));
    assertThat(keys(receiveAndAck(subscriber(pubSub, 1), sent.size())))
        .containsExactlyInAnyOrderElementsOf(keys(sent));
    dies.close(); // without acknowledging: subscription 0 must get them again, 1 must not

    assertThat(keys(receiveAndAck(subscriber(pubSub, 0), sent.size())))
        .containsExactlyInAnyOrderElementsOf(keys(sent));
    MqReceiver laterOfOne = subscriber(pubSub, 1);
    List<Received> again = laterOfOne.receive(sent.size(), Duration.ofSeconds(1));
    assertThat(again).as("subscription 1 acknowledged everything").isEmpty();
  }

  @Test
  void queuesNamedForTwoSuffixesShareNoMessages() throws Exception {
    // The base name itself is never opened: each queue is it with a suffix (cut to fit, if need
    // be).
    Optional<Configured> configured = configured(queueName);
    assumeTrue(configured.isPresent(), "this backend's test gives no configuration for --queues");
    MqProvider provider = configured.get().provider();
    MqConfig base = configured.get().config();
    Map<String, String> one = provider.keysForQueue(base, "-1").orElseThrow();
    Map<String, String> two = provider.keysForQueue(base, "-2").orElseThrow();
    assertThat(one.keySet()).isEqualTo(two.keySet());
    one.forEach((key, name) -> assertThat(name).as(key).isNotEqualTo(two.get(key)));
    Mq first = provider.open(over(base, one));
    opened.add(first);
    Mq second = provider.open(over(base, two));
    opened.add(second);
    List<byte[]> toFirst = messages(0, 5, 100);
    List<byte[]> toSecond = messages(100, 2, 100);
    try (MqSender a = told(first.createSender());
        MqSender b = told(second.createSender())) {
      a.send(toFirst);
      b.send(toSecond);
    }

    try (MqReceiver ofSecond = second.createReceiver();
        MqReceiver ofFirst = first.createReceiver()) {
      assertThat(keys(receiveAndAck(ofSecond, 2)))
          .containsExactlyInAnyOrderElementsOf(keys(toSecond));
      assertThat(ofSecond.receive(10, Duration.ofSeconds(1)))
          .as("the second queue has nothing of the first's")
          .isEmpty();
      assertThat(keys(receiveAndAck(ofFirst, 5)))
          .containsExactlyInAnyOrderElementsOf(keys(toFirst));
    }
  }

  private static MqConfig over(MqConfig config, Map<String, String> keys) {
    MqConfig c = config;
    for (Map.Entry<String, String> k : keys.entrySet()) {
      c = c.with(k.getKey(), k.getValue());
    }
    return c;
  }

  private Mq subscriptions(int count) throws Exception {
    Optional<Mq> pubSub = openFreshSubscriptions(queueName + "-ps", count);
    assumeTrue(pubSub.isPresent(), "this backend has no publish/subscribe");
    opened.add(pubSub.get());
    return pubSub.get();
  }

  private MqReceiver subscriber(Mq pubSub, int subscription) {
    MqReceiver r = pubSub.createReceiver(subscription);
    opened.add(r);
    return r;
  }

  private static long distinct(List<byte[]> bodies) {
    return keys(bodies).stream().distinct().count();
  }

  // ---- helpers for subclasses and tests ----

  /**
   * @return a sender closed after the test
   */
  protected final MqSender sender() {
    MqSender s = told(mq.createSender());
    opened.add(s);
    return s;
  }

  /**
   * @return a receiver closed after the test
   */
  protected final MqReceiver receiver() {
    MqReceiver r = mq.createReceiver();
    opened.add(r);
    return r;
  }

  /**
   * Enveloped messages of one sender.
   *
   * @param firstSequence the first message's sequence number
   * @param count how many
   * @param sizeBytes each one's size
   * @return fresh bodies
   */
  protected static List<byte[]> messages(long firstSequence, int count, int sizeBytes) {
    MessageBodies bodies = new MessageBodies(sizeBytes, RUN_ID, 0, firstSequence);
    List<byte[]> out = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      out.add(bodies.next(firstSequence + i, System.nanoTime()));
    }
    return out;
  }

  /**
   * Receives until {@code count} messages arrived or {@link #patience()} passed, acknowledging each
   * batch.
   */
  protected final List<byte[]> receiveAndAck(MqReceiver receiver, int count)
      throws InterruptedException {
    return receive(receiver, count, true);
  }

  /** Receives until {@code count} messages arrived or {@link #patience()} passed; never acks. */
  protected final List<byte[]> receiveWithoutAck(MqReceiver receiver, int count)
      throws InterruptedException {
    return receive(receiver, count, false);
  }

  private List<byte[]> receive(MqReceiver receiver, int count, boolean ack)
      throws InterruptedException {
    List<byte[]> out = new ArrayList<>();
    long deadline = System.nanoTime() + patience().toNanos();
    while (out.size() < count && System.nanoTime() < deadline) {
      List<Received> got = receiver.receive(count - out.size(), Duration.ofMillis(500));
      got.forEach(r -> out.add(r.body()));
      if (ack) {
        receiver.ack(got);
      }
    }
    return out;
  }

  /** Identity of a message for set comparisons: sender and sequence from its envelope. */
  private static List<String> keys(List<byte[]> bodies) {
    return bodies.stream()
        .map(
            b ->
                Envelope.senderId(b)
                    + "/"
                    + Envelope.sequence(b)
                    + "/"
                    + ByteBuffer.wrap(b).hashCode())
        .toList();
  }

  /**
   * How many batches in flight the kit tells each sender it creates ({@link
   * MqSender#expectInFlight}); 0, the default, tells none. A backend with a send path of its own
   * for one batch in flight runs the kit again with 1.
   */
  protected int sendersInFlight() {
    return 0;
  }

  private MqSender told(MqSender sender) {
    if (sendersInFlight() > 0) {
      sender.expectInFlight(sendersInFlight());
    }
    return sender;
  }
}
