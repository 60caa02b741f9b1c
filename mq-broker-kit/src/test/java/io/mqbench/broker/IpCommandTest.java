package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.MqException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs a command as it runs {@code ip}; {@code /bin/sh} stands in, so no root is needed. */
class IpCommandTest {
  private final IpCommand sh = new IpCommand("/bin/sh");

  @Test
  void returnsWhatTheCommandPrintedInTheCLocale() throws InterruptedException {
    assertThat(sh.run("-c", "echo $LC_ALL; echo to-stderr >&2")).isEqualTo("C\nto-stderr\n");
  }

  @Test
  void aFailureIsOneLineQuotingTheCommandAndWhatItSaid() {
    assertThatThrownBy(() -> sh.run("-c", "echo Cannot find device; echo x; exit 2"))
        .isInstanceOf(MqException.class)
        .hasMessage(
            "ip -c echo Cannot find device; echo x; exit 2 failed with status 2:"
                + " Cannot find device x");
  }

  @Test
  void quietlyIgnoresAFailure() throws InterruptedException {
    sh.quietly(List.of("-c", "exit 1"));
  }
}
