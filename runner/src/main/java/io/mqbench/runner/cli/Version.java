package io.mqbench.runner.cli;

import picocli.CommandLine;

/** This mqbench's version, for {@code --version} and for a coordinator and its workers to agree. */
final class Version implements CommandLine.IVersionProvider {
  /**
   * @return the version from the jar's manifest, {@code dev} outside a jar
   */
  static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  @Override
  public String[] getVersion() {
    return new String[] {"mqbench " + current()};
  }
}
