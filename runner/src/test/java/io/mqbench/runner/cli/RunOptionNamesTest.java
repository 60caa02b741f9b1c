package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.setting.SettingSources;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The names a scenario, -D or MQBENCH_ may set are read from {@code run}'s option annotations at
 * every start (cheaper than a second picocli model): they must be exactly the options picocli
 * parses.
 */
class RunOptionNamesTest {
  @Test
  void namesReadFromTheAnnotationsAreTheOptionsOfRunsPicocliModel() {
    Set<String> fromModel = new TreeSet<>();
    for (OptionSpec o : new CommandLine(new RunOptions()).getCommandSpec().options()) {
      if (!o.typeInfo().isMap()) {
        fromModel.add(SettingSources.camelName(o.longestName()));
      }
    }
    fromModel.add(RunHeap.OPTION);

    assertThat(RunOptionNames.all())
        .isEqualTo(fromModel)
        .contains("queue", "inFlight", "maxBacklog", "heap")
        .doesNotContain("property"); // -p KEY=VALUE, a map, is not a setting of its own
  }
}
