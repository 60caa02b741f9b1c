package io.mqbench.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides secret configuration values (passwords, tokens, credentials in URIs) in everything the
 * runner prints or writes: the terminal, run.json, the spreadsheets, {@code --dry-run} and the key
 * listing.
 */
public final class Secrets {
  /** What a hidden value is shown as. */
  public static final String MASK = "****";

  private static final Pattern URI_PASSWORD =
      Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@]*:)([^@/]*)(@.*)$");

  /** Words in a native client property's name that mark its value as secret. */
  private static final String[] SECRET_WORDS = {
    "password", "secret", "token", "credential", "jaas", "apikey", "api.key", "private.key"
  };

  private Secrets() {}

  /**
   * @param text a secret value
   * @return a URI with its password replaced by {@link #MASK}, a URI without a password unchanged,
   *     and anything else {@link #MASK}
   */
  public static String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    Matcher m = URI_PASSWORD.matcher(text);
    if (m.matches()) {
      return m.group(1) + MASK + m.group(3);
    }
    if (text.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://[^@]*$")) {
      return text; // a URI without user information carries no secret
    }
    return MASK;
  }

  /**
   * Whether a native client property (passed through without a declared key) holds a secret, judged
   * by its name: {@code kafka.producer.sasl.jaas.config}, {@code ssl.keystore.password}.
   *
   * @param name the property's full name
   * @return true if its value must be hidden
   */
  public static boolean looksSecret(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (String w : SECRET_WORDS) {
      if (n.contains(w)) {
        return true;
      }
    }
    return false;
  }
}
