package io.mqbench.artemis;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * The main class of a local Artemis broker process, started by {@link LocalArtemis} under mq-core's
 * {@code StdinWatchdog} on the broker's own classpath (mq-artemis-broker's jars, plus this one
 * class). It starts {@code EmbeddedActiveMQ} from a {@code broker.xml}, with one user (read from a
 * file, so that the password is not on the command line) in a role allowed everything.
 *
 * <p>Uses only the JDK and reflection (it is copied alone, without the rest of mq-artemis, next to
 * the broker's jars); keep it free of nested and anonymous classes for the same reason.
 */
public final class BrokerMain {
  private static final String SERVER = "org.apache.activemq.artemis.core.server.";
  private static final String SECURITY = "org.apache.activemq.artemis.spi.core.security.";
  private static Object broker;

  private BrokerMain() {}

  /**
   * @param args the broker.xml path and a properties file with {@code user} and {@code password}
   * @throws Exception if the broker's classes are missing or it did not start
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: BrokerMain <broker.xml> <users.properties>");
      System.exit(2);
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
      p.load(in);
    }
    String user = p.getProperty("user");
    Class<?> securityConfig =
        Class.forName("org.apache.activemq.artemis.core.config.impl.SecurityConfiguration");
    Object users =
        securityConfig
            .getConstructor(Map.class, Map.class)
            .newInstance(Map.of(user, p.getProperty("password")), Map.of(user, List.of("mqbench")));
    Object manager =
        Class.forName(SECURITY + "ActiveMQSecurityManagerImpl")
            .getConstructor(securityConfig)
            .newInstance(users);
    Class<?> embedded = Class.forName(SERVER + "embedded.EmbeddedActiveMQ");
    Object b = embedded.getConstructor().newInstance();
    embedded
        .getMethod("setConfigResourcePath", String.class)
        .invoke(b, Path.of(args[0]).toUri().toString());
    embedded
        .getMethod("setSecurityManager", Class.forName(SECURITY + "ActiveMQSecurityManager"))
        .invoke(b, manager);
    embedded.getMethod("start").invoke(b);
    broker = b;
    // A graceful stop (the watchdog's System.exit) closes the journal cleanly.
    Runtime.getRuntime().addShutdownHook(new Thread(BrokerMain::stop, "stop-artemis"));
    System.out.println("mqbench: Artemis broker started");
    new CountDownLatch(1).await();
  }

  private static void stop() {
    try {
      broker.getClass().getMethod("stop").invoke(broker);
    } catch (ReflectiveOperationException e) {
      System.err.println("stopping the broker failed: " + e.getCause());
    }
  }
}
