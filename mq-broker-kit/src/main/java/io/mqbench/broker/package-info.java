/**
 * Local brokers as a shared facility: what a backend needs to run its broker on this machine when
 * no address is given, and the policy that decides when it does.
 *
 * <ul>
 *   <li>{@link io.mqbench.broker.BrokerResolution}: the one broker-address policy (address given;
 *       else the compose file's port on 127.0.0.1; else a local broker; else a one-line failure).
 *   <li>{@link io.mqbench.broker.BrokerBackend}: the provider methods that follow from a backend's
 *       {@link io.mqbench.mq.BrokerAddressing} (target, local broker only without an address).
 *   <li>{@link io.mqbench.broker.LocalBrokerDescriptor} and {@link
 *       io.mqbench.broker.JavaLocalBroker}: the one local-broker template. A Java backend declares
 *       a descriptor (distribution, main class, ports, address key, heap key, readiness,
 *       description); the template runs it.
 *   <li>{@link io.mqbench.broker.NativeServer}: the template for a server that is not Java (an
 *       installed package's executable): its command line from the backend, the rest (free port,
 *       scratch directory, readiness, stop, hold) the template's.
 *   <li>{@link io.mqbench.broker.JavaBroker}: a Java broker's classpath, resolved by the build in a
 *       broker-distribution module ({@code mq-<backend>-broker}) together with the main class that
 *       runs on it, and its command line.
 *   <li>{@link io.mqbench.broker.BrokerProcess}: the broker's process, its log, readiness with the
 *       log's tail in the error, one stop path and one shutdown hook (held by a {@link
 *       io.mqbench.broker.StopHold} while the owner's run ends), a session of its own, and no
 *       orphans ({@link io.mqbench.broker.StdinWatchdog}).
 *   <li>{@link io.mqbench.broker.ScratchDirectory}: a temporary directory with an owner pid, so
 *       that directories of killed harnesses are removed by the next one.
 *   <li>{@link io.mqbench.broker.Loopback}: free ports on 127.0.0.1 and "does this port answer".
 *   <li>{@link io.mqbench.broker.NetworkNamespaces}: a Linux network namespace per node of a local
 *       broker, joined to this machine by a bridge, so that a node can be cut off the network (the
 *       {@code partition-broker} fault) and joined again.
 * </ul>
 *
 * <p>A backend's own part is then its descriptor and, in its distribution module, the main class:
 * the broker's configuration files, written from the launch file.
 *
 * <p>This package is a module of its own, {@code mq-broker-kit}: the contract ({@code mq-core})
 * never depends on it, so a backend without a local broker needs none of it.
 */
package io.mqbench.broker;
