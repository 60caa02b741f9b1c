package io.mqbench.artemis;

/**
 * How the queue hangs off its address. Either way the receivers share one queue (competing
 * consumers); only what else could read the address differs.
 */
public enum RoutingType {
  /** A point-to-point address whose one queue has the queue's name (a JMS queue). */
  ANYCAST,
  /**
   * A publish-subscribe address ({@code artemis.address}) with the queue as one durable
   * subscription of it; senders send to the address, receivers read the queue by its fully
   * qualified name {@code address::queue}.
   */
  MULTICAST
}
