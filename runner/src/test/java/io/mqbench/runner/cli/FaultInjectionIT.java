package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.engine.OnClientError;
import io.mqbench.engine.measure.ClientErrors;
import io.mqbench.rabbitmq.RabbitNode;
import io.mqbench.results.FaultResult;
import io.mqbench.results.RunStatus;
import io.mqbench.runner.RunsAlone;
import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24, the faults themselves: each kind injected into a run at full load through the CLI, on a
 * broker the runner starts, says what it did on the terminal ({@code mqbench: fault ...}), and
 * loses no acknowledged message. Each run is bounded by its {@code --duration}; each test by a
 * timeout.
 */
@RunsAlone
class FaultInjectionIT {
  @TempDir Path tmp;

  private FaultRun run(String name, String... args) throws Exception {
    return FaultRun.of(tmp, name, args);
  }

  @Test
  @Timeout(120)
  void aKilledReceiverLeavesItsBatchUnacknowledgedAndTheOtherReceiverGetsItAgain()
      throws Exception {
    FaultRun ran =
        run(
            "memory-kill-receiver",
            "--queue",
            "memory",
            "--receivers",
            "2",
            "--duration",
            "6s",
            "--fault",
            "kill-receiver@3s");

    String line = ran.line("kill-receiver@3s");
    Matcher held =
        Pattern.compile("receiver 1 died holding ([0-9,]+) unacknowledged").matcher(line);
    assertThat(held.find()).as(line).isTrue();
    long unacknowledged = Long.parseLong(held.group(1).replace(",", ""));
    assertThat(unacknowledged).as("a receiver at full load dies with a batch in hand").isPositive();
    ran.assertNothingLost();
    // What it held was counted once by it, and again when the queue delivered it to receiver 2.
    assertThat(ran.result().totals().duplicates()).isGreaterThanOrEqualTo(unacknowledged);
    assertThat(ran.code()).as(ran.err()).isZero();
  }

  @Test
  @Timeout(120)
  void aKilledSenderStopsSendingAndTheOthersGoOn() throws Exception {
    FaultRun ran =
        run(
            "memory-kill-sender",
            "--queue",
            "memory",
            "--senders",
            "2",
            "--duration",
            "6s",
            "--fault",
            "kill-sender@3s:sender 2");

    assertThat(ran.line("kill-sender@3s:sender 2")).contains("sender 2 died with");
    ran.assertNothingLost();
    assertThat(ran.code()).as(ran.err()).isZero();
  }

  @Test
  @Timeout(300)
  void kafkaLosesNothingWhenTheLeaderOfItsPartitionsIsKilledAndRestarted() throws Exception {
    FaultRun ran =
        run(
            "kafka-restart-leader",
            "--queue",
            "kafka",
            "-p",
            "kafka.localBrokerNodes=3",
            "-p",
            "kafka.localBrokerHeapMb=384",
            "--local-broker",
            "always",
            "--duration",
            "14s",
            "--fault",
            "restart-broker@5s:leader");

    assertThat(ran.err()).contains("3-node Kafka");
    assertThat(ran.line("restart-broker@5s:leader"))
        .matches(
            "mqbench: fault restart-broker@5s:leader: kafka node [123] \\(the leader\\) at"
                + " 127\\.0\\.0\\.1:[0-9]+: killed \\(SIGKILL, pid [0-9]+\\) and started again on"
                + " its data, serving after [0-9.]+ s \\(pid [0-9]+\\)");
    ran.assertNothingLost();
  }

  @Test
  @Timeout(300)
  void rabbitMqLosesNothingWhenItsPrivateNodeIsKilledAndRestartedAndTheRunRidesThrough()
      throws Exception {
    assumeTrue(RabbitNode.installed().isPresent(), "rabbitmq-server is not installed");
    FaultRun ran =
        run(
            "rabbitmq-restart",
            "--queue",
            "rabbitmq",
            "--local-broker",
            "always",
            "--duration",
            "25s",
            "--fault",
            "restart-broker@3s");

    // A RabbitMQ node takes 7 to 25 s to kill, boot and recover its quorum queue on this machine:
    // the run lasts long enough for messages to flow again after it.
    assertThat(ran.err()).contains("--local-broker always: starting a private RabbitMQ node");
    assertThat(ran.line("restart-broker@3s"))
        .contains("rabbitmq node 1 at 127.0.0.1:")
        .contains("killed (SIGKILL, pid ")
        .contains("and started again on its data, serving after");
    ran.assertNothingLost();
    assertRodeThrough(ran);
  }

