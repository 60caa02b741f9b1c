package io.mqbench.engine.run;

import io.mqbench.engine.CellProgress;
import io.mqbench.engine.Tick;
import io.mqbench.engine.measure.DeliveryLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The run's counts per second: one tick for every whole second, and a shorter last one. */
final class Timeline {
  static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final long start;
  private final Consumer<Tick> onTick;
  private final List<Tick> ticks = new ArrayList<>();
  private long nextTick;
  private long lastSent;
  private long lastReceived;

  Timeline(long start, Consumer<Tick> onTick) {
    this.start = start;
    this.onTick = onTick;
    this.nextTick = start + TICK_NANOS;
  }

  /**
   * At a poll: a tick for every whole second passed since the last one, with the cells' counts for
   * ticks, asked for only when a second has passed.
   */
  void advance(long now, Supplier<CellProgress> counts) {
    if (now - nextTick < 0) {
      return;
    }
    CellProgress counted = counts.get();
    while (now - nextTick >= 0) {
      add(
          new Tick(
              ticks.size() + 1,
              1,
              counted.sent(),
              counted.received(),
              counted.sent() - lastSent,
              counted.received() - lastReceived));
      lastSent = counted.sent();
      lastReceived = counted.received();
      nextTick += TICK_NANOS;
    }
  }

  /**
   * The tick after the last whole second: from its start to the end of the watch, with the final
   * counts of the merged report rather than the last poll's, so that the timeline adds up to the
   * run's totals even with what arrived while the cells were stopping. None when the run ended on a
   * whole second with nothing left to count.
   */
  void finish(long end, DeliveryLedger ledger) {
    long sentBefore = ticks.isEmpty() ? 0 : ticks.get(ticks.size() - 1).sentTotal();
    long receivedBefore = ticks.isEmpty() ? 0 : ticks.get(ticks.size() - 1).receivedTotal();
    long length = end - (start + ticks.size() * TICK_NANOS);
    long sent = ledger.sent() - sentBefore;
    long received = ledger.received() - receivedBefore;
    if (length <= 0 && sent == 0 && received == 0) {
      return;
    }
    // At least a nanosecond: counts that came in while stopping need a length to be a rate.
    double seconds = Math.max(length, 1) / 1e9;
    add(new Tick(ticks.size() + 1, seconds, ledger.sent(), ledger.received(), sent, received));
  }

  List<Tick> ticks() {
    return ticks;
  }

  private void add(Tick t) {
    ticks.add(t);
    onTick.accept(t);
  }
}
