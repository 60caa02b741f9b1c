package io.mqbench.broker;

import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.MqException;
import java.time.Duration;

/**
 * The faults of a {@link JavaLocalBroker}'s nodes: {@link BrokerProcess#kill}, {@link
 * JavaLocalBroker#crashAndRestart}, {@link BrokerProcess#suspend} and {@link BrokerProcess#resume};
 * in network namespaces, also {@link NetworkNamespaces#cut} and {@link NetworkNamespaces#heal}.
 */
final class JavaLocalBrokerFaults implements BrokerFaults {
  private final JavaLocalBroker broker;

  JavaLocalBrokerFaults(JavaLocalBroker broker) {
    this.broker = broker;
  }

  @Override
  public int nodes() {
    return broker.size();
  }

  @Override
  public String address(int node) {
    return broker.address(node);
  }

  @Override
  public long pid(int node) {
    return broker.process(node).pid();
  }

  @Override
  public void kill(int node) throws InterruptedException {
    broker.process(node).kill();
  }

  @Override
  public Duration restart(int node) throws InterruptedException {
    long start = System.nanoTime();
    broker.crashAndRestart(node);
    return Duration.ofNanos(System.nanoTime() - start);
  }

  @Override
  public void pause(int node) throws InterruptedException {
    broker.process(node).suspend();
  }

  @Override
  public void resume(int node) throws InterruptedException {
    broker.process(node).resume();
  }

  @Override
  public void partition(int node) throws InterruptedException {
    partitionable().cut(node);
  }

  @Override
  public void heal(int node) throws InterruptedException {
    partitionable().heal(node);
  }

  private NetworkNamespaces partitionable() {
    return broker
        .network()
        .orElseThrow(
            () ->
                new MqException(
                    "the "
                        + broker.descriptor().name()
                        + " runs on 127.0.0.1, not in network namespaces of its own: there is no"
                        + " network of a node's own to cut"));
  }
}
