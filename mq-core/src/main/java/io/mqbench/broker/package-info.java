/**
 * Local brokers as a shared facility: what a backend needs to run its broker on this machine when
 * no address is given, and the policy that decides when it does.
 *
 * <ul>
 *   <li>{@link io.mqbench.broker.BrokerResolution}: the one broker-address policy (address given;
 *       else the compose file's port on 127.0.0.1; else a local broker; else a one-line failure).
 *   <li>{@link io.mqbench.broker.ScratchDirectory}: a temporary directory with an owner pid, so
 *       that directories of killed harnesses are removed by the next one.
 *   <li>{@link io.mqbench.broker.Loopback}: free ports on 127.0.0.1 and "does this port answer".
 *   <li>{@link io.mqbench.broker.BrokerProcess}: the broker's process, its log, readiness with the
 *       log's tail in the error, one shutdown path, and no orphans (stdin watchdog).
 *   <li>{@link io.mqbench.broker.JavaBroker}: a Java broker's classpath, resolved by the build in a
 *       broker-distribution module, and its command line.
 * </ul>
 *
 * <p>A backend's local broker (an {@link io.mqbench.mq.LocalBroker}) is then only its own part:
 * configuration files, the ports it needs, and how to tell that it serves clients.
 */
package io.mqbench.broker;
