package io.mqbench.mongo;

/**
 * The main class of the local stand-in's process, started by {@link LocalMongo} under mq-core's
 * {@code StdinWatchdog} on the stand-in's own classpath (mq-mongo-server's jars, plus this one
 * class): an in-memory {@code mongo-java-server} bound to one loopback address and port. The
 * process ends when the watchdog sees its parent go.
 *
 * <p>Uses only the JDK and reflection (it is copied alone, without the rest of mq-mongo, next to
 * the stand-in's jars); keep it free of nested and anonymous classes for the same reason.
 */
public final class StandInMain {
  private StandInMain() {}

  /**
   * @param args the address to bind (127.0.0.1) and the port
   * @throws Exception if the server's classes are missing or the port cannot be bound
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: StandInMain <host> <port>");
    }
    Class<?> backendType = Class.forName("de.bwaldvogel.mongo.MongoBackend");
    Object backend =
        Class.forName("de.bwaldvogel.mongo.backend.memory.MemoryBackend")
            .getConstructor()
            .newInstance();
    Object server =
        Class.forName("de.bwaldvogel.mongo.MongoServer")
            .getConstructor(backendType)
            .newInstance(backend);
    server
        .getClass()
        .getMethod("bind", String.class, int.class)
        .invoke(server, args[0], Integer.parseInt(args[1]));
    System.out.println("mongo-java-server stand-in listening on " + args[0] + ":" + args[1]);
    // The server's threads serve clients; this one only keeps the JVM up until the watchdog ends
    // it.
    Thread.currentThread().join();
  }
}
