package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestCountsTest {
  @Test
  void countsOfSeveralMqsAddKindByKind() {
    RequestCounts a = new RequestCounts(Map.of("send", 10L, "receive", 4L), 15);
    RequestCounts b = new RequestCounts(Map.of("receive", 6L, "delete", 10L), 16);

    RequestCounts sum = a.plus(b);

    assertThat(sum.calls())
        .containsExactly(
            Map.entry("delete", 10L), Map.entry("receive", 10L), Map.entry("send", 10L));
    assertThat(sum.billed()).isEqualTo(31);
    assertThat(sum.total()).isEqualTo(30);
    assertThat(RequestCounts.NONE.plus(a)).isEqualTo(a);
  }

  @Test
  void aBackendThatCountsNothingReportsNone() {
    Mq mq =
        new Mq() {
          @Override
          public MqSender createSender() {
            throw new UnsupportedOperationException();
          }

          @Override
          public MqReceiver createReceiver() {
            throw new UnsupportedOperationException();
          }

          @Override
          public void close() {}
        };
    assertThat(mq.requests().nothingCounted()).isTrue();
    assertThat(new RequestCounts(null, 0)).isEqualTo(RequestCounts.NONE);
  }

  @Test
  void negativeCountsAreRefused() {
    assertThatThrownBy(() -> new RequestCounts(Map.of("send", -1L), 0))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void costPerMillionMessagesIsBilledRequestsTimesPriceOverMessages() {
    RequestPrice price = new RequestPrice(0.40, "USD", "sqs.pricePerMillionRequests=0.40");
    // 300 billed requests moved 1,000 messages: 0.3 requests per message, 300,000 per million.
    RequestCounts counts = new RequestCounts(Map.of("send", 100L, "receive", 100L), 300);

    assertThat(price.costPerMillionMessages(counts, 1_000)).isEqualTo(0.12, within());
    assertThatThrownBy(() -> price.costPerMillionMessages(counts, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RequestPrice(-1, "USD", ""))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-12);
  }
}
