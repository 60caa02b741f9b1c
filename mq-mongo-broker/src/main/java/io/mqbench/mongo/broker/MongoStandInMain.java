package io.mqbench.mongo.broker;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.mqbench.broker.LaunchFile;

/**
 * The main class of the local MongoDB stand-in's process: an in-memory {@code mongo-java-server}
 * bound to one loopback address and port. Started by mq-broker-kit's {@code JavaLocalBroker} under
 * its {@code StdinWatchdog}, on the classpath of this module's jars (never the runner's), with the
 * template's launch file as its one argument. The process ends when the watchdog sees its parent
 * go.
 *
 * <p>It speaks MongoDB's wire protocol, so the backend's code runs unchanged, but it is not
 * MongoDB: it keeps nothing on disk, has no replication, and its speed says nothing about
 * MongoDB's.
 */
public final class MongoStandInMain {
  private MongoStandInMain() {}

  /**
   * @param args the launch file ({@code host}, {@code ports})
   * @throws Exception if the launch file cannot be read or the port cannot be bound
   */
  public static void main(String[] args) throws Exception {
    LaunchFile launch = LaunchFile.read(args);
    String host = launch.host();
    int port = launch.port();
    // bind() is the last step: once the port answers, the server serves.
    new MongoServer(new MemoryBackend()).bind(host, port);
    System.out.println("mongo-java-server stand-in listening on " + host + ":" + port);
    // The server's threads serve clients; this one only keeps the JVM up until the watchdog ends
    // it.
    Thread.currentThread().join();
  }
}
