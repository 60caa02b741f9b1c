package io.mqbench.runner.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.config.ConfigException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario file's text as YAML: what is not text, not YAML, or not a mapping is refused in one
 * line naming the file.
 */
final class ScenarioText {
  private ScenarioText() {}

  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  /**
   * The file's text, refusing what is not text: a binary file would otherwise surface as a decoder
   * error ("Input length = 1") or as YAML nonsense.
   */
  private static String text(Path path) throws IOException {
    byte[] bytes = Files.readAllBytes(path);
    CharsetDecoder utf8 =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    String text;
    try {
      text = utf8.decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new ConfigException(
          "scenario file " + path + " is not a text file (not UTF-8" + lineOfBadByte(bytes) + ")");
    }
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      throw new ConfigException(
          "scenario file "
              + path
              + " is not a text file (a NUL byte at line "
              + (text.substring(0, nul).chars().filter(c -> c == '\n').count() + 1)
              + ")");
    }
    return text;
  }

  /** Where the first byte that is not UTF-8 is, as ", line N". */
  private static String lineOfBadByte(byte[] bytes) {
    CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
    int line = 1;
    for (int i = 0; i < bytes.length; i++) {
      int len =
          (bytes[i] & 0x80) == 0
              ? 1
              : (bytes[i] & 0xE0) == 0xC0
                  ? 2
                  : (bytes[i] & 0xF0) == 0xE0 ? 3 : (bytes[i] & 0xF8) == 0xF0 ? 4 : 0;
      if (len == 0 || i + len > bytes.length) {
        return " at line " + line;
      }
      try {
        utf8.reset().decode(ByteBuffer.wrap(bytes, i, len));
      } catch (CharacterCodingException e) {
        return " at line " + line;
      }
      if (bytes[i] == '\n') {
        line++;
      }
      i += len - 1;
    }
    return "";
  }

  /**
   * @param path the file
   * @return it as YAML, a mapping of at least one key
   * @throws ConfigException in one line for a missing file, bad YAML, a key given twice or a file
   *     that is not a mapping
   */
  static JsonNode parse(Path path) {
    String text;
    try {
      text = text(path);
    } catch (NoSuchFileException e) {
      throw new ConfigException("scenario file " + path + " does not exist");
    } catch (IOException e) {
      throw new ConfigException("cannot read scenario file " + path + ": " + e.getMessage());
    }
    return parse(path, text);
  }

  /**
   * @param path what the text is called in errors
   * @param text the YAML
   * @return it as YAML, a mapping of at least one key
   * @throws ConfigException as {@link #parse(Path)}
   */
  static JsonNode parse(Path path, String text) {
    JsonNode root;
    try {
      root = YAML.readTree(text);
    } catch (JacksonException e) {
      String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr();
      Matcher duplicate =
          Pattern.compile("Duplicate field '([^']*)'")
              .matcher(String.valueOf(e.getOriginalMessage()));
      if (duplicate.find()) {
        throw new ConfigException(
            "scenario file "
                + path
                + ": '"
                + duplicate.group(1)
                + "' is given twice (the second"
                + where
                + "); which one was meant?");
      }
      throw new ConfigException(
          "scenario file "
              + path
              + " is not valid YAML"
              + where
              + ": "
              + e.getOriginalMessage().lines().findFirst().orElse("").strip());
    }
    checkIsAMapping(path, root);
    return root;
  }

  /** Refuses a file that is not a mapping of at least one option. */
  private static void checkIsAMapping(Path path, JsonNode root) {
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new ConfigException(
          "scenario file " + path + " is empty: it must set at least one option");
    }
    if (root.isValueNode()) {
      // A value node is "empty" to JsonNode.isEmpty(): a sentence would be reported as no file.
      String text = root.asText().strip();
      throw new ConfigException(
          "scenario file "
              + path
              + " must be a mapping of option: value (queue: kafka), not a line of text ('"
              + (text.length() > 40 ? text.substring(0, 39) + "…" : text)
              + "')");
    }
    if (!root.isObject()) {
      throw new ConfigException(
          "scenario file " + path + " must be a mapping of option: value, not a list");
    }
    if (root.isEmpty()) {
      throw new ConfigException(
          "scenario file " + path + " is empty: it must set at least one option");
    }
  }
}
