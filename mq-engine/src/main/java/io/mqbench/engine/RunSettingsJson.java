package io.mqbench.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;

/** How {@link RunSettings} differ in JSON from their components, so that old files read alike. */
final class RunSettingsJson {
  private RunSettingsJson() {}

  /**
   * Leaves the default out of JSON, so that settings without it read and write as before it
   * existed.
   */
  static final class FailsOnError {
    @Override
    public boolean equals(Object other) {
      return other == null || other == OnClientError.FAIL;
    }

    @Override
    public int hashCode() {
      return 0;
    }
  }

  /**
   * In JSON, no message limit is no {@code messages} field ({@link Long#MAX_VALUE} in the record):
   * the field is left out when unlimited and read as unlimited when absent.
   */
  static final class Unlimited {
    @Override
    public boolean equals(Object value) {
      return value instanceof Long l && l == Long.MAX_VALUE;
    }

    @Override
    public int hashCode() {
      return 0;
    }

    static final class Reader extends StdDeserializer<Long> {
      private static final long serialVersionUID = 1L;

      Reader() {
        super(Long.class);
      }

      @Override
      public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        return p.getValueAsLong();
      }

      @Override
      public Long getNullValue(DeserializationContext ctxt) {
        return Long.MAX_VALUE;
      }
    }
  }
}
