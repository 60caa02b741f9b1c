package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirectoryTest {
  @TempDir Path tmp;

  @Test
  void directoriesWhoseOwnerProcessIsGoneAreRemovedAndOthersKept() throws Exception {
    Path abandoned = Files.createDirectories(tmp.resolve("mqbench-x-1"));
    Files.writeString(abandoned.resolve("owner.pid"), "999999999");
    Path mine = Files.createDirectories(tmp.resolve("mqbench-x-2"));
    Files.writeString(mine.resolve("owner.pid"), String.valueOf(ProcessHandle.current().pid()));
    Path foreign = Files.createDirectories(tmp.resolve("mqbench-x-3")); // no owner file

    ScratchDirectory.removeAbandoned(tmp, "mqbench-x-");

    assertThat(abandoned).doesNotExist();
    assertThat(mine).exists();
    assertThat(foreign).exists();
  }

  @Test
  void closeDeletesTheDirectoryItCreated() {
    ScratchDirectory dir = ScratchDirectory.create("mqbench-scratch-test-");
    assertThat(dir.path().resolve("owner.pid")).exists();
    dir.close();
    assertThat(dir.path()).doesNotExist();
  }
}
