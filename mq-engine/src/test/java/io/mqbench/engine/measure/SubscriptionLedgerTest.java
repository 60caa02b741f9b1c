package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Issue 30, point 2: the accounting assumed each message is received once. With several
 * subscriptions, every subscription must receive every message, and a message one of them missed is
 * lost there even if the others got it.
 */
class SubscriptionLedgerTest {

  @Test
  void aMessageOneSubscriptionMissedIsLostThereAlthoughTheOthersGotIt() {
    Roaring64NavigableMap all = range(0, 100);
    Roaring64NavigableMap missingThree = range(0, 100);
    missingThree.removeLong(7);
    missingThree.removeLong(8);
    missingThree.removeLong(9);
    DeliveryBitmaps bitmaps =
        new DeliveryBitmaps(
            Map.of(0, all),
            Map.of(
                DeliveryBitmaps.seenKey(0, 0), all,
                DeliveryBitmaps.seenKey(1, 0), missingThree,
                DeliveryBitmaps.seenKey(2, 0), all),
            3);

    DeliveryLedger total = DeliveryLedger.of(bitmaps, 100 + 97 + 100 + 2);
    DeliveryLedger second = DeliveryLedger.of(bitmaps, 97, id -> true, s -> s == 1);
    DeliveryLedger third = DeliveryLedger.of(bitmaps, 102, id -> true, s -> s == 2);

    assertThat(total.sent()).isEqualTo(100);
    assertThat(total.lost()).isEqualTo(3);
    assertThat(total.distinct()).isEqualTo(297);
    assertThat(total.duplicates()).isEqualTo(2);
    assertThat(second.lost()).isEqualTo(3);
    assertThat(third.lost()).isZero();
    assertThat(third.duplicates()).isEqualTo(2);
  }

  @Test
  void aSubscriptionThatReceivedNothingHasLostEverything() {
    DeliveryBitmaps bitmaps =
        new DeliveryBitmaps(
            Map.of(0, range(0, 10), 1, range(0, 5)), Map.of(0, range(0, 10), 1, range(0, 5)), 2);

    assertThat(DeliveryLedger.of(bitmaps, 15).lost()).isEqualTo(15);
    assertThat(DeliveryLedger.of(bitmaps, 0, id -> true, s -> s == 1).lost()).isEqualTo(15);
  }

  @Test
  void subscriptionsSurviveSerializationAndOlderBytesReadAsOne() throws Exception {
    DeliveryBitmaps three =
        new DeliveryBitmaps(
            Map.of(4, range(0, 3)), Map.of(DeliveryBitmaps.seenKey(2, 4), range(0, 3)), 3);
    assertThat(DeliveryBitmaps.deserialize(three.serialize())).isEqualTo(three);

    ByteArrayOutputStream older = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(older)) {
      out.writeInt(1);
      out.writeInt(4);
      range(0, 3).serializePortable(out);
      out.writeInt(0); // nothing seen, and no subscription count after it
    }
    DeliveryBitmaps read = DeliveryBitmaps.deserialize(older.toByteArray());
    assertThat(read.subscriptions()).isEqualTo(1);
    assertThat(DeliveryLedger.of(read, 0).lost()).isEqualTo(3);
  }

  @Test
  void mergingCellsKeepsTheRunsSubscriptions() {
    DeliveryBitmaps cell = new DeliveryBitmaps(Map.of(), Map.of(), 4);

    assertThat(DeliveryBitmaps.empty().plus(cell).subscriptions()).isEqualTo(4);
  }

  private static Roaring64NavigableMap range(long from, long to) {
    Roaring64NavigableMap bits = new Roaring64NavigableMap();
    bits.addRange(from, to);
    return bits;
  }
}
