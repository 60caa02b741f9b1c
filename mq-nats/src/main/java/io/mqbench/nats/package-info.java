/**
 * The {@code nats} backend: a NATS JetStream work-queue stream used as a queue through jnats, and a
 * private {@code nats-server} as its local broker.
 */
package io.mqbench.nats;
