/**
 * The contract every mqbench backend implements: send, receive and acknowledge, at least once.
 *
 * <h2>The whole contract on one page</h2>
 *
 * <p>A backend is a {@link io.mqbench.mq.MqProvider}, found with {@link java.util.ServiceLoader}.
 * The runner asks it to {@link io.mqbench.mq.MqProvider#open open} a queue once per run, then asks
 * the resulting {@link io.mqbench.mq.Mq} for one {@link io.mqbench.mq.MqSender} per sending thread
 * and one {@link io.mqbench.mq.MqReceiver} per receiving thread:
 *
 * <pre>{@code
 * MqProvider provider = MqProviders.load().find("kafka");
 * MqConfig config = provider.configure(Map.of("kafka.acks", "all"));
 * try (Mq mq = provider.open(config);
 *     MqSender sender = mq.createSender();
 *     MqReceiver receiver = mq.createReceiver()) {
 *   sender.send(List.of(body1, body2));        // returns once both are durable
 *   List<Received> got = receiver.receive(10, Duration.ofSeconds(1));
 *   // ... use got.get(i).body() ...
 *   receiver.ack(got);                          // never delivered again
 * }
 * }</pre>
 *
 * <h2>What each call promises</h2>
 *
 * <ul>
 *   <li>{@code send} is synchronous: when it returns, every message of the batch is as safe as the
 *       backend's configured guarantee says. When it throws, some messages may still arrive.
 *   <li>{@code receive} leases what it returns: no other receiver gets those messages until the
 *       lease ends (acknowledgement, receiver closed, connection lost, or a backend timeout).
 *   <li>{@code ack} removes exactly the given messages for good, no others (JMS client-acknowledge
 *       semantics, which acknowledge everything received so far, are not allowed); it may complete
 *       asynchronously.
 *   <li>{@code receive}'s wait may be rounded up to the backend's declared polling granularity
 *       ({@link io.mqbench.mq.MqLimits#receiveGranularity()}).
 *   <li>{@link io.mqbench.mq.MqProvider#limits} declares the largest message and batch a backend
 *       carries and how long a send may take; a send over the limit is refused before anything is
 *       sent, and a broker that stops answering makes {@code send} fail within the timeout.
 *   <li>Delivery is at least once: duplicates are allowed (and counted by the runner), loss is a
 *       bug.
 * </ul>
 *
 * <h2>Threads</h2>
 *
 * <p>{@code Mq} is shared by all threads of a run. Each sender and receiver belongs to the one
 * thread that uses it; backends need no locking inside them.
 *
 * <h2>Writing a backend</h2>
 *
 * <ol>
 *   <li>Declare configuration keys with {@link io.mqbench.config.ConfigKey} under the backend's
 *       name ({@code mybroker.uri}), each a javadoc'd constant, secrets {@linkplain
 *       io.mqbench.config.ConfigKey#markedSecret() marked}; return them from {@link
 *       io.mqbench.mq.MqProvider#configKeys()}.
 *   <li>Declare {@link io.mqbench.mq.MqProvider#limits limits} and, for a backend with a broker,
 *       {@link io.mqbench.mq.MqProvider#brokerAddressing() where its broker is} (implement {@code
 *       io.mqbench.broker.BrokerBackend} of the local-broker kit, module {@code mq-broker-kit},
 *       which derives the rest); a Java broker that can run on this machine is a {@code
 *       io.mqbench.broker.LocalBrokerDescriptor} naming a main class in a distribution module
 *       {@code mq-<backend>-broker}, run by {@code io.mqbench.broker.JavaLocalBroker}. Report
 *       failures with {@link io.mqbench.mq.Errors} in one line.
 *   <li>State facts and let the contract's helpers do the rest: name, keys, levels, lease, queue
 *       names, limits and broker as one {@link io.mqbench.mq.BackendFacts} that a {@link
 *       io.mqbench.mq.StatedProvider} answers from, the {@code --durability} levels as one {@link
 *       io.mqbench.mq.DurabilityTable}, the subscriptions opened as {@link
 *       io.mqbench.mq.Subscriptions} (a provider whose every queue takes several implements {@link
 *       io.mqbench.mq.PublishSubscribe}), and a sender whose client sends asynchronously as an
 *       {@link io.mqbench.mq.AsyncSender}.
 *   <li>Implement the four interfaces; map the broker's own acknowledgement mechanism onto {@code
 *       send}'s return and its consumer acknowledgements onto {@code ack}.
 *   <li>Register the provider in {@code META-INF/services/io.mqbench.mq.MqProvider}.
 *   <li>Extend {@code io.mqbench.contract.MqContractKit} and {@code
 *       io.mqbench.contract.MqFailureKit} (the {@code mq-core} test-jar) in integration tests
 *       against a real broker; every test of both kits must pass.
 * </ol>
 *
 * <p>{@link io.mqbench.memory.MemoryMqProvider} is a complete backend in a few hundred lines, and
 * the reference for the semantics above.
 */
package io.mqbench.mq;
