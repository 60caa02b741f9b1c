package io.mqbench.mq;

import java.time.Duration;

/**
 * The faults a {@link LocalBroker} started by mqbench can suffer on purpose, node by node, for runs
 * that measure what a queue does while its broker fails (issue 24): a crash ({@code kill -9}), a
 * crash and a restart on the same ports and data, a pause ({@code SIGSTOP}, then {@code SIGCONT}),
 * and, for a broker whose nodes run in network namespaces of their own ({@link
 * LocalBroker#inNetworkNamespaces()}), a network partition ({@link #partition}, then {@link
 * #heal}).
 *
 * <p>Nodes are numbered from 0 to {@link #nodes()} - 1; users name them from 1 ({@code node 2} is
 * node 1 here). Every method is thread-safe, and may be called while a run sends and receives.
 */
public interface BrokerFaults {

  /**
   * @return how many nodes the broker has, at least 1
   */
  int nodes();

  /**
   * The client address of a node, as the backend's clients and {@link
   * MqProvider#leaderAddress(io.mqbench.config.MqConfig)} name it.
   *
   * @param node which node, from 0
   * @return its address, {@code 127.0.0.1:port}, or the address in its network namespace ({@code
   *     10.213.X.Y:port})
   */
  String address(int node);

  /**
   * @param node which node, from 0
   * @return the process id of the node's process now (it changes with a restart); for messages
   */
  long pid(int node);

  /**
   * Kills a node at once ({@code SIGKILL} to its process and descendants), as a crash would; it
   * stays down.
   *
   * @param node which node, from 0
   * @throws InterruptedException if interrupted while waiting for it to die
   * @throws MqException if the node cannot be killed
   */
  void kill(int node) throws InterruptedException;

  /**
   * Kills a node at once, as {@link #kill} does, starts it again with the same ports, configuration
   * and data, and waits until the broker serves clients again.
   *
   * @param node which node, from 0
   * @return how long the node took from the kill until it served again
   * @throws InterruptedException if interrupted while waiting
   * @throws MqException if it does not serve again in time; the message ends with its log
   */
  Duration restart(int node) throws InterruptedException;

  /**
   * Freezes a node ({@code SIGSTOP} to its process and descendants, waiting until every thread is
   * stopped): its connections stay open and nothing answers.
   *
   * @param node which node, from 0
   * @throws InterruptedException if interrupted while signalling
   * @throws MqException if the node cannot be signalled
   */
  void pause(int node) throws InterruptedException;

  /**
   * Lets a {@linkplain #pause paused} node run again ({@code SIGCONT}).
   *
   * @param node which node, from 0
   * @throws InterruptedException if interrupted while signalling
   * @throws MqException if the node cannot be signalled
   */
  void resume(int node) throws InterruptedException;

  /**
   * Cuts a node off the network, as a partition would: nothing reaches it or leaves it, from the
   * clients or from the other nodes, until {@link #heal}; its connections stay open and stall, and
   * the process runs on. Only a broker whose nodes run in network namespaces of their own can;
   * others refuse (the default).
   *
   * @param node which node, from 0
   * @throws InterruptedException if interrupted while cutting it off
   * @throws MqException in one line if the broker's nodes do not run in network namespaces of their
   *     own, or the cut fails
   */
  default void partition(int node) throws InterruptedException {
    throw new MqException(
        "this broker's nodes do not run in network namespaces of their own: there is no network"
            + " of a node's own to cut");
  }

  /**
   * Joins a {@linkplain #partition cut-off} node to the network again; its stalled connections go
   * on, or fail by their own timeouts.
   *
   * @param node which node, from 0
   * @throws InterruptedException if interrupted while joining it
   * @throws MqException in one line if the broker's nodes do not run in network namespaces of their
   *     own, or the join fails
   */
  default void heal(int node) throws InterruptedException {
    throw new MqException(
        "this broker's nodes do not run in network namespaces of their own: there is no network"
            + " of a node's own to heal");
  }
}
