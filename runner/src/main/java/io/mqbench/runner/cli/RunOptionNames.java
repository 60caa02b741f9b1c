package io.mqbench.runner.cli;

import io.mqbench.runner.cli.setting.SettingSources;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The names of {@code mqbench run}'s settings, as -D, MQBENCH_ and a scenario give them. */
final class RunOptionNames {
  private RunOptionNames() {}

  /**
   * The camelCase names of {@code run}'s options that a scenario, -D or MQBENCH_ may set, and
   * {@code heap}, which -D and MQBENCH_ may set. Read from the option fields' annotations, not from
   * a second picocli model of {@code run} built at every start only for these names (picocli builds
   * {@code run}'s own model for parsing).
   */
  static Set<String> all() {
    Set<String> names = new TreeSet<>();
    add(RunOptions.class, names);
    names.add(RunHeap.OPTION);
    return names;
  }

  private static void add(Class<?> options, Set<String> names) {
    for (Field f : options.getDeclaredFields()) {
      Option option = f.getAnnotation(Option.class);
      if (option != null && !Map.class.isAssignableFrom(f.getType())) {
        names.add(SettingSources.camelName(longest(option.names())));
      } else if (f.isAnnotationPresent(Mixin.class)) {
        add(f.getType(), names);
      }
    }
  }

  private static String longest(String[] names) {
    String longest = names[0];
    for (String n : names) {
      if (n.length() > longest.length()) {
        longest = n;
      }
    }
    return longest;
  }
}
