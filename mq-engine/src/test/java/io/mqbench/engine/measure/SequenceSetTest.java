package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

class SequenceSetTest {
  @Test
  void numbersInOrderPastSeveralContainersAreAllThere() {
    SequenceSet set = new SequenceSet();
    for (long n = 0; n < 200_000; n++) {
      set.add(n);
    }

    Roaring64NavigableMap bits = set.bitmap();

    assertThat(bits.getLongCardinality()).isEqualTo(200_000);
    assertThat(bits.contains(0)).isTrue();
    assertThat(bits.contains(65_536)).isTrue();
    assertThat(bits.contains(199_999)).isTrue();
    assertThat(bits.contains(200_000)).isFalse();
  }

  @Test
  void anyOrderWithDuplicatesAndRangesHoldsWhatAPlainBitmapHolds() {
    Random random = new Random(42);
    SequenceSet set = new SequenceSet();
    Roaring64NavigableMap expected = new Roaring64NavigableMap();
    long next = 0;
    for (int i = 0; i < 50_000; i++) {
      switch (random.nextInt(4)) {
        case 0 -> { // in order
          set.add(next);
          expected.addLong(next++);
        }
        case 1 -> { // every other, as two receivers sharing a queue see them
          long n = next + 2L * random.nextInt(3);
          set.add(n);
          expected.addLong(n);
          next = n + 1;
        }
        case 2 -> { // a redelivery of something older
          long n = random.nextInt((int) next + 1);
          set.add(n);
          expected.addLong(n);
        }
        default -> { // a batch
          int size = random.nextInt(5);
          set.addRange(next, next + size);
          if (size > 0) {
            expected.addRange(next, next + size);
          }
          next += size;
        }
      }
      if (i % 9_999 == 0) {
        assertThat(set.copy()).isEqualTo(expected);
      }
    }

    assertThat(set.bitmap()).isEqualTo(expected);
  }

  @Test
  void aCopyIsTheCallersAndAddingGoesOnAfterReading() {
    SequenceSet set = new SequenceSet();
    set.add(5);
    set.add(6);

    Roaring64NavigableMap copy = set.copy();
    set.add(7);
    set.add(1);

    assertThat(copy.getLongCardinality()).isEqualTo(2);
    assertThat(set.bitmap().toArray()).containsExactly(1, 5, 6, 7);
  }

  @Test
  void anEmptyRangeAddsNothing() {
    SequenceSet set = new SequenceSet();
    set.addRange(3, 3);
    set.addRange(4, 2);

    assertThat(set.bitmap().isEmpty()).isTrue();
  }
}
