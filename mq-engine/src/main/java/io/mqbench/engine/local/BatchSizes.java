package io.mqbench.engine.local;

import java.util.SplittableRandom;

/** How many messages the next send carries. One instance per sending thread. */
public interface BatchSizes {

  /**
   * @return the size of the next batch, at least 1
   */
  int next();

  /**
   * The mqperf method: each batch has a uniformly random size from 1 to {@code max}, so a run
   * exercises the backend across batch sizes rather than at one sweet spot.
   *
   * @param max the largest batch, at least 1
   * @param seed the generator's seed
   * @return the sizes
   */
  static BatchSizes uniform(int max, long seed) {
    if (max < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, was " + max);
    }
    SplittableRandom random = new SplittableRandom(seed);
    return () -> 1 + random.nextInt(max);
  }

  /**
   * Every batch has the same size: for benchmarks that need a fixed shape.
   *
   * @param size the batch size, at least 1
   * @return the sizes
   */
  static BatchSizes fixed(int size) {
    if (size < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, was " + size);
    }
    return () -> size;
  }
}
