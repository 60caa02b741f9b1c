package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BatchSizesTest {
  @Test
  void uniformSizesCoverOneToTheMaximumAndNothingElse() {
    BatchSizes sizes = BatchSizes.uniform(10, 42);
    TreeSet<Integer> seen = new TreeSet<>();
    for (int i = 0; i < 10_000; i++) {
      seen.add(sizes.next());
    }
    assertThat(seen).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
  }

  @Test
  void sameSeedGivesTheSameSizes() {
    BatchSizes a = BatchSizes.uniform(100, 7);
    BatchSizes b = BatchSizes.uniform(100, 7);
    for (int i = 0; i < 1000; i++) {
      assertThat(a.next()).isEqualTo(b.next());
    }
  }

  @Test
  void fixedSizesNeverVary() {
    BatchSizes sizes = BatchSizes.fixed(100);
    for (int i = 0; i < 100; i++) {
      assertThat(sizes.next()).isEqualTo(100);
    }
  }

  @Test
  void sizesBelowOneAreRejected() {
    assertThatThrownBy(() -> BatchSizes.uniform(0, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> BatchSizes.fixed(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
