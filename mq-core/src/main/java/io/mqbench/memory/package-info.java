/**
 * The {@code memory} backend: an in-process queue with leases and redelivery, used to measure the
 * harness itself and to run the contract kit without a broker.
 */
package io.mqbench.memory;
