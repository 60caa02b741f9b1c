package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SubscriptionsTest {

  @Test
  void oneSubscriptionIsTheQueuesOwnSettings() {
    Subscriptions<String> one = Subscriptions.of(1, "group", i -> "group-s" + i, "this queue has");

    assertThat(one.all()).containsExactly("group");
    assertThat(one.several()).isFalse();
  }

  @Test
  void severalSubscriptionsHaveSettingsDerivedForEachIndex() {
    Subscriptions<String> three =
        Subscriptions.of(3, "group", i -> "group-s" + i, "this queue has");

    assertThat(three.all()).containsExactly("group-s0", "group-s1", "group-s2");
    assertThat(three.count()).isEqualTo(3);
    assertThat(three.several()).isTrue();
    assertThat(three.get(2)).isEqualTo("group-s2");
  }

  @Test
  void aBackendKeepingItsOwnListGetsTheSameSettings() {
    assertThat(Subscriptions.settings(1, "q", i -> "q-s" + i)).containsExactly("q");
    assertThat(Subscriptions.settings(2, "q", i -> "q-s" + i)).containsExactly("q-s0", "q-s1");
  }

  @Test
  void atLeastOneSubscriptionIsOpened() {
    assertThatThrownBy(() -> Subscriptions.of(0, "group", i -> "x", "this queue has"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("subscriptions must be at least 1, was 0");
  }

  @Test
  void aReceiverOfASubscriptionNotOpenedIsRefusedSayingHowManyWere() {
    Subscriptions<String> two = Subscriptions.of(2, "g", i -> "g-s" + i, "topic t was opened with");

    assertThatThrownBy(() -> two.get(2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("subscription 2 was not opened: topic t was opened with 2");
    assertThatThrownBy(() -> two.get(-1))
        .hasMessage("subscription -1 was not opened: topic t was opened with 2");
  }

  @Test
  void theRangeCheckAlsoServesBackendsThatKeepTheirOwnList() {
    assertThat(Subscriptions.requireOpened(0, 1, "this queue has")).isZero();
    assertThatThrownBy(() -> Subscriptions.requireOpened(1, 1, "this queue has"))
        .hasMessage("subscription 1 was not opened: this queue has 1");
  }
}
