package io.mqbench.runner.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;

/**
 * JSON files as written, for tests that check a file's own shape (a field present, absent or null)
 * rather than the typed result {@code ResultsWriter.read} gives.
 */
final class JsonTrees {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonTrees() {}

  /**
   * @param file a JSON file
   * @return its tree
   * @throws IOException if it cannot be read
   */
  static JsonNode read(Path file) throws IOException {
    return JSON.readTree(file.toFile());
  }
}
