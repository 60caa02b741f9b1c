package io.mqbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How every backend fails, run against its real broker beside {@link MqContractKit}: failures are
 * quick, name what to fix in one line, and never hang. A backend's test extends this class and says
 * how to configure it; a test that does not apply to a backend (no address, no credentials, no
 * broker process to freeze) is skipped with the reason.
 *
 * <ul>
 *   <li>an unreachable address (nothing listening; a port that accepts but never answers) fails
 *       {@code open} within 10 s, naming host and port;
 *   <li>wrong credentials fail {@code open} in one line naming the key to fix;
 *   <li>a broker that stops answering mid-send makes {@code send} fail within the backend's
 *       declared {@link MqLimits#sendTimeout()} instead of hanging;
 *   <li>a message or batch over the declared limit is refused before anything is sent, and a
 *       message of exactly the limit makes the round trip.
 * </ul>
 */
public abstract class MqFailureKit {
  /** What the kit promises users: a wrong address is reported within this time. */
  protected static final Duration UNREACHABLE_LIMIT = Duration.ofSeconds(10);

  private final List<AutoCloseable> opened = new ArrayList<>();
  private ExecutorService pool;

  /**
   * @return the backend under test
   */
  protected abstract MqProvider provider();

  /**
   * The configuration of a working broker, on a queue no other test uses, with settings that keep
   * the tests quick (short send timeouts).
   *
   * @param queueName a fresh name of letters, digits and dashes
   * @return raw key to value
   */
  protected abstract Map<String, String> brokerConfig(String queueName);

  /**
   * The configuration pointing at another address.
   *
   * @param host a host
   * @param port a port
   * @return raw key to value, or empty when the backend has no address (it runs in-process)
   */
  protected abstract Optional<Map<String, String>> configAt(String host, int port);

  /**
   * A configuration whose credentials the broker refuses.
   *
   * @return the configuration and the key the error must name, or empty when the broker under test
   *     authenticates nobody
   */
  protected Optional<WrongCredentials> wrongCredentials() {
    return Optional.empty();
  }

  /**
   * @param config raw configuration with wrong credentials
   * @param key the key the error message must name
   */
  public record WrongCredentials(Map<String, String> config, String key) {}

  /**
   * Freezes and thaws the broker process under test ({@code SIGSTOP}/{@code SIGCONT}).
   *
   * @return the control, or empty when the tests do not own a broker process
   */
  protected Optional<BrokerControl> brokerControl() {
    return Optional.empty();
  }

  /** Freezes and thaws the broker under test. */
  public interface BrokerControl {
    /**
     * @param faults a local broker's faults
     * @return a control that pauses every node of it at once, and lets them all run again
     */
    static BrokerControl everyNodeOf(io.mqbench.mq.BrokerFaults faults) {
      return new BrokerControl() {
        @Override
        public void suspend() throws Exception {
          for (int node = 0; node < faults.nodes(); node++) {
            faults.pause(node);
          }
        }

        @Override
        public void resume() throws Exception {
          for (int node = 0; node < faults.nodes(); node++) {
            faults.resume(node);
          }
        }
      };
    }

    /**
     * Stops the broker answering: connections stay open, nothing is read or written.
     *
     * @throws Exception if it cannot
     */
    void suspend() throws Exception;

    /**
     * Lets it run again.
     *
     * @throws Exception if it cannot
     */
    void resume() throws Exception;
  }

  @BeforeEach
  final void startPool() {
    pool = Executors.newCachedThreadPool();
  }

  @AfterEach
  final void closeAll() throws Exception {
    for (int i = opened.size() - 1; i >= 0; i--) {
      opened.get(i).close();
    }
    opened.clear();
    pool.shutdownNow();
  }

  @Test
  void openFailsWithinTenSecondsNamingHostAndPortWhenNothingListens() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    assertOpenFailsQuicklyNaming("127.0.0.1", port);
  }

  @Test
  void openFailsWithinTenSecondsNamingHostAndPortWhenThePortNeverAnswers() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      List<Socket> accepted = new ArrayList<>();
      pool.submit(
          () -> {
            while (!silent.isClosed()) {
              Socket s = silent.accept(); // accepts, reads nothing, answers nothing
              synchronized (accepted) {
                accepted.add(s);
              }
            }
            return null;
          });
      try {
        assertOpenFailsQuicklyNaming("127.0.0.1", silent.getLocalPort());
      } finally {
        synchronized (accepted) {
          for (Socket s : accepted) {
            s.close();
          }
        }
      }
    }
  }

  private void assertOpenFailsQuicklyNaming(String host, int port) throws Exception {
    Optional<Map<String, String>> raw = configAt(host, port);
    assumeTrue(raw.isPresent(), provider().name() + " has no broker address");
    long start = System.nanoTime();
    Throwable failure = openFailure(raw.get(), UNREACHABLE_LIMIT.plusSeconds(20));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(failure).isInstanceOf(MqException.class);
    assertThat(failure.getMessage()).contains(host + ":" + port).doesNotContain("\n");
    assertThat(took).as("open() of an unreachable address took").isLessThan(UNREACHABLE_LIMIT);
  }

  @Test
  void wrongCredentialsFailOpenInOneLineNamingTheKey() throws Exception {
    Optional<WrongCredentials> wrong = wrongCredentials();
    assumeTrue(wrong.isPresent(), "the broker under test authenticates nobody");
    Throwable failure = openFailure(wrong.get().config(), UNREACHABLE_LIMIT.plusSeconds(20));

    assertThat(failure).isInstanceOf(MqException.class);
    assertThat(failure.getMessage()).contains(wrong.get().key()).doesNotContain("\n");
  }

  /** Opens in another thread, so that a hang fails the test instead of blocking the build. */
  private Throwable openFailure(Map<String, String> raw, Duration bound) throws Exception {
    Future<Mq> opening = pool.submit(() -> provider().open(provider().configure(raw)));
    try {
      Mq mq = opening.get(bound.toMillis(), TimeUnit.MILLISECONDS);
      opened.add(mq);
      return fail("open() succeeded against %s", raw);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (TimeoutException e) {
      opening.cancel(true);
      return fail("open() still had not failed after %s", bound);
    }
  }

  @Test
  void sendFailsWithinTheDeclaredTimeoutWhenTheBrokerStopsAnswering() throws Exception {
    Optional<BrokerControl> control = brokerControl();
    assumeTrue(control.isPresent(), "the tests own no broker process to freeze");
    Map<String, String> raw = brokerConfig(freshName("frozen"));
    MqLimits limits = provider().limits(provider().configure(raw));
    Mq mq = open(raw);
    MqSender sender = told(mq.createSender());
    opened.add(sender);
    sender.send(MqContractKit.messages(0, 1, 100)); // connected, and the queue exists

    control.get().suspend();
    try {
      long start = System.nanoTime();
      Future<?> sending =
          pool.submit(
              () -> {
                sender.send(MqContractKit.messages(1, 10, 100));
                return null;
              });
      Throwable failure;
      try {
        sending.get(limits.sendTimeout().plusSeconds(30).toMillis(), TimeUnit.MILLISECONDS);
        failure = null;
      } catch (ExecutionException e) {
        failure = e.getCause();
      } catch (TimeoutException e) {
        sending.cancel(true);
        failure = fail("send() to a frozen broker hung past %s", limits.sendTimeout());
      }
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(failure).as("send() to a frozen broker").isInstanceOf(MqException.class);
      assertThat(failure.getMessage()).doesNotContain("\n");
      assertThat(took)
          .as("send() failed after (declared send timeout %s)", limits.sendTimeout())
          .isLessThan(limits.sendTimeout().plusSeconds(5));
    } finally {
      control.get().resume();
    }
  }

  @Test
  void aMessageOverTheDeclaredLimitIsRefusedBeforeSending() throws Exception {
    Map<String, String> raw = brokerConfig(freshName("too-large"));
    MqLimits limits = provider().limits(provider().configure(raw));
    assumeTrue(
        limits.maxMessageBytes() <= 64 << 20,
        "the declared message limit is too large to test: " + limits.maxMessageBytes());
    int max = (int) limits.maxMessageBytes();
    Mq mq = open(raw);
    MqSender sender = told(mq.createSender());
    opened.add(sender);

    byte[] tooLarge = MqContractKit.messages(0, 1, max + 1).get(0);
    Throwable refused = sendFailure(sender, List.of(tooLarge));
    assertThat(refused).isInstanceOf(MqException.class);
    assertThat(refused.getMessage()).contains(String.valueOf(max)).doesNotContain("\n");

    byte[] atLimit = MqContractKit.messages(1, 1, max).get(0);
    sender.send(List.of(atLimit));
    MqReceiver receiver = mq.createReceiver();
    opened.add(receiver);
    List<byte[]> got = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (got.isEmpty() && System.nanoTime() < deadline) {
      List<Received> r = receiver.receive(10, Duration.ofMillis(500));
      r.forEach(m -> got.add(m.body()));
      receiver.ack(r);
    }
    assertThat(got)
        .as("only the message of exactly the limit was sent, and it arrived whole")
        .hasSize(1);
    assertThat(got.get(0)).isEqualTo(atLimit);
  }

  @Test
  void aBatchOverTheDeclaredLimitIsRefusedBeforeSending() throws Exception {
    Map<String, String> raw = brokerConfig(freshName("batch"));
    MqLimits limits = provider().limits(provider().configure(raw));
    assumeTrue(
        limits.maxBatchMessages() < 10_000,
        provider().name() + " declares no batch limit under this configuration");
    Mq mq = open(raw);
    MqSender sender = told(mq.createSender());
    opened.add(sender);

    Throwable refused =
        sendFailure(sender, MqContractKit.messages(0, limits.maxBatchMessages() + 1, 100));
    assertThat(refused).isInstanceOf(MqException.class);
    assertThat(refused.getMessage()).contains(String.valueOf(limits.maxBatchMessages()));
  }

  private static Throwable sendFailure(MqSender sender, List<byte[]> batch)
      throws InterruptedException {
    try {
      sender.send(batch);
    } catch (MqException e) {
      return e;
    }
    return fail("send() accepted a batch over the declared limit");
  }

  private Mq open(Map<String, String> raw) {
    Mq mq = provider().open(provider().configure(raw));
    opened.add(mq);
    return mq;
  }

  /**
   * @param what a word for the test
   * @return a queue name no other test uses
   */
  protected static String freshName(String what) {
    return "failure-" + what + "-" + UUID.randomUUID().toString().substring(0, 8);
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
