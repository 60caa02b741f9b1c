package io.mqbench.runner.cli;

import io.mqbench.results.Environment;
import picocli.CommandLine;

/** This mqbench's version, for {@code --version} and for a coordinator and its workers to agree. */
final class Version implements CommandLine.IVersionProvider {
  /**
   * @return the version every run records ({@link Environment#toolVersion()}), however the runner
   *     was started
   */
  static String current() {
    return Environment.toolVersion();
  }

  @Override
  public String[] getVersion() {
    return new String[] {"mqbench " + current()};
  }
}
