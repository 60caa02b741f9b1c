package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Tests run from target/classes, as {@code mvn -pl runner exec:java} does: there is no jar manifest
 * there, and run.json recorded "dev".
 */
class VersionTest {
  @Test
  void theVersionIsTheBuildsAlsoOutsideAJar() {
    assertThat(Version.class.getPackage().getImplementationVersion()).as("no manifest").isNull();
    assertThat(Version.current()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }
}
