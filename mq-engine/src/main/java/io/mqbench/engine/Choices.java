package io.mqbench.engine;

import io.mqbench.config.ConfigException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The settings users pick from a few named choices ({@link Mode}, {@link Phases}, {@link
 * OnClientError}): each choice is its enum constant in lower case, words joined by {@code -}.
 */
final class Choices {
  private Choices() {}

  /**
   * @return the name users type for the choice: {@code send-then-drain} for {@code SEND_THEN_DRAIN}
   */
  static String label(Enum<?> choice) {
    return choice.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * @param type the enum of the choices
   * @param option the option that takes them, which the error names
   * @param text a choice's label, any case
   * @return the choice
   * @throws ConfigException "OPTION must be a, b or c, was 'TEXT'" for any other text
   */
  static <E extends Enum<E>> E parse(Class<E> type, String option, String text) {
    String typed = text.trim().toLowerCase(Locale.ROOT);
    List<E> all = Arrays.asList(type.getEnumConstants());
    for (E choice : all) {
      if (label(choice).equals(typed)) {
        return choice;
      }
    }
    List<String> labels = all.stream().map(Choices::label).toList();
    String listed =
        String.join(", ", labels.subList(0, labels.size() - 1))
            + " or "
            + labels.get(labels.size() - 1);
    throw new ConfigException(option + " must be " + listed + ", was '" + text + "'");
  }
}
