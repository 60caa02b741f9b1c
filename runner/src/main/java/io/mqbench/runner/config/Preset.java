package io.mqbench.runner.config;

import io.mqbench.config.ConfigException;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The classic fixed-rate latency configurations, each 30 s unless {@code --duration} says
 * otherwise. A preset supplies option values below the scenario file, the environment, {@code -D}
 * and flags.
 */
public enum Preset {
  /** 256-byte messages at 3,000 msgs/s. */
  SMALL_3K("256b-3k", 256, 3_000, 1),
  /** 1 KB messages at 3,000 msgs/s. */
  KB_3K("1kb-3k", 1_024, 3_000, 1),
  /** 5 KB messages at 2,000 msgs/s. */
  KB5_2K("5kb-2k", 5 * 1_024, 2_000, 1),
  /** 1 KB messages at 20,000 msgs/s over 25 connections (senders). */
  KB_20K_25("1kb-20k-25c", 1_024, 20_000, 25),
  /** 1 MB messages at 100 msgs/s. */
  MB_100("1mb-100", 1_024 * 1_024, 100, 1);

  private final String label;
  private final int sizeBytes;
  private final int rate;
  private final int senders;

  Preset(String label, int sizeBytes, int rate, int senders) {
    this.label = label;
    this.sizeBytes = sizeBytes;
    this.rate = rate;
    this.senders = senders;
  }

  /**
   * @param label a preset's name, such as {@code 1kb-3k}
   * @return the preset
   * @throws ConfigException listing the presets if there is none of that name
   */
  public static Preset parse(String label) {
    return Arrays.stream(values())
        .filter(p -> p.label.equals(label))
        .findFirst()
        .orElseThrow(
            () ->
                new ConfigException(
                    "unknown preset '"
                        + label
                        + "'; presets: "
                        + Arrays.stream(values())
                            .map(Preset::label)
                            .collect(Collectors.joining(", "))));
  }

  /**
   * @return the preset's name
   */
  public String label() {
    return label;
  }

  /**
   * @return option values by camelCase option name
   */
  public Map<String, String> options() {
    return Map.of(
        "mode", "rate",
        "size", Integer.toString(sizeBytes),
        "rate", Integer.toString(rate),
        "senders", Integer.toString(senders),
        "receivers", Integer.toString(Math.max(1, senders / 5)),
        "duration", "30s");
  }
}
