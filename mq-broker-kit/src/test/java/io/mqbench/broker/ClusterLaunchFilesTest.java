package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each node of a cluster is told in its launch file. */
class ClusterLaunchFilesTest {
  @TempDir Path tmp;

  private static Properties read(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    return p;
  }

  @Test
  void eachNodeLearnsItsOwnPlaceEveryNodesAddressAndTheClusterIdAllShare() throws IOException {
    int[][] ports = {{1001, 1002}, {2001, 2002}};
    ClusterLaunchFiles files =
        new ClusterLaunchFiles("tiny", Map.of("password", "p"), ports, n -> "10.0.0." + (n + 2));

    Properties first = read(files.write(0, Files.createDirectories(tmp.resolve("node-1"))));
    Properties second = read(files.write(1, Files.createDirectories(tmp.resolve("node-2"))));

    assertThat(second.getProperty("host")).isEqualTo("10.0.0.3");
    assertThat(second.getProperty("ports")).isEqualTo("2001,2002");
    assertThat(second.getProperty("node")).isEqualTo("2");
    assertThat(second.getProperty("nodes")).isEqualTo("2");
    assertThat(second.getProperty("directory")).isEqualTo(tmp.resolve("node-2").toString());
    assertThat(second.getProperty("node.1.ports")).isEqualTo("1001,1002");
    assertThat(second.getProperty("node.1.host")).isEqualTo("10.0.0.2");
    assertThat(second.getProperty("password")).isEqualTo("p");
    assertThat(second.getProperty("cluster.id"))
        .matches("[A-Za-z0-9_-]{22}")
        .isEqualTo(first.getProperty("cluster.id"));
  }

  @Test
  void aSettingMayNotTakeAKeyTheTemplateWrites() {
    ClusterLaunchFiles files =
        new ClusterLaunchFiles("tiny", Map.of("node.1.host", "x"), new int[][] {{1}}, n -> "h");

    assertThatThrownBy(() -> files.write(0, Files.createDirectories(tmp.resolve("n"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tiny: reserved launch key node.1.host");
  }
}
