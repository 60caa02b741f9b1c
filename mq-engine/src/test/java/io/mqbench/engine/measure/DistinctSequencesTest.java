package io.mqbench.engine.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

class DistinctSequencesTest {
  /** Adds the numbers from {@code from} to {@code to}, exclusive; returns how many were new. */
  private static int addAll(DistinctSequences set, long from, long to) {
    int fresh = 0;
    for (long n = from; n < to; n++) {
      fresh += set.add(n) ? 1 : 0;
    }
    return fresh;
  }

  @Test
  void numbersInOrderPastSeveralContainersAreAllNew() {
    DistinctSequences set = new DistinctSequences();

    assertThat(addAll(set, 0, 200_000)).isEqualTo(200_000);
    assertThat(set.copy().getLongCardinality()).isEqualTo(200_000);
  }

  @Test
  void aNumberRepeatedInsideTheOpenRunIsADuplicate() {
    DistinctSequences set = new DistinctSequences();
    addAll(set, 10, 20);

    assertThat(set.add(10)).isFalse();
    assertThat(set.add(15)).isFalse();
    assertThat(set.add(19)).isFalse();
    assertThat(set.add(20)).isTrue();
    assertThat(set.copy().toArray()).hasSize(11);
  }

  @Test
  void theLastNumberRepeatedAtOnceIsADuplicate() {
    DistinctSequences set = new DistinctSequences();

    assertThat(set.add(7)).isTrue();
    assertThat(set.add(7)).isFalse();
    assertThat(set.add(8)).isTrue();
    assertThat(set.add(8)).isFalse();
  }

  @Test
  void aGapStartsANewRunAndTheNumbersBeforeItStaySeen() {
    DistinctSequences set = new DistinctSequences();
    addAll(set, 0, 100);

    assertThat(addAll(set, 150, 200)).isEqualTo(50);
    assertThat(addAll(set, 100, 150)).isEqualTo(50); // the gap filled later
    assertThat(addAll(set, 0, 200)).isZero();
    assertThat(set.copy().getLongCardinality()).isEqualTo(200);
  }

  @Test
  void aRedeliveryOfAnEarlierRunIsADuplicateEvenWhereItContinuesAsARun() {
    DistinctSequences set = new DistinctSequences();
    addAll(set, 0, 1_000);
    addAll(set, 5_000, 5_010); // the earlier run goes into the bitmap

    // Redelivered in order from 500: a run of its own, every number of it seen before, until it
    // passes what was seen.
    assertThat(addAll(set, 500, 1_000)).isZero();
    assertThat(addAll(set, 1_000, 1_005)).isEqualTo(5);
    assertThat(addAll(set, 1_005, 5_012)).isEqualTo(5_000 - 1_005 + 2);
  }

  @Test
  void runsSpanningBatchesCountTheSameAsOneBatch() {
    // The receiver's batches end anywhere: a run goes on across them.
    DistinctSequences set = new DistinctSequences();
    long fresh = 0;
    for (long from = 0; from < 10_000; from += 500) {
      fresh += addAll(set, from, from + 500);
    }
    fresh += addAll(set, 9_990, 10_010); // a batch overlapping the last one

    assertThat(fresh).isEqualTo(10_010);
  }

  @Test
  void anyOrderCountsExactlyWhatAPlainBitmapCounts() {
    Random random = new Random(7);
    DistinctSequences set = new DistinctSequences();
    Roaring64NavigableMap expected = new Roaring64NavigableMap();
    long next = 0;
    for (int i = 0; i < 100_000; i++) {
      long n =
          switch (random.nextInt(5)) {
            case 0, 1 -> next++; // in order
            case 2 -> { // a gap
              next += 1 + random.nextInt(3);
              yield next++;
            }
            case 3 -> Math.max(0, next - 1 - random.nextInt(20)); // a recent redelivery
            default -> random.nextInt((int) next + 1); // an old one
          };
      boolean fresh = !expected.contains(n);
      expected.addLong(n);

      assertThat(set.add(n)).as("number %d at step %d", n, i).isEqualTo(fresh);
    }

    assertThat(set.copy()).isEqualTo(expected);
  }

  @Test
  void stretchesInterleavedAsPartitionsDeliverThemAreAllNewOnceAndRepeatsAreNot() {
    // Eight partitions: each holds every eighth stretch of 100 numbers; they are read partition
    // after partition, so every stretch after the first partition's starts below numbers seen.
    DistinctSequences set = new DistinctSequences();
    long fresh = 0;
    for (int partition = 0; partition < 8; partition++) {
      for (long stretch = partition; stretch < 80; stretch += 8) {
        fresh += addAll(set, stretch * 100, stretch * 100 + 100);
      }
    }
    assertThat(fresh).isEqualTo(8_000);

    // A stretch running into one seen before: new up to it, a repeat from there.
    assertThat(addAll(set, 8_000, 8_050)).isEqualTo(50);
    assertThat(addAll(set, 7_990, 8_060)).isEqualTo(10);
    assertThat(set.copy().getLongCardinality()).isEqualTo(8_060);
  }
}
