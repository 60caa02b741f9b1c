package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A setting users pick from a few named choices ({@link Mode}, {@link Phases}, {@link
 * OnClientError}): an enum whose constants users type in lower case, words joined by {@code -}.
 */
public interface Choice {
  /**
   * @return the enum constant's name
   */
  String name();

  /**
   * @return the name users type: {@code send-then-drain} for {@code SEND_THEN_DRAIN}
   */
  default String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * @param type the enum of the choices
   * @param option the option that takes them, which the error names
   * @param text a choice's label, any case
   * @return the choice
   * @throws ConfigException "OPTION must be a, b or c, was 'TEXT'" for any other text
   */
  static <E extends Enum<E> & Choice> E parse(Class<E> type, String option, String text) {
    String typed = text.trim().toLowerCase(Locale.ROOT);
    List<E> all = Arrays.asList(type.getEnumConstants());
    for (E choice : all) {
      if (choice.label().equals(typed)) {
        return choice;
      }
    }
    List<String> labels = all.stream().map(Choice::label).toList();
    String listed =
        String.join(", ", labels.subList(0, labels.size() - 1))
            + " or "
            + labels.get(labels.size() - 1);
    throw new ConfigException(option + " must be " + listed + ", was '" + text + "'");
  }
}
