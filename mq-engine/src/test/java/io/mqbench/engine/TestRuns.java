package io.mqbench.engine;

import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Runs for tests: settings with test-sized defaults, memory queues, one local cell. */
final class TestRuns {
  static final int RUN_ID = 5;

  private TestRuns() {}

  static RunSettings throughput(int senders, int receivers, long messages) {
    return TestSettings.builder()
        .senders(senders)
        .receivers(receivers)
        .messagesPerSender(messages)
        .build();
  }

  static RunSettings timed(int senders, int receivers, Duration duration) {
    return throughput(senders, receivers, 1).forDuration(duration);
  }

  static Mq memory() {
    MemoryMqProvider p = new MemoryMqProvider();
    return p.open(p.configure(Map.of()));
  }

  /** A coordinator over one local cell that uses {@code mq} (closed at the end of the run). */
  static Coordinator coordinator(Mq mq, RunSettings settings, Consumer<Tick> onTick) {
    LocalCell cell = new LocalCell(spec -> new LocalCell.Opened(mq, "test"));
    return new Coordinator(
        List.of(
            new Coordinator.Placement(
                cell, CellSpec.whole("memory", Map.of(), settings, RUN_ID, 1))),
        onTick);
  }

  static RunOutcome run(Mq mq, RunSettings settings) throws InterruptedException {
    return coordinator(mq, settings, t -> {}).run();
  }
}
