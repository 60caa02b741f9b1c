package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostFactsTest {
  @TempDir Path dir;

  @Test
  void aRunRecordsTheHostsCpuModelMemoryKernelAndDisk() {
    HostFacts facts = Environment.current(Map.of()).hostFacts();

    assertThat(facts.cpuModel()).isNotBlank().isNotEqualTo("unknown");
    assertThat(facts.memoryBytes()).isGreaterThan(1L << 28);
    assertThat(facts.kernel()).isEqualTo(System.getProperty("os.version"));
    assertThat(facts.disk()).isNotBlank().isNotEqualTo("unknown");
  }

  @Test
  void theDiskIsTheBlockDeviceUnderTheLongestMountPointWithItsModelAndKind() throws Exception {
    Path mounts =
        Files.writeString(
            dir.resolve("mounts"),
            "/dev/vda1 / ext4 rw 0 0\n/dev/nvme0n1p2 /data xfs rw 0 0\ntmpfs /tmp tmpfs rw 0 0\n");
    Path block = dir.resolve("block");
    Files.createDirectories(block.resolve("nvme0n1/device"));
    Files.createDirectories(block.resolve("nvme0n1/queue"));
    Files.writeString(block.resolve("nvme0n1/device/model"), "Fast NVMe 1TB   \n");
    Files.writeString(block.resolve("nvme0n1/queue/rotational"), "0\n");

    assertThat(HostFacts.disk(Path.of("/data/results"), mounts, block))
        .isEqualTo("nvme0n1 Fast NVMe 1TB solid state");
    assertThat(HostFacts.disk(Path.of("/tmp/x"), mounts, block)).isEqualTo("tmpfs");
    assertThat(HostFacts.cpuModel(dir.resolve("missing"))).isEqualTo("unknown");
  }
}
