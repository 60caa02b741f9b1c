package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A worker token kept in a file, read by the worker and by the coordinator alike. */
final class TokenFile {
  private TokenFile() {}

  /**
   * @param file the file; its first line is the token
   * @param option the option that named it, for messages
   * @return the token; the file, never the token, appears in messages
   * @throws ConfigException if the file cannot be read or is empty
   */
  static String read(Path file, String option) {
    try {
      String token = Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("");
      if (token.isBlank()) {
        throw new ConfigException(option + " " + file + " is empty");
      }
      return token.strip();
    } catch (IOException e) {
      throw new ConfigException(option + " " + file + " cannot be read (" + e.getMessage() + ")");
    }
  }
}