  /**
   * The run went on through the restart (a run with faults reconnects by default): its clients'
   * connections broke, were counted, were made again, and messages flowed after the fault.
   */
  private static void assertRodeThrough(FaultRun ran) {
    assertThat(ran.result().status()).as(ran.err()).isNotEqualTo(RunStatus.FAILED);
    assertThat(ran.result().setup().settings().run().onClientError())
        .isEqualTo(OnClientError.RECONNECT);
    ClientErrors errors = ran.result().faults().clientErrors();
    assertThat(errors).as("client errors; " + ran.err()).isNotNull();
    assertThat(errors.reconnects()).as(ran.err()).isPositive();
    assertThat(ran.out()).contains("errors     ").contains("reconnect");
    FaultResult f = ran.result().faults().injected().get(0);
    assertThat(f.after().received()).as("received after the restart; " + ran.err()).isPositive();
  }

  @Test
  @Timeout(300)
  void rabbitMqLosesNothingWhenItsNodeIsPausedForTwoSeconds() throws Exception {
    assumeTrue(RabbitNode.installed().isPresent(), "rabbitmq-server is not installed");
    FaultRun ran =
        run(
            "rabbitmq-pause",
            "--queue",
            "rabbitmq",
            "--local-broker",
            "always",
            "--duration",
            // Six seconds after the pause: room for the recovery verdict on a loaded host.
            "12s",
            "--fault",
            "pause-broker@4s+2s");

    assertThat(ran.line("pause-broker@4s+2s"))
        .matches(
            "mqbench: fault pause-broker@4s\\+2s: rabbitmq node 1 at 127\\.0\\.0\\.1:[0-9]+: paused"
                + " \\(SIGSTOP, pid [0-9]+\\) for 2s, then resumed \\(SIGCONT\\)");
    ran.assertNothingLost();
    assertThat(ran.code()).as(ran.err()).isZero();
  }

  @Test
  @Timeout(300)
  void artemisLosesNothingWhenItsBrokerIsKilledAndRestartedOnItsJournalAndTheRunRidesThrough()
      throws Exception {
    FaultRun ran =
        run(
            "artemis-restart",
            "--queue",
            "artemis",
            "--local-broker",
            "always",
            "--duration",
            "12s",
            "--fault",
            "restart-broker@4s");

    assertThat(ran.line("restart-broker@4s"))
        .contains("artemis node 1 at 127.0.0.1:")
        .contains("and started again on its data, serving after");
    ran.assertNothingLost();
    assertRodeThrough(ran);
  }

  /**
   * The accounting can fail: transient messages on a classic queue live in the node's memory, so a
   * restart destroys every one it held. Sent before the receivers start (send-then-drain), all of
   * them are in the queue at the kill: the run reports them lost, and says the loss was expected
   * with the setting it warned about.
   */
  @Test
  @Timeout(300)
  void rabbitMqTransientMessagesAreReportedLostAfterARestartAndTheLossIsLabelledAsExpected()
      throws Exception {
    assumeTrue(RabbitNode.installed().isPresent(), "rabbitmq-server is not installed");
    FaultRun ran =
        run(
            "rabbitmq-transient-restart",
            "--queue",
            "rabbitmq",
            "--durability",
            "memory",
            "--local-broker",
            "always",
            "--phases",
            "send-then-drain",
            "--mode",
            "rate",
            "--rate",
            "2000",
            "--duration",
            "8s",
            "--fault",
            "restart-broker@4s");

    assertThat(ran.err()).contains("mqbench: warning: rabbitmq.persistent=false");
    assertThat(ran.result().totals().lost())
        .as("about 4 s of sending at 2,000 msgs/s destroyed; " + ran.err())
        .isGreaterThan(4_000);
    assertThat(ran.code()).isEqualTo(ExitCodes.LOST_MESSAGES);
    assertThat(ran.out()).contains("(loss was expected with rabbitmq.persistent=false");
  }
}
