package io.mqbench.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ChangeDetectorTest {
  private static List<double[]> noise(long seed, int batches, int runsEach, double... steps) {
    Random r = new Random(seed);
    List<double[]> blocks = new ArrayList<>();
    for (int b = 0; b < batches; b++) {
      double level = 10_000;
      for (int i = 0; i + 1 < steps.length; i += 2) {
        level += b >= steps[i] ? steps[i + 1] : 0;
      }
      double[] v = new double[runsEach];
      for (int j = 0; j < runsEach; j++) {
        v[j] = level + 200 * r.nextGaussian();
      }
      blocks.add(v);
    }
    return blocks;
  }

  private static ChangeDetector detector(double minEffectPercent, long seed) {
    return new ChangeDetector(
        new HistoryOptions(
            false, HistoryOptions.DEFAULT_FIGURES, 0.05, minEffectPercent, 999, seed));
  }

  @Test
  void onNoiseAloneTheTestNamesAChangeInAboutItsSignificanceOfSeriesEvenWithNoMinimumEffect() {
    int named = 0;
    int series = 300;
    for (long seed = 1; seed <= series; seed++) {
      if (!detector(0, seed).splits(noise(seed, 12, 2)).isEmpty()) {
        named++;
      }
    }
    // 5 % expected; 8 % is three standard errors above it.
    assertThat(named).isLessThanOrEqualTo(24);
  }

  @Test
  void aLevelThatRisesAndFallsBackIsTwoChangesAtItsEdges() {
    List<double[]> bump = noise(3, 40, 2, 15, 2_000, 21, -2_000);

    List<ChangeDetector.Split> splits = detector(5, 1).splits(bump);

    assertThat(splits).extracting(ChangeDetector.Split::index).containsExactly(15, 21);
    assertThat(splits).allSatisfy(s -> assertThat(s.pValue()).isLessThanOrEqualTo(0.05));
  }

  @Test
  void theSameRunsAndSeedGiveTheSameChanges() {
    List<double[]> steps = noise(5, 20, 3, 10, -1_500);

    assertThat(detector(5, 42).splits(steps)).isEqualTo(detector(5, 42).splits(steps));
    assertThat(detector(5, 42).splits(steps))
        .extracting(ChangeDetector.Split::index)
        .containsExactly(10);
  }

  @Test
  void aSplitNeedsTwoRunsOnEachSide() {
    List<double[]> oneRunThenMany = new ArrayList<>(List.of(new double[] {5_000}));
    oneRunThenMany.addAll(noise(1, 10, 2));

    assertThat(detector(5, 1).splits(oneRunThenMany)).isEmpty();
  }
}
