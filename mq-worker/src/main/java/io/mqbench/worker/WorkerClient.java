package io.mqbench.worker;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.ConfigException;
import io.mqbench.mq.MqException;
import io.mqbench.worker.wire.Protocol;
import io.mqbench.worker.wire.Wire;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Optional;

/**
 * Talks to one worker: every call has a timeout, and every failure becomes an exception whose
 * one-line message names the worker. The token, if any, travels in a header and is never part of a
 * message.
 */
public final class WorkerClient {
  /** How long a connection to a worker may take to open. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

  /** How long a quick call (hello, clock, progress, start, stop) may take. */
  static final Duration QUICK = Duration.ofSeconds(5);

  /** A halt waits for the worker's threads to stop before it answers. */
  static final Duration HALT = Protocol.HALT_THREADS.plus(QUICK);

  private final WorkerAddress address;
  private final Optional<String> token;
  private final HttpClient http;

  /**
   * @param address the worker
   * @param token the shared token, if the worker wants one
   */
  public WorkerClient(WorkerAddress address, Optional<String> token) {
    this.address = address;
    this.token = token;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            .version(HttpClient.Version.HTTP_1_1)
            .build();
  }

  /**
   * @return the worker's address
   */
  public WorkerAddress address() {
    return address;
  }

  /**
   * Checks that the worker answers, accepts the token and runs this coordinator's version.
   *
   * @param version this coordinator's mqbench version
   * @throws MqException if the worker cannot be reached
   * @throws ConfigException if it refuses the token or runs another version
   */
  public void hello(String version) {
    JsonNode hello = get("hello", QUICK);
    String theirs = hello.path("mqbench").asText("?");
    int protocol = hello.path("protocol").asInt(-1);
    if (!theirs.equals(version) || protocol != Protocol.VERSION) {
      throw new ConfigException(
          "worker "
              + address
              + ": runs mqbench "
              + theirs
              + " (protocol "
              + protocol
              + "), this coordinator mqbench "
              + version
              + " (protocol "
              + Protocol.VERSION
              + "): run the same version on every node");
    }
  }

  /**
   * Asks the worker to exit once it has answered (its cells are closed): the end of a deployment
   * whose workers live only for one coordinator's runs, such as a Kubernetes Job.
   *
   * @throws MqException if the worker cannot be reached
   */
  public void shutdown() {
    post("shutdown", Wire.object(), QUICK);
  }

  /**
   * Makes the worker process halt as {@code kill -9} would (a fault, {@code kill-receiver} or
   * {@code kill-sender} on workers): its senders and receivers stop where they are, nothing is
   * acknowledged or closed cleanly, no shutdown hook runs. It answers first with what each of its
   * cells measured up to then, so that the run's accounting of it stays exact, and halts right
   * after.
   *
   * @return the answer: {@code held}, the messages its receivers held unacknowledged, and {@code
   *     cells}, each cell's report by its id
   * @throws MqException if the worker cannot be reached or does not know the request (an older
   *     version)
   */
  public JsonNode halt() {
    return post("halt", Wire.object(), HALT);
  }

  /**
   * Measures the worker's clock against this process's {@code nanoTime}: many request/response
   * exchanges, keeping the one with the smallest round trip, whose reading is assumed to be taken
   * half-way through it; the uncertainty is half that round trip.
   *
   * @param exchanges how many exchanges to make, at least 1
   * @return the offset
   */
  public ClockOffset clockOffset(int exchanges) {
    long bestRoundTrip = Long.MAX_VALUE;
    long bestOffset = 0;
    for (int i = 0; i < exchanges; i++) {
      long before = System.nanoTime();
      long theirs = get("clock", QUICK).required("nanos").asLong();
      long after = System.nanoTime();
      long roundTrip = after - before;
      if (roundTrip < bestRoundTrip) {
        bestRoundTrip = roundTrip;
        bestOffset = theirs - (before + roundTrip / 2);
      }
    }
    return new ClockOffset(bestOffset, bestRoundTrip / 2, exchanges);
  }

  JsonNode get(String path, Duration timeout) {
    return send(HttpRequest.newBuilder(uri(path)).GET(), path, timeout);
  }

  JsonNode post(String path, JsonNode body, Duration timeout) {
    return send(
        HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(Wire.bytes(body))),
        path,
        timeout);
  }

  private URI uri(String path) {
    return URI.create("http://" + address.hostAndPort() + "/v1/" + path);
  }

  private JsonNode send(HttpRequest.Builder request, String path, Duration timeout) {
    token.ifPresent(t -> request.header(Protocol.TOKEN_HEADER, t));
    HttpResponse<byte[]> response;
    try {
      response =
          http.send(request.timeout(timeout).build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      throw new MqException(
          "worker " + address + ": no answer to " + path + " within " + timeout.toMillis() + " ms",
          e);
    } catch (ConnectException e) {
      throw new MqException("worker " + address + ": unreachable (connection refused)", e);
    } catch (IOException e) {
      throw new MqException(
          "worker "
              + address
              + ": unreachable ("
              + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
              + ")",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while calling worker " + address, e);
    }
    JsonNode body;
    try {
      body = Wire.parse(response.body());
    } catch (IllegalArgumentException e) {
      throw new MqException(
          "worker "
              + address
              + " answered "
              + path
              + " with something else than mqbench JSON"
              + " (HTTP "
              + response.statusCode()
              + "): is this an mqbench worker?",
          e);
    }
    if (response.statusCode() == 401) {
      throw new ConfigException(
          "worker "
              + address
              + ": refused the token ("
              + body.path("error").asText()
              + "): give the worker's token with --worker-token-file");
    }
    if (response.statusCode() != 200) {
      throw new MqException(
          "worker " + address + ": " + body.path("error").asText("HTTP " + response.statusCode()));
    }
    return body;
  }
}
