package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.json.EngineJson;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's settings as given or defaulted: the engine's {@link RunSettings} as they are, under the
 * option names a scenario file uses ({@code batch}, {@code size}, durations as users type them,
 * {@code messages} absent when unlimited), and what only the runner used. In {@code run.json} they
 * are one flat object, so a setting added to {@link RunSettings} is recorded with no edit here.
 *
 * @param run what the engine ran
 * @param warmup the unmeasured warm-up before the run
 * @param seed the seed of batch sizes and padding
 */
public record Settings(@JsonUnwrapped RunSettings run, Duration warmup, long seed) {
  private static final ObjectMapper JSON = EngineJson.newMapper();

  /**
   * @param run what the engine ran
   * @param warmup the unmeasured warm-up before the run
   * @param seed the seed used
   * @return its settings
   */
  public static Settings of(RunSettings run, Duration warmup, long seed) {
    return new Settings(run, warmup, seed);
  }

  /**
   * @return the settings that apply, by their names in {@code run.json} and scenario files, as text
   *     ({@code senders=4}); those that do not apply are left out
   */
  @JsonIgnore
  public Map<String, String> asMap() {
    Map<String, Object> values = JSON.convertValue(this, new TypeReference<>() {});
    Map<String, String> text = new LinkedHashMap<>();
    values.forEach(
        (k, v) -> {
          if (v != null) {
            text.put(k, String.valueOf(v));
          }
        });
    return Collections.unmodifiableMap(text);
  }
}
