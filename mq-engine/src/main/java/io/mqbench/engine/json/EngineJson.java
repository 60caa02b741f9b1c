package io.mqbench.engine.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.engine.BacklogLimit;
import io.mqbench.engine.Mode;
import io.mqbench.engine.OnClientError;
import io.mqbench.engine.Phases;
import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.engine.measure.EncodedHistogram;
import io.mqbench.envelope.MessageSizes;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Function;

/**
 * How the engine's records look as JSON, for the worker wire and {@code run.json} alike: records as
 * objects under their component names, absent {@code Optional}s left out, and the few values that
 * are not records as text people can read and type: durations as options take them ({@code 30s},
 * {@code 250ms}), modes and phases and backlog limits as their option values, histograms and
 * delivery bitmaps as base64 of their portable encodings. Because the records are written as they
 * are, a component added to one of them travels with no edit here.
 */
public final class EngineJson {
  private EngineJson() {}

  /**
   * @return a new mapper that reads and writes the engine's records; fields it does not know are
   *     ignored, so files written by a newer version still read
   */
  public static JsonMapper newMapper() {
    return JsonMapper.builder()
        .addModule(new Jdk8Module())
        .addModule(module())
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  /**
   * @return the serializers and deserializers of the engine's values that are not plain records
   */
  public static SimpleModule module() {
    SimpleModule m = new SimpleModule("mqbench-engine");
    text(m, Duration.class, Durations::format, Durations::parse);
    text(m, Mode.class, Mode::label, Mode::parse);
    text(m, Phases.class, Phases::label, Phases::parse);
    text(m, OnClientError.class, OnClientError::label, OnClientError::parse);
    text(m, BacklogLimit.class, BacklogLimit::text, BacklogLimit::parse);
    // One size stays the number it always was (size: 100), so older results read; a mix is text.
    add(
        m,
        MessageSizes.class,
        (v, gen) -> {
          if (v.single()) {
            gen.writeNumber(v.max());
          } else {
            gen.writeString(v.text());
          }
        },
        p -> parse(p, MessageSizes.class, EngineJson::sizes));
    binary(m, EncodedHistogram.class, EncodedHistogram::compressed, EncodedHistogram::new);
    binary(m, DeliveryBitmaps.class, DeliveryBitmaps::serialize, DeliveryBitmaps::deserialize);
    return m;
  }

  /** Writes one value with the generator. */
  @FunctionalInterface
  private interface Writer<T> {
    void write(T value, JsonGenerator gen) throws IOException;
  }

  /** Reads one value from the parser's current token; a value that does not parse throws. */
  @FunctionalInterface
  private interface Reader<T> {
    T read(JsonParser p) throws IOException;
  }

  private static <T> void text(
      SimpleModule m, Class<T> type, Function<T, String> write, Function<String, T> read) {
    add(m, type, (v, gen) -> gen.writeString(write.apply(v)), p -> parse(p, type, read));
  }

  private static <T> void binary(
      SimpleModule m, Class<T> type, Function<T, byte[]> write, Function<byte[], T> read) {
    add(m, type, (v, gen) -> gen.writeBinary(write.apply(v)), p -> read.apply(p.getBinaryValue()));
  }

  private static MessageSizes sizes(String text) {
    try {
      return MessageSizes.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  private static <T> T parse(JsonParser p, Class<T> type, Function<String, T> read)
      throws IOException {
    String text = p.getValueAsString();
    try {
      return read.apply(text);
    } catch (IllegalArgumentException | ConfigException e) {
      // The option's own one-line error stays reachable as the cause.
      InvalidFormatException invalid = InvalidFormatException.from(p, e.getMessage(), text, type);
      invalid.initCause(e);
      throw invalid;
    }
  }

  private static <T> void add(SimpleModule m, Class<T> type, Writer<T> writer, Reader<T> reader) {
    m.addSerializer(
        type,
        new JsonSerializer<T>() {
          @Override
          public void serialize(T value, JsonGenerator gen, SerializerProvider provider)
              throws IOException {
            writer.write(value, gen);
          }
        });
    m.addDeserializer(
        type,
        new JsonDeserializer<T>() {
          @Override
          public T deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            try {
              return reader.read(p);
            } catch (IllegalArgumentException e) {
              throw InvalidFormatException.from(p, e.getMessage(), "(binary)", type);
            }
          }
        });
  }
}
