package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class ErrorsTest {
  private final Exception nested =
      new IllegalStateException(
          null, new IOException("cannot\nconnect", new ConnectException("Connection refused")));

  @Test
  void rootMessageIsTheInnermostCausesMessage() {
    assertThat(Errors.rootMessage(nested)).isEqualTo("Connection refused");
  }

  @Test
  void oneLineIsTheFirstNonBlankMessageWithLineBreaksFolded() {
    assertThat(Errors.oneLine(nested)).isEqualTo("cannot connect");
  }

  @Test
  void aCauseWithoutAnyMessageIsNamedByItsClass() {
    assertThat(Errors.rootMessage(new RuntimeException(new IOException())))
        .isEqualTo("IOException");
  }

  @Test
  void findReturnsTheFirstCauseOfTheType() {
    assertThat(Errors.find(nested, ConnectException.class)).isPresent();
    assertThat(Errors.find(nested, ArithmeticException.class)).isEmpty();
  }
}
