package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.Durations;
import io.mqbench.engine.RunSettings;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run's settings as given or defaulted, under the option names a scenario file uses; durations as
 * users type them ({@code 30s}). Every component has a generated {@code with…} copy ({@link
 * SettingsBuilder.With}).
 *
 * @param mode {@code throughput} or {@code rate}
 * @param senders sender threads
 * @param receivers receiver threads
 * @param messages messages per sender; absent when unlimited
 * @param duration how long senders sent; absent for a message count
 * @param rate rate mode: messages per second across senders
 * @param batch the largest (throughput) or exact (rate) batch
 * @param size message size in bytes
 * @param inFlight batches each sender kept in flight
 * @param phases {@code together} or {@code send-then-drain}
 * @param receiverIdle the receivers' idle stop
 * @param receiveWait the wait of one receive call
 * @param warmup the unmeasured warm-up before the run
 * @param seed the seed of batch sizes and padding
 * @param maxBacklog how far senders could run ahead of receivers ({@code auto}, {@code off} or a
 *     number of messages)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RecordBuilder
public record Settings(
    String mode,
    int senders,
    int receivers,
    Long messages,
    String duration,
    Double rate,
    int batch,
    int size,
    int inFlight,
    String phases,
    String receiverIdle,
    String receiveWait,
    String warmup,
    long seed,
    String maxBacklog)
    implements SettingsBuilder.With {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @param run what the engine ran
   * @param warmup the unmeasured warm-up before the run
   * @param seed the seed used
   * @return its settings
   */
  public static Settings of(RunSettings run, Duration warmup, long seed) {
    return new Settings(
        run.mode().label(),
        run.senders(),
        run.receivers(),
        run.messagesPerSender() == Long.MAX_VALUE ? null : run.messagesPerSender(),
        run.duration().map(Durations::format).orElse(null),
        run.rate().orElse(null),
        run.maxBatch(),
        run.messageSizeBytes(),
        run.inFlight(),
        run.phases().label(),
        Durations.format(run.receiverIdle()),
        Durations.format(run.receiveWait()),
        Durations.format(warmup),
        seed,
        run.maxBacklog().text());
  }

  /**
   * @return the settings that apply, by their names in {@code run.json} and scenario files, as text
   *     ({@code senders=4}); those that do not apply (null) are left out
   */
  public Map<String, String> asMap() {
    Map<String, Object> values = JSON.convertValue(this, new TypeReference<>() {});
    Map<String, String> text = new LinkedHashMap<>();
    values.forEach((k, v) -> text.put(k, String.valueOf(v)));
    return Collections.unmodifiableMap(text);
  }
}
