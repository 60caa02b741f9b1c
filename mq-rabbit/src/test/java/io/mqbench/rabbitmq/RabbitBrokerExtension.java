package io.mqbench.rabbitmq;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Gives integration tests one {@link RabbitBroker} per JVM: the first test class to need it starts
 * it, and JUnit closes it (stopping a private node) when every test class is done.
 *
 * <pre>{@code
 * @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();
 * }</pre>
 */
final class RabbitBrokerExtension implements BeforeAllCallback {
  private RabbitBroker broker;

  @Override
  public void beforeAll(ExtensionContext context) {
    // The root store outlives test classes; JUnit closes AutoCloseable values at the very end.
    broker =
        context
            .getRoot()
            .getStore(ExtensionContext.Namespace.GLOBAL)
            .getOrComputeIfAbsent(
                RabbitBroker.class, k -> RabbitBroker.fromEnvironmentOrStart(), RabbitBroker.class);
  }

  /**
   * @return the broker; only valid once the test class started
   */
  RabbitBroker broker() {
    if (broker == null) {
      throw new IllegalStateException("the broker is set up in @BeforeAll");
    }
    return broker;
  }
}
