package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The broker a run is connected to on this host counts as the run's, whoever started it. */
class BrokerPeersTest {
  @Test
  void aServerThisProcessIsConnectedToIsFoundThoughItIsNotADescendant() throws Exception {
    if (!Files.isReadable(Path.of("/proc/net/tcp"))) {
      assertThat(BrokerPeers.find()).isEmpty();
      return;
    }
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    Path pidFile = Files.createTempFile("peer", ".pid");
    // A listener started in the background of a shell that exits: re-parented, not ours; it
    // ends by itself 30 s after it started at most.
    new ProcessBuilder(
            "sh",
            "-c",
            "(python3 -c \"import socket,time;s=socket.socket();s.settimeout(30);"
                + "s.setsockopt(socket.SOL_SOCKET,socket.SO_REUSEADDR,1);"
                + "s.bind(('127.0.0.1',"
                + port
                + "));s.listen();c=s.accept();time.sleep(30)\" & echo $! > "
                + pidFile
                + ")")
        .start()
        .waitFor();
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    try (Socket client = connect(port)) {
      assertThat(client.isConnected()).isTrue();
      assertThat(ProcessHandle.current().descendants().map(ProcessHandle::pid)).doesNotContain(pid);

      assertThat(BrokerPeers.find()).contains(pid);
    } finally {
      ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
      Files.delete(pidFile);
    }
  }

  private static Socket connect(int port) throws Exception {
    for (int i = 0; ; i++) {
      try {
        return new Socket("127.0.0.1", port);
      } catch (java.net.ConnectException e) {
        if (i > 100) {
          throw e;
        }
        Thread.sleep(50);
      }
    }
  }
}
