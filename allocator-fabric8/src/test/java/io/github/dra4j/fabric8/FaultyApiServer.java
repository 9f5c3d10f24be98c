package io.github.dra4j.fabric8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.errorprone.annotations.CanIgnoreReturnValue;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.BasicBuilder;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.Interceptor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Dispatcher;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * fabric8's CRUD mock server behind a dispatcher that injects faults: requests answered with an
 * error without reaching the store, requests applied whose answer is lost (an error is returned
 * instead), watches broken with an ERROR event ({@code 410 Gone} or another code), clients cut
 * off from the server, and lists served in pages as the API server serves them ({@code limit},
 * {@code continue}). Bindings set the pod's node, as on a real API server. Every request is
 * logged with the client that sent it.
 *
 * <p>Clients made by {@link #client(String)} name themselves in a header, do not retry on their
 * own (fabric8 retries 5xx and I/O errors ten times by default, which would hide the faults)
 * and reconnect watches after 20 ms.
 */
public final class FaultyApiServer implements AutoCloseable, AfterEachCallback {
  /** The header a client names itself in. */
  public static final String CLIENT = "x-test-client";

  private static final ObjectMapper JSON = new ObjectMapper();
  /** The mock server logs every request at INFO; thousands of lines cost the soak test more than its requests. */
  private static final Logger MOCK_LOG = Logger.getLogger("io.fabric8.mockwebserver.MockWebServer");
  static {
    MOCK_LOG.setLevel(Level.WARNING);
  }

  private final Faults faults = new Faults();
  private final KubernetesMockServer server;
  private final List<KubernetesClient> clients = new CopyOnWriteArrayList<>();
  /** A client for the test's own setup and checks; faults aimed at other clients spare it. */
  public final KubernetesClient admin;

  /** Starts the server. */
  public FaultyApiServer() {
    server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), faults, false);
    server.init();
    admin = client("admin");
  }

  /**
   * Starts a server holding the objects of a test resource, for a test's {@code @RegisterExtension}
   * field: it is closed after each test, after the test's own {@code @AfterEach} methods.
   */
  public static FaultyApiServer with(String resource) {
    FaultyApiServer s = new FaultyApiServer();
    s.createAll(resource);
    return s;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    close();
  }

  /** {@return a new client that names itself {@code tag}; closed with the server} */
  public KubernetesClient client(String tag) {
    return client(tag, r -> { });
  }

  /**
   * Returns a new client that names itself {@code tag} and calls {@code before} with each request
   * before sending it (on the calling thread: it may use other clients, for example to race).
   */
  public KubernetesClient client(String tag, Consumer<HttpRequest> before) {
    KubernetesClient c = server.createClient(b -> b
        .editOrNewConfig().withRequestRetryBackoffLimit(0).withWatchReconnectInterval(20)
        .withWatchReconnectLimit(-1).endConfig()
        .withHttpClientBuilderConsumer(h -> h.addOrReplaceInterceptor("tag", new Interceptor() {
          @Override
          public void before(BasicBuilder builder, HttpRequest request, Interceptor.RequestTags tags) {
            builder.header(CLIENT, tag);
            before.accept(request);
          }
        })));
    clients.add(c);
    return c;
  }

  /* --- objects --- */

  /** Creates every object of a test resource ({@code fabric8/<name>}) through the admin client. */
  public void createAll(String resource) {
    for (HasMetadata o : Fabric8Yaml.resource(resource)) {
      admin.resource(Fabric8Yaml.SERIALIZATION.clone(o)).create();
    }
  }

  /** Creates a claim in {@code default} for {@code count} devices of class {@code gpu}. */
  public void claim(String name, long count) {
    admin.resource("apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: " + name
        + ", namespace: default}\nspec:\n  devices:\n    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu, "
        + "count: " + count + "}\n").create();
  }

  /** {@return a pending pod in {@code default} for the scheduler, using the claims, as created} */
  @CanIgnoreReturnValue
  public Pod pod(String name, String scheduler, String... claims) {
    PodBuilder b = new PodBuilder().withNewMetadata().withName(name).withNamespace("default").withUid("uid-" + name)
        .endMetadata().withNewSpec().withSchedulerName(scheduler).addNewContainer().withName("c")
        .withImage("busybox").endContainer().endSpec();
    for (String c : claims) {
      b.editSpec().addNewResourceClaim().withName("rc-" + c).withResourceClaimName(c).endResourceClaim().endSpec();
    }
    return admin.resource(b.build()).create();
  }

  /** {@return the claim as stored, or null} */
  public io.fabric8.kubernetes.api.model.resource.v1.@Nullable ResourceClaim storedClaim(String name) {
    return admin.resources(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inNamespace("default")
        .withName(name).get();
  }

  /** {@return every stored claim's allocated devices, as {@code claim -> [pool/device, ...]}} */
  public Map<String, List<String>> allocations() {
    Map<String, List<String>> out = new TreeMap<>();
    for (io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim c : admin.resources(
        io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim.class).inNamespace("default").list().getItems()) {
      if (c.getStatus() != null && c.getStatus().getAllocation() != null) {
        List<String> devices = new ArrayList<>();
        c.getStatus().getAllocation().getDevices().getResults().forEach(r -> devices.add(r.getPool() + "/" + r.getDevice()));
        out.put(c.getMetadata().getName(), devices);
      }
    }
    return out;
  }

  /** {@return the devices that more than one stored claim holds (none, when all is well)} */
  public Set<String> doublyAllocated() {
    Set<String> seen = new HashSet<>();
    Set<String> twice = new TreeSet<>();
    allocations().values().forEach(ds -> ds.forEach(d -> {
      if (!seen.add(d)) {
        twice.add(d);
      }
    }));
    return twice;
  }

  /** Waits (up to 20 s) until the condition holds: for what informers and electors do on their own threads. */
  public static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting until " + what, e);
      }
    }
  }

  /* --- what requests look like --- */

  /** {@return requests with this method whose path (without query) contains the text} */
  public static Predicate<RecordedRequest> calls(String method, String pathPart) {
    return r -> r.getMethod().equalsIgnoreCase(method) && path(r).contains(pathPart);
  }

  /** {@return requests sent by the client named {@code tag}} */
  public static Predicate<RecordedRequest> sentBy(String tag) {
    return r -> tag.equals(r.getHeader(CLIENT));
  }

  /** {@return status writes of ResourceClaims} */
  public static Predicate<RecordedRequest> claimStatusWrite() {
    return r -> r.getMethod().equalsIgnoreCase("PATCH") && path(r).contains("/resourceclaims/")
        && path(r).endsWith("/status");
  }

  /* --- faults --- */

  /**
   * Answers the next {@code times} matching requests with {@code code}, without applying them.
   *
   * @return the number of requests the fault is still waiting for; set it to stop or extend it
   */
  @CanIgnoreReturnValue
  public AtomicInteger fail(Predicate<RecordedRequest> which, int times, int code) {
    return faults.add(which, times, code, false);
  }

  /**
   * Applies the next {@code times} matching requests but answers them with {@code code}, as when
   * the connection drops after the API server has written.
   *
   * @return the number of requests the fault is still waiting for
   */
  @CanIgnoreReturnValue
  public AtomicInteger loseAnswer(Predicate<RecordedRequest> which, int times, int code) {
    return faults.add(which, times, code, true);
  }

  /** Cuts a client off (every request answered 503) or connects it again. */
  public void partition(String tag, boolean cut) {
    if (cut) {
      faults.cut.add(tag);
      faults.breakWatches(r -> tag.equals(r.getHeader(CLIENT)), 503);
    } else {
      faults.cut.remove(tag);
    }
  }

  /**
   * Ends every open watch on this resource (plural, such as {@code resourceclaims}) with an ERROR
   * event of this code, once the server has seen at least one open (the client may see its watch
   * open a moment before the server does).
   */
  public void breakWatches(String plural, int code) {
    Predicate<RecordedRequest> which = r -> path(r).endsWith("/" + plural);
    await("a watch on " + plural + " is open", () -> faults.watches.stream().anyMatch(w -> which.test(w.request())));
    faults.breakWatches(which, code);
  }

  /** As {@link #breakWatches}, without waiting: {@return whether a watch was open to break} */
  public boolean tryBreakWatches(String plural, int code) {
    return faults.breakWatches(r -> path(r).endsWith("/" + plural), code);
  }

  /** Sends a text that is no watch event on every open watch on this resource, as a broken proxy might. */
  public void garbleWatches(String plural) {
    Predicate<RecordedRequest> which = r -> path(r).endsWith("/" + plural);
    await("a watch on " + plural + " is open", () -> faults.watches.stream().anyMatch(w -> which.test(w.request())));
    tryGarbleWatches(plural);
  }

  /** As {@link #garbleWatches}, without waiting: {@return whether a watch was open to garble} */
  @CanIgnoreReturnValue
  public boolean tryGarbleWatches(String plural) {
    boolean any = false;
    for (Watch w : faults.watches) {
      if (path(w.request()).endsWith("/" + plural)) {
        any |= w.socket().send("{\"type\": 42");
      }
    }
    return any;
  }

  /** {@return the requests so far, as {@code client METHOD path -> code}} */
  public List<String> log() {
    return List.copyOf(faults.log);
  }

  @Override
  public void close() {
    clients.forEach(KubernetesClient::close);
    try {
      server.destroy();
    } catch (IllegalStateException e) {
      // The mock server waits a fixed time for the clients' connections, which close
      // asynchronously: a slow close says nothing about the test, whose checks are done.
      if (!String.valueOf(e.getMessage()).contains("Unable to close MockWebServer")) {
        throw e;
      }
    }
  }

  private static String path(RecordedRequest r) {
    String p = r.getPath();
    int q = p.indexOf('?');
    return q < 0 ? p : p.substring(0, q);
  }

  private static Map<String, String> query(RecordedRequest r) {
    Map<String, String> out = new HashMap<>();
    String p = r.getPath();
    int q = p.indexOf('?');
    if (q >= 0) {
      for (String kv : p.substring(q + 1).split("&", -1)) {
        int eq = kv.indexOf('=');
        if (eq > 0) {
          out.put(kv.substring(0, eq), URLDecoder.decode(kv.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return out;
  }

  private static String status(int code) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"Status\",\"status\":\"Failure\",\"code\":" + code
        + ",\"reason\":\"" + (code == 410 ? "Expired" : "InjectedFault") + "\",\"message\":\"injected fault " + code + "\"}";
  }

  /** The resource a request is about: the path segment after the version, past a namespace. */
  private static String plural(RecordedRequest r) {
    String[] parts = path(r).split("/", -1);
    int i = parts.length > 1 && parts[1].equals("api") ? 3 : 4;
    if (parts.length > i + 1 && parts[i].equals("namespaces")) {
      i += 2;
    }
    return parts.length > i ? parts[i] : "";
  }

  /** A watch the server cannot serve from the requested version: ERROR 410, then closed. */
  private static final class Gone extends WebSocketListener {
    @Override
    public void onOpen(WebSocket webSocket, Response response) {
      webSocket.send("{\"type\":\"ERROR\",\"object\":" + status(410) + "}");
      webSocket.close(1000, "too old resource version");
    }
  }

  private static final class Rule {
    final Predicate<RecordedRequest> which;
    final AtomicInteger remaining;
    final int code;
    final boolean apply;

    Rule(Predicate<RecordedRequest> which, int times, int code, boolean apply) {
      this.which = which;
      this.remaining = new AtomicInteger(times);
      this.code = code;
      this.apply = apply;
    }
  }

  /** An open watch: its request and socket. */
  private record Watch(RecordedRequest request, WebSocket socket) {}

  private static final class Faults extends Dispatcher {
    final KubernetesCrudDispatcher crud = new KubernetesCrudDispatcher();
    final List<Rule> rules = new CopyOnWriteArrayList<>();
    final Set<String> cut = ConcurrentHashMap.newKeySet();
    final List<Watch> watches = new CopyOnWriteArrayList<>();
    final List<String> log = new CopyOnWriteArrayList<>();
    /** Per resource, the version after its last deletion: the store keeps no history to replay it from. */
    final Map<String, Long> deletedAt = new ConcurrentHashMap<>();
    /*
     * The mock's watch listener, when its socket closes or fails, waits up to a minute for its event
     * sender to stop, and that sender may be waiting for the server's one event-loop thread, the very
     * thread that reports the close: under load every request then times out for as long. The
     * listener is told on a thread of its own instead: one per server, so that it hears of the
     * closes in the order they happened, and that ends once idle, so that servers of finished tests
     * keep none.
     * The listener stops its sender before it leaves the CRUD dispatcher's listeners: a write in
     * between would be applied, but its event rejected, its dispatch ended and its answer lost (a
     * 10 s timeout). So it leaves them first, on the event loop that dispatches writes.
     */
    final ThreadPoolExecutor closing = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        r -> {
          Thread t = new Thread(r, "watch-close");
          t.setDaemon(true);
          return t;
        });

    /** The CRUD dispatcher's watch listeners, to which every write sends its events; not exposed by the mock. */
    final Set<?> crudWatches;

    Faults() {
      closing.allowCoreThreadTimeOut(true);
      try {
        Field f = KubernetesCrudDispatcher.class.getDeclaredField("watchEventListeners");
        f.setAccessible(true);
        crudWatches = (Set<?>) Objects.requireNonNull(f.get(crud));
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("KubernetesCrudDispatcher.watchEventListeners not readable: the mock changed", e);
      }
    }

    AtomicInteger add(Predicate<RecordedRequest> which, int times, int code, boolean apply) {
      Rule r = new Rule(which, times, code, apply);
      rules.add(r);
      return r.remaining;
    }

    @Override
    public MockResponse dispatch(RecordedRequest request) {
      MockResponse response = answer(request);
      log.add(request.getHeader(CLIENT) + " " + request.getMethod() + " " + path(request) + " -> " + response.code());
      return response;
    }

    private MockResponse answer(RecordedRequest request) {
      if (cut.contains(String.valueOf(request.getHeader(CLIENT)))) {
        return new MockResponse().setResponseCode(503).setBody(status(503));
      }
      for (Rule rule : rules) {
        if (rule.which.test(request) && rule.remaining.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
          if (rule.apply) {
            MockResponse ignored = serve(request);
          }
          return new MockResponse().setResponseCode(rule.code).setBody(status(rule.code));
        }
      }
      return serve(request);
    }

    private MockResponse serve(RecordedRequest request) {
      if (request.getMethod().equalsIgnoreCase("POST") && path(request).matches("/api/v1/namespaces/[^/]+/bindings")) {
        return bind(request);
      }
      String plural = plural(request);
      Map<String, String> query = query(request);
      if ("true".equals(query.get("watch")) && query.containsKey("resourceVersion")
          && Long.parseLong(query.get("resourceVersion")) < deletedAt.getOrDefault(plural, 0L)) {
        // The API server answers so when it cannot replay the events since that version.
        return new MockResponse().withWebSocketUpgrade(new Gone());
      }
      MockResponse response = crud.dispatch(request);
      if (deletes(request, response)) {
        deletedAt.merge(plural, crud.requestResourceVersion(), Math::max);
      }
      WebSocketListener listener = response.getWebSocketListener();
      if (listener != null) {
        return response.withWebSocketUpgrade(new Capturing(request, listener));
      }
      String limit = query(request).get("limit");
      return limit == null || response.code() != 200 ? response : page(response, Integer.parseInt(limit),
          Integer.parseInt(query(request).getOrDefault("continue", "0")));
    }

    /**
     * Binds as the API server does: sets the pod's {@code spec.nodeName}, and refuses a pod that
     * is gone (404) or already bound (409); the CRUD store would only keep a Binding object.
     */
    private MockResponse bind(RecordedRequest request) {
      try {
        JsonNode binding = JSON.readTree(request.getBody().getBytes());
        String podPath = path(request).replaceFirst("/bindings$", "/pods/") + binding.path("metadata").path("name").asText();
        MockResponse current = crud.handleGet(podPath);
        if (current.code() != 200) {
          return new MockResponse().setResponseCode(404).setBody(status(404));
        }
        if (JSON.readTree(current.getBody().getBytes()).path("spec").hasNonNull("nodeName")) {
          return new MockResponse().setResponseCode(409).setBody(status(409));
        }
        String patch = "{\"spec\":{\"nodeName\":" + JSON.writeValueAsString(binding.path("target").path("name").asText())
            + "}}";
        MockResponse patched = crud.handlePatch(new RecordedRequest("HTTP/1.1", HttpMethod.PATCH, podPath,
            Headers.builder().add("Content-Type", "application/merge-patch+json").build(),
            new Buffer(patch.getBytes(StandardCharsets.UTF_8))));
        return patched.code() >= 300 ? patched
            : new MockResponse().setResponseCode(201).setBody(new Buffer(request.getBody().getBytes()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /**
     * Whether the request deleted an object or may have: a DELETE, or a write to an object being
     * deleted (removing its last finalizer removes it).
     */
    private static boolean deletes(RecordedRequest request, MockResponse response) {
      if (response.code() >= 300) {
        return false;
      }
      if (request.getMethod().equalsIgnoreCase("DELETE")) {
        return true;
      }
      if (request.getMethod().equalsIgnoreCase("PUT") || request.getMethod().equalsIgnoreCase("PATCH")) {
        try {
          JsonNode meta = JSON.readTree(response.getBody().getBytes()).path("metadata"); // not readUtf8: it consumes
          return meta.hasNonNull("deletionTimestamp");
        } catch (IOException e) {
          return true;
        }
      }
      return false;
    }

    /** Serves one page of a list: items from the offset in {@code continue}, and the next offset. */
    private static MockResponse page(MockResponse full, int limit, int offset) {
      try {
        JsonNode list = JSON.readTree(full.getBody().getBytes());
        if (!(list instanceof ObjectNode) || !(list.get("items") instanceof ArrayNode)) {
          return full;
        }
        ArrayNode items = (ArrayNode) list.get("items");
        ArrayNode page = JSON.createArrayNode();
        for (int i = offset; i < Math.min(items.size(), offset + limit); i++) {
          page.add(items.get(i));
        }
        ObjectNode out = ((ObjectNode) list).deepCopy();
        out.set("items", page);
        ObjectNode meta = out.withObjectProperty("metadata");
        if (offset + limit < items.size()) {
          meta.put("continue", Integer.toString(offset + limit));
        } else {
          meta.remove("continue");
        }
        return new MockResponse().setResponseCode(200).setBody(JSON.writeValueAsString(out));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @CanIgnoreReturnValue
    boolean breakWatches(Predicate<RecordedRequest> which, int code) {
      List<Watch> broken = new ArrayList<>();
      for (Watch w : watches) {
        if (which.test(w.request())) {
          broken.add(w);
        }
      }
      for (Watch w : broken) {
        watches.remove(w);
        w.socket().send("{\"type\":\"ERROR\",\"object\":" + status(code) + "}");
        w.socket().close(1000, "injected fault " + code);
      }
      return !broken.isEmpty();
    }

    @Override
    public void shutdown() {
      crud.shutdown();
    }

    /** Passes a watch's socket events to the CRUD dispatcher's listener and remembers the socket. */
    private final class Capturing extends WebSocketListener {
      private final RecordedRequest request;
      private final WebSocketListener delegate;

      Capturing(RecordedRequest request, WebSocketListener delegate) {
        this.request = request;
        this.delegate = delegate;
      }

      @Override
      public void onOpen(WebSocket webSocket, Response response) {
        Watch w = new Watch(request, webSocket);
        watches.add(w);
        delegate.onOpen(webSocket, response);
        if (cut.contains(String.valueOf(request.getHeader(CLIENT)))) {
          breakWatches(r -> r == request, 503); // opened just as its client was cut off
        }
      }

      @Override
      public void onMessage(WebSocket webSocket, String text) {
        delegate.onMessage(webSocket, text);
      }

      @Override
      public void onClosing(WebSocket webSocket, int code, String reason) {
        delegate.onClosing(webSocket, code, reason);
      }

      @Override
      public void onClosed(WebSocket webSocket, int code, String reason) {
        watches.removeIf(w -> w.socket() == webSocket);
        crudWatches.remove(delegate);
        closing.execute(() -> delegate.onClosed(webSocket, code, reason));
      }

      @Override
      public void onFailure(WebSocket webSocket, Throwable error, Response response) {
        watches.removeIf(w -> w.socket() == webSocket);
        crudWatches.remove(delegate);
        closing.execute(() -> delegate.onFailure(webSocket, error, response));
      }
    }
  }
}
