package io.mqbench.mq;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The subscriptions an {@link Mq} was opened with ({@link
 * MqProvider#open(io.mqbench.config.MqConfig, int)}), each with its own settings (the consumer
 * group, queue or consumer it reads through), and the checks every backend makes on them: at least
 * one is opened, and a receiver is created only for one that was.
 *
 * @param <T> a subscription's settings
 */
public final class Subscriptions<T> {
  private final List<T> each;
  private final String openedAs;

  private Subscriptions(List<T> each, String openedAs) {
    this.each = List.copyOf(each);
    this.openedAs = openedAs;
  }

  /**
   * The settings of {@code count} subscriptions: with one, the queue's own settings (the
   * point-to-point queue); with several, those {@code subscription} derives for each index.
   *
   * @param count how many subscriptions, at least 1
   * @param single the settings of the only subscription when there is one
   * @param subscription the settings of subscription {@code i}, when there are several
   * @param openedAs what a refused receiver's message says before the count, such as {@code "this
   *     queue has"} or {@code "topic t was opened with"}
   * @param <T> a subscription's settings
   * @return the subscriptions
   * @throws IllegalArgumentException if {@code count} is below 1
   */
  public static <T> Subscriptions<T> of(
      int count, T single, IntFunction<T> subscription, String openedAs) {
    return new Subscriptions<>(settings(count, single, subscription), openedAs);
  }

  /**
   * The settings of {@code count} subscriptions, for a backend that keeps them in a list of its
   * own: as {@link #of}.
   *
   * @param count how many subscriptions, at least 1
   * @param single the settings of the only subscription when there is one
   * @param subscription the settings of subscription {@code i}, when there are several
   * @param <T> a subscription's settings
   * @return the settings, one per subscription, in order
   * @throws IllegalArgumentException if {@code count} is below 1
   */
  public static <T> List<T> settings(int count, T single, IntFunction<T> subscription) {
    requireAtLeastOne(count);
    if (count == 1) {
      return List.of(single);
    }
    List<T> each = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      each.add(subscription.apply(i));
    }
    return List.copyOf(each);
  }

  /**
   * Checks a count of subscriptions asked for.
   *
   * @param count how many subscriptions
   * @return {@code count}
   * @throws IllegalArgumentException {@code "subscriptions must be at least 1, was <count>"}
   */
  public static int requireAtLeastOne(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("subscriptions must be at least 1, was " + count);
    }
    return count;
  }

  /**
   * Checks that a receiver is asked of a subscription that was opened.
   *
   * @param subscription the index asked for
   * @param opened how many subscriptions were opened
   * @param openedAs what the message says before {@code opened}
   * @return {@code subscription}
   * @throws IllegalArgumentException {@code "subscription <i> was not opened: <openedAs> <opened>"}
   */
  public static int requireOpened(int subscription, int opened, String openedAs) {
    if (subscription < 0 || subscription >= opened) {
      throw new IllegalArgumentException(
          "subscription " + subscription + " was not opened: " + openedAs + " " + opened);
    }
    return subscription;
  }

  /**
   * A subscription's settings, for a receiver of it.
   *
   * @param subscription from 0
   * @return its settings
   * @throws IllegalArgumentException if it was not opened
   */
  public T get(int subscription) {
    return each.get(requireOpened(subscription, each.size(), openedAs));
  }

  /**
   * @return every subscription's settings, in order
   */
  public List<T> all() {
    return each;
  }

  /**
   * @return how many subscriptions were opened
   */
  public int count() {
    return each.size();
  }

  /**
   * @return whether several subscriptions were opened (publish/subscribe), not the one queue
   */
  public boolean several() {
    return each.size() > 1;
  }
}
