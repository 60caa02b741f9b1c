package io.mqbench.mq;

import java.time.Duration;

/**
 * The faults a {@link LocalBroker} started by mqbench can suffer on purpose, node by node, for runs
 * that measure what a queue does while its broker fails (issue 24): a crash ({@code kill -9}), a
 * crash and a restart on the same ports and data, and a pause ({@code SIGSTOP}, then {@code
 * SIGCONT}).
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
   * @return its address, {@code 127.0.0.1:port}
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
}
