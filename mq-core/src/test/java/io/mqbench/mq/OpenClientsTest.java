package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenClientsTest {
  private final List<String> closedInOrder = new ArrayList<>();

  private AutoCloseable client(String name) {
    return () -> closedInOrder.add(name);
  }

  @Test
  void closeAllClosesEveryRegisteredClientNewestFirstOnce() {
    OpenClients open = new OpenClients("x: the backend is closed");
    open.add(client("first"));
    open.add(client("second"));

    assertThat(open.closeAll()).isTrue();
    assertThat(open.closeAll()).isFalse();
    assertThat(closedInOrder).containsExactly("second", "first");
  }

  @Test
  void aRemovedClientIsNotClosedAgain() {
    OpenClients open = new OpenClients("x: the backend is closed");
    AutoCloseable gone = open.add(client("gone"));
    open.add(client("kept"));
    open.remove(gone);

    open.closeAll();

    assertThat(closedInOrder).containsExactly("kept");
  }

  @Test
  void oneFailingClientDoesNotKeepTheOthersOpen() {
    OpenClients open = new OpenClients("x: the backend is closed");
    open.add(client("older"));
    open.add(
        () -> {
          throw new IllegalStateException("broken");
        });

    open.closeAll();

    assertThat(closedInOrder).containsExactly("older");
  }

  @Test
  void onceClosedItRefusesAndClosesNewClientsWithItsMessage() {
    OpenClients open = new OpenClients("x: the backend is closed");
    open.closeAll();

    assertThat(open.isClosed()).isTrue();
    assertThatThrownBy(open::checkOpen).hasMessage("x: the backend is closed");
    assertThatThrownBy(() -> open.add(client("late")))
        .isInstanceOf(MqException.class)
        .hasMessage("x: the backend is closed");
    assertThat(closedInOrder).containsExactly("late");
  }

  @Test
  void unacknowledgedGivesBackWhatIsHeldOnceThenDisconnects() {
    Unacknowledged<Long> held = new Unacknowledged<>("x: the receiver is closed");
    held.handedOut(1L);
    held.handedOut(2L);
    held.handedOut(3L);
    held.acknowledged(2L);
    held.acknowledged(List.of(3L));
    List<Long> givenBack = new ArrayList<>();

    boolean first =
        held.close(
            back -> {
              givenBack.addAll(back);
              throw new IllegalStateException("server gone");
            },
            () -> closedInOrder.add("connection"));

    assertThat(first).isTrue();
    assertThat(givenBack).containsExactly(1L);
    assertThat(closedInOrder).containsExactly("connection");
    assertThat(held.close(back -> givenBack.add(99L), () -> closedInOrder.add("again"))).isFalse();
    assertThatThrownBy(held::checkOpen).hasMessage("x: the receiver is closed");
  }
}
