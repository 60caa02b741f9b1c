package io.mqbench.artemis;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;

/**
 * The broker the runner starts when no {@code artemis.url} is given: one Artemis broker in its own
 * JVM on a free loopback port, accepting the configured user. See {@link LocalArtemis}.
 */
final class ArtemisLocalBroker implements LocalBroker {
  private final int heapMb;
  private LocalArtemis artemis;

  ArtemisLocalBroker(int heapMb) {
    this.heapMb = heapMb;
  }

  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (artemis != null) {
      throw new MqException("the local Artemis broker is already started");
    }
    artemis =
        LocalArtemis.start(
            heapMb,
            config.get(ArtemisSettings.USER),
            config.get(ArtemisSettings.PASSWORD),
            Duration.ofSeconds(60));
    return config.with(ArtemisSettings.URL.name(), artemis.url());
  }

  @Override
  public synchronized String description() {
    return "single-node Artemis "
        + LocalArtemis.VERSION
        + " ("
        + LocalArtemis.JOURNAL
        + ") on "
        + (artemis == null ? "a free loopback port" : artemis.url().substring("tcp://".length()));
  }

  @Override
  public synchronized void close() {
    if (artemis != null) {
      artemis.close();
    }
  }
}
