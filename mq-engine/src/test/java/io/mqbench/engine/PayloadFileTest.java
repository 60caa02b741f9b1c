package io.mqbench.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.json.EngineJson;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageSizes;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30, point 3: real payloads from a file, one record per line or length-prefixed, fixed when
 * the run is planned and refused where the file is not the same.
 */
class PayloadFileTest {
  @TempDir Path tmp;

  private static final ObjectMapper JSON = EngineJson.newMapper();

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void linesAreRecordsWithoutTheirLineEndsAndEmptyLinesSkipped() throws Exception {
    Path file = Files.writeString(tmp.resolve("events.jsonl"), "{\"a\":1}\r\n\n{\"b\":22}\n");

    PayloadFile f = PayloadFile.read(file.toString());

    assertThat(f.format()).isEqualTo(PayloadFile.Format.LINES);
    assertThat(f.records()).isEqualTo(2);
    assertThat(f.minBytes()).isEqualTo(7);
    assertThat(f.maxBytes()).isEqualTo(8);
    assertThat(f.load())
        .extracting(PayloadFileTest::text)
        .containsExactly("{\"a\":1}", "{\"b\":22}");
    assertThat(f.sizes())
        .isEqualTo(
            new MessageSizes(
                List.of(
                    new MessageSizes.Share(Envelope.SIZE + 7, 1),
                    new MessageSizes.Share(Envelope.SIZE + 8, 1))));
  }

  @Test
  void lengthPrefixedRecordsMayHoldAnyBytes() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] r : new byte[][] {{0, '\n', 7}, {}, {1, 2, 3, 4, 5}}) {
      out.writeBytes(ByteBuffer.allocate(4).putInt(r.length).array());
      out.writeBytes(r);
    }
    Path file = Files.write(tmp.resolve("records.bin"), out.toByteArray());

    PayloadFile f = PayloadFile.read("length-prefixed:" + file);

    assertThat(f.path()).isEqualTo(file.toString());
    assertThat(f.records()).isEqualTo(3);
    assertThat(f.load().get(0)).containsExactly(0, '\n', 7);
    assertThat(f.minBytes()).isZero();
    assertThat(f.maxBytes()).isEqualTo(5);
  }

  @Test
  void aTruncatedOrEmptyFileIsOneLineNamingIt() throws Exception {
    Path truncated = Files.write(tmp.resolve("bad.bin"), ByteBuffer.allocate(6).putInt(10).array());
    Path empty = Files.writeString(tmp.resolve("empty.txt"), "\n\n");

    assertThatThrownBy(() -> PayloadFile.read("length-prefixed:" + truncated))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("bad.bin is malformed at byte 0");
    assertThatThrownBy(() -> PayloadFile.read(empty.toString()))
        .hasMessage("--payload-file " + empty + " holds no record");
    assertThatThrownBy(() -> PayloadFile.read(tmp.resolve("missing").toString()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--payload-file " + tmp.resolve("missing") + " cannot be read");
  }

  @Test
  void aFileThatChangedSinceThePlanIsRefused() throws Exception {
    Path file = Files.writeString(tmp.resolve("p.txt"), "one\ntwo\n");
    PayloadFile planned = PayloadFile.read(file.toString());
    Files.writeString(file, "one\nthree\n");

    assertThatThrownBy(planned::load)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("is not the file the run was planned with")
        .hasMessageContaining("every host must have the same file at that path");
  }

  @Test
  void settingsCarryTheFileAsAnObjectAndReadItFromTheOptionsText() throws Exception {
    Path file = Files.writeString(tmp.resolve("p.txt"), "alpha\nbravo-bravo\n");
    PayloadFile f = PayloadFile.read(file.toString());

    String json = JSON.writeValueAsString(f);
    assertThat(JSON.readValue(json, PayloadFile.class)).isEqualTo(f);
    assertThat(JSON.readTree(json).path("format").asText()).isEqualTo("lines");
    assertThat(JSON.readValue("\"lines:" + file + "\"", PayloadFile.class)).isEqualTo(f);
  }
}
