package io.mqbench.runner.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** This mqbench's version, for {@code --version} and for a coordinator and its workers to agree. */
final class Version implements CommandLine.IVersionProvider {
  /**
   * @return the version the build wrote into {@code version.properties}, which is there however the
   *     runner was started (jar, exec:java, an IDE after a build); {@code dev} if it is not
   */
  static String current() {
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "dev";
      }
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("version", "dev");
      return v.startsWith("${") ? "dev" : v;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the runner's version.properties", e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"mqbench " + current()};
  }
}
