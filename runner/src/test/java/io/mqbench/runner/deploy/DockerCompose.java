package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code docker-compose}, which validates compose files without a Docker engine; a test
 * using it fails, saying how to install it, where it is missing ({@code .ci/run} installs it).
 */
final class DockerCompose {
  private DockerCompose() {}

  /**
   * Asserts that {@code docker-compose -f FILE... config -q} accepts the files together.
   *
   * @param env variables the files substitute
   * @param files the compose files, merged in order
   */
  static void assertAccepts(Map<String, String> env, Path... files) throws Exception {
    List<String> command = new ArrayList<>(List.of("docker-compose"));
    for (Path f : files) {
      command.add("-f");
      command.add(f.toString());
    }
    command.addAll(List.of("config", "-q"));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process process;
    try {
      process = pb.start();
    } catch (IOException notInstalled) {
      // Fails rather than skips, as ReportInChromiumIT does for chromium: a check that cannot run
      // must not pass silently.
      throw new AssertionError(
          "docker-compose is not installed (apt-get install docker-compose; .ci/run does)",
          notInstalled);
    }
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("docker-compose config ends").isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.exitValue())
        .as("docker-compose config of %s:%n%s", List.of(files), output)
        .isZero();
  }
}
