package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a comparison script's {@code --plan} prints, read for the tests that check its terms: the
 * "fair:" lines by aspect and both sides' command lines by side.
 */
final class ComparisonPlan {
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private ComparisonPlan() {}

  /** A script's plan: its "fair:" lines by aspect and its command lines by side. */
  record Plan(String out, Map<String, String> fair, Map<String, List<String>> commands) {
    List<String> command(String side) {
      assertThat(commands).as(out).containsKey(side);
      return commands.get(side);
    }

    String fair(String aspect) {
      assertThat(fair).as(out).containsKey(aspect);
      return fair.get(aspect);
    }

    /**
     * Checks "measured: both: Ds, seconds W-T of a Ts run": D at least 20, W + D = T = total.
     *
     * @return W, the warm-up left out on both sides
     */
    int warmUpOfAMeasuredWindowOfTwentySecondsOrMore(int total) {
      Matcher m =
          Pattern.compile("both: (\\d+)s, seconds (\\d+)-(\\d+) of a (\\d+)s run")
              .matcher(fair("measured"));
      assertThat(m.find()).as(fair("measured")).isTrue();
      int d = Integer.parseInt(m.group(1));
      int w = Integer.parseInt(m.group(2));
      assertThat(d).as("measured seconds").isGreaterThanOrEqualTo(20);
      assertThat(w + d).isEqualTo(total).isEqualTo(Integer.parseInt(m.group(4)));
      return w;
    }
  }

  static Plan plan(String script, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", "scripts/" + script, "--plan"));
    command.addAll(Arrays.asList(args));
    Process p =
        new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS))
        .as("the plan runs nothing and ends at once")
        .isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    Map<String, String> fair = new LinkedHashMap<>();
    Map<String, List<String>> commands = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      Matcher f = Pattern.compile("^fair: ([a-z -]+): (.*)$").matcher(line);
      Matcher c = Pattern.compile("^command ([\\w-]+): (.*)$").matcher(line);
      if (f.matches()) {
        fair.put(f.group(1), f.group(2));
      } else if (c.matches()) {
        commands.put(c.group(1), List.of(c.group(2).trim().split("\\s+")));
      }
    }
    assertThat(out).as("the terms come first").startsWith("== fair comparison:");
    assertThat(fair.keySet()).as(out).contains("warm-up", "measured", "rates", "client settings");
    return new Plan(out, fair, commands);
  }

  /** The word after {@code option} (the last occurrence). */
  static String value(List<String> command, String option) {
    int i = command.lastIndexOf(option);
    assertThat(i).as("%s in %s", option, command).isNotNegative();
    return command.get(i + 1);
  }

  /** The runner's backend keys: every {@code -p key=value}. */
  static Map<String, String> keys(List<String> runner) {
    Map<String, String> keys = new LinkedHashMap<>();
    for (int i = 0; i < runner.size() - 1; i++) {
      if (runner.get(i).equals("-p")) {
        String[] kv = runner.get(i + 1).split("=", 2);
        keys.put(kv[0], kv[1]);
      }
    }
    return keys;
  }

  static int seconds(String duration) {
    assertThat(duration).matches("\\d+s?");
    return Integer.parseInt(duration.replace("s", ""));
  }
}
