package io.mqbench.engine.testing;

import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.Mode;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.RunSettingsBuilder;
import io.mqbench.envelope.MessageSizes;
import java.time.Duration;
import java.util.Optional;

/**
 * Run settings for every module's tests, built in this one place (the engine's test-jar): short
 * idle and waits, batches 1..10, one batch in flight, 100-byte messages, senders never held back. A
 * test names only what it is about: {@code TestSettings.builder().senders(4).build()}.
 */
public final class TestSettings {
  private TestSettings() {}

  /**
   * @return a builder of a throughput run of one sender and one receiver sending 1,000 messages,
   *     with the test defaults; change what the test is about
   */
  public static RunSettingsBuilder builder() {
    return RunSettingsBuilder.builder()
        .mode(Mode.THROUGHPUT)
        .senders(1)
        .receivers(1)
        .messagesPerSender(1_000)
        .duration(Optional.empty())
        .rate(Optional.empty())
        .maxBatch(10)
        .messageSizes(MessageSizes.of(100))
        .inFlight(1)
        .phases(Phases.TOGETHER)
        .receiverIdle(Duration.ofSeconds(1))
        .receiveWait(Duration.ofMillis(100))
        .connectTimeout(Duration.ofSeconds(10))
        .maxBacklog(BacklogLimit.OFF);
  }

  /**
   * @param senders sender threads
   * @param receivers receiver threads
   * @param messagesPerSender messages each sender sends
   * @return a throughput run of batches 1..10 that ends one second after the last delivery
   */
  public static RunSettings throughput(int senders, int receivers, long messagesPerSender) {
    return builder()
        .senders(senders)
        .receivers(receivers)
        .messagesPerSender(messagesPerSender)
        .build();
  }

  /**
   * @param rate messages per second across senders
   * @param duration how long senders send
   * @return a rate run of one message per send, one sender and one receiver
   */
  public static RunSettings rate(double rate, Duration duration) {
    return builder()
        .mode(Mode.RATE)
        .rate(Optional.of(rate))
        .duration(Optional.of(duration))
        .messagesPerSender(Long.MAX_VALUE)
        .maxBatch(1)
        .build();
  }
}
