package io.mqbench.results;

import io.mqbench.config.ConfigException;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the machines a self-hosted queue runs on cost per hour, as the user gives it ({@code
 * --machine-cost 0.384} or {@code --machine-cost "1.20 EUR"}): every machine of the queue's
 * cluster, summed. A run turns it into a cost per million messages ({@link MachineCost}).
 *
 * @param perHour the price of an hour of the machines, more than 0
 * @param currency its currency, three letters ({@code USD} unless given)
 */
public record MachinePrice(double perHour, String currency) {
  /** The currency when none is given: the one SQS's default price is in. */
  public static final String DEFAULT_CURRENCY = "USD";

  private static final Pattern TEXT =
      Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]{3})?\\s*(?:/\\s*h)?\\s*");

  /**
   * @throws ConfigException if the price is not more than 0 or the currency not three letters
   */
  public MachinePrice {
    if (!(perHour > 0) || Double.isInfinite(perHour)) {
      throw new ConfigException(
          "--machine-cost must be a price per hour of more than 0, was " + perHour);
    }
    if (currency == null || !currency.matches("[A-Z]{3}")) {
      throw new ConfigException(
          "--machine-cost: the currency must be three letters such as USD, was " + currency);
    }
  }

  /**
   * @param text a price per hour with an optional currency and {@code /h}: {@code 0.384}, {@code
   *     0.384 EUR}, {@code 0.384EUR/h}
   * @return the price
   * @throws ConfigException naming the option and what it takes, if the text is not one
   */
  public static MachinePrice parse(String text) {
    Matcher m = TEXT.matcher(text == null ? "" : text);
    if (!m.matches()) {
      throw new ConfigException(
          "--machine-cost '"
              + text
              + "' is not a price per hour: give a number with an optional currency, such as"
              + " 0.384 or '1.20 EUR'");
    }
    String currency = m.group(2) == null ? DEFAULT_CURRENCY : m.group(2).toUpperCase(Locale.ROOT);
    return new MachinePrice(Double.parseDouble(m.group(1)), currency);
  }

  /**
   * @return the price as users type it, such as {@code 0.384 USD/h}
   */
  public String text() {
    return BigDecimal.valueOf(perHour).stripTrailingZeros().toPlainString() + " " + currency + "/h";
  }
}
