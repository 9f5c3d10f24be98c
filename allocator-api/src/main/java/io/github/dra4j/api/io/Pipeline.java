package io.github.dra4j.api.io;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ObjIntConsumer;
import org.jspecify.annotations.Nullable;

/*
 * Reads the texts the Splitter cuts, in parallel once the input is large, and hands their
 * objects and warnings on in input order, on the caller's thread. At most a few texts are in
 * flight, so memory follows the objects kept, not the input. A list's items that need the
 * list's kind (which comes after them in kubectl's YAML) wait until its tail is read; an item
 * using an anchor of an earlier text is read again, in order, once those anchors are known.
 */
final class Pipeline implements Splitter.Sink {

  /** What one read needs to know: where objects, warnings and progress go, and how to read. */
  record Settings(String source, FieldValidation validation, YamlTokens.Limits limits, Shared shared,
      ObjIntConsumer<Object> objects, ObjectReader.Output warnings, Progress progress, int threads) {}

  /** Progress of a read: called on the reading thread after each batch of objects. */
  interface Progress {
    void objects(long count);
  }

  /** Texts of this many characters are read on the caller's thread before parallel reading starts. */
  static final int SERIAL_CHARS = 1024 * 1024;

  private static final AtomicInteger THREAD = new AtomicInteger();
  private static volatile @Nullable ExecutorService pool;

  /** What reading one text gave. */
  private static final class Result implements ObjectReader.Output {
    final List<Object> events = new ArrayList<>();
    final List<Integer> documents = new ArrayList<>();
    int document;
    Map<String, Recording> anchors = Map.of();
    ObjectReader.@Nullable Pending pending;
    ObjectReader.ListInfo list = ObjectReader.ListInfo.NONE;
    @Nullable Exception error;
    boolean unknownAnchor;

    @Override
    public void object(Object o) {
      events.add(o);
      documents.add(document);
    }

    @Override
    public void warning(DecodeException w) {
      events.add(w);
      documents.add(document);
    }
  }

  /** One text and its result (now, or to come from the pool). */
  private record Job(Splitter.Part part, String text, int document, int firstLine, int firstItem,
      ObjectReader.ListInfo list, Map<String, Recording> anchors, Future<Result> result) {}

  private final Settings settings;
  private final ArrayDeque<Job> window = new ArrayDeque<>();
  private long chars;
  private long objects;
  /* the document being split, as the splitter sees it */
  private ObjectReader.ListInfo head = ObjectReader.ListInfo.NONE;
  private Map<String, Recording> headAnchors = Map.of();
  /* the document being handed on, as delivery sees it */
  private int delivering;
  private final Map<String, Recording> anchors = new HashMap<>();
  private final List<Result> held = new ArrayList<>();
  private ObjectReader.ListInfo listHead = ObjectReader.ListInfo.NONE;

  Pipeline(Settings settings) {
    this.settings = settings;
  }

  @Override
  public void accept(Splitter.Part part, String text, int document, int firstLine, int firstItem) throws IOException {
    if (part == Splitter.Part.LIST_HEAD) {
      // read now: the items read after it need the kind and anchors it gives
      Result r = read(part, text, document, firstLine, firstItem, ObjectReader.ListInfo.NONE, Map.of());
      head = r.list;
      headAnchors = r.anchors;
      enqueue(new Job(part, text, document, firstLine, firstItem, head, Map.of(), CompletableFuture.completedFuture(r)));
      return;
    }
    ObjectReader.ListInfo list = part == Splitter.Part.ITEMS ? head : ObjectReader.ListInfo.NONE;
    Map<String, Recording> inherited = part == Splitter.Part.ITEMS ? headAnchors : Map.of();
    chars += text.length();
    Future<Result> future;
    if (part == Splitter.Part.LIST_TAIL) {
      future = CompletableFuture.completedFuture(new Result());
      head = ObjectReader.ListInfo.NONE;
      headAnchors = Map.of();
    } else if (settings.threads() > 1 && chars > SERIAL_CHARS) {
      future = pool(settings.threads()).submit(() -> read(part, text, document, firstLine, firstItem, list, inherited));
    } else {
      future = CompletableFuture.completedFuture(read(part, text, document, firstLine, firstItem, list, inherited));
    }
    enqueue(new Job(part, text, document, firstLine, firstItem, list, inherited, future));
  }

  private void enqueue(Job job) throws IOException {
    window.add(job);
    while (!window.isEmpty() && (window.size() > 2 * settings.threads() + 1 || window.peek().result().isDone())) {
      deliver(window.poll());
    }
  }

  /** Hands on everything still in flight. */
  void finish() throws IOException {
    while (!window.isEmpty()) {
      deliver(window.poll());
    }
  }

  private static ExecutorService pool(int threads) {
    ExecutorService p = pool;
    if (p == null) {
      synchronized (Pipeline.class) {
        p = pool;
        if (p == null) {
          p = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "dra4j-reader-" + THREAD.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
          pool = p;
        }
      }
    }
    return p;
  }

  /** Reads one text; never throws, so that errors surface in input order. */
  private Result read(Splitter.Part part, String text, int document, int firstLine, int firstItem,
      ObjectReader.ListInfo list, Map<String, Recording> inherited) {
    return read(part, text, document, firstLine, firstItem, list, inherited, false);
  }

  private Result read(Splitter.Part part, String text, int document, int firstLine, int firstItem,
      ObjectReader.ListInfo list, Map<String, Recording> inherited, boolean retry) {
    Result r = new Result();
    r.document = document;
    try {
      JsonPath base = part == Splitter.Part.ITEMS ? JsonPath.ROOT.field("items") : JsonPath.ROOT;
      YamlTokens tokens = new YamlTokens(text, firstLine, base, firstItem, settings.limits(), inherited,
          part == Splitter.Part.ITEMS && !retry);
      ObjectReader reader = new ObjectReader(settings.source(), document, settings.validation(), settings.shared());
      for (int d = document; tokens.nextDocument(); d++) {
        r.document = d;
        switch (part) {
          case ITEMS:
            if (tokens.token() != Tokens.Token.START_ARRAY) {
              throw new YamlTokens.Problem("expected the list's items (line " + (firstLine + 1) + ")");
            }
            r.pending = reader.items(tokens, base, firstItem, list, r);
            break;
          case LIST_HEAD:
          case LIST_TAIL:
            r.list = listFields(tokens, r.list);
            break;
          default:
            reader = new ObjectReader(settings.source(), d, settings.validation(), settings.shared());
            reader.document(tokens, JsonPath.ROOT, false, r);
            break;
        }
        while (tokens.next() != Tokens.Token.END) {
          // the rest of the document's root: nothing, once its value is read
        }
        for (YamlTokens.Note n : tokens.takeNotes()) {
          r.warning(new DecodeException(settings.source(), d, null, n.path(), n.message()));
        }
      }
      r.anchors = tokens.anchors();
    } catch (YamlTokens.UnknownAnchor e) {
      r.unknownAnchor = true;
    } catch (YamlTokens.Problem e) {
      r.error = new DecodeException(settings.source(), r.document, null, null, e.getMessage(), null);
    } catch (DecodeException e) {
      r.error = e;
    } catch (RuntimeException e) {
      r.error = e;
    }
    return r;
  }

  /** The kind and apiVersion among a list's own fields (before or after its items). */
  private static ObjectReader.ListInfo listFields(Tokens in, ObjectReader.ListInfo before) {
    String kind = before.kind();
    String apiVersion = before.apiVersion();
    if (in.token() == Tokens.Token.START_OBJECT) {
      while (in.next() == Tokens.Token.NAME) {
        String key = in.text();
        Tokens.Token v = in.next();
        if (key.equals("kind") && v == Tokens.Token.STRING) {
          kind = in.text();
        } else if (key.equals("apiVersion") && v == Tokens.Token.STRING) {
          apiVersion = in.text();
        } else {
          in.skipValue();
        }
      }
    }
    return new ObjectReader.ListInfo(kind, apiVersion);
  }

  private void deliver(Job job) throws IOException {
    Result r;
    try {
      r = job.result().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while reading " + settings.source());
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
    if (job.document() != delivering) {
      delivering = job.document();
      anchors.clear();
      held.clear();
      listHead = ObjectReader.ListInfo.NONE;
    }
    if (r.unknownAnchor) {
      Map<String, Recording> known = new HashMap<>(job.anchors());
      known.putAll(anchors);
      r = read(job.part(), job.text(), job.document(), job.firstLine(), job.firstItem(), job.list(), known, true);
    }
    rethrow(r.error);
    anchors.putAll(r.anchors);
    switch (job.part()) {
      case LIST_HEAD:
        listHead = r.list;
        emit(r);
        break;
      case LIST_TAIL:
        Result tail = read(Splitter.Part.LIST_TAIL, job.text(), job.document(), job.firstLine(), 0, listHead, anchors);
        rethrow(tail.error);
        for (Result h : held) {
          emit(h);
          if (h.pending != null) {
            h.pending.flush(tail.list, new ObjectReader.Output() {
              @Override
              public void object(Object o) {
                deliverObject(o, job.document());
              }

              @Override
              public void warning(DecodeException w) {
                settings.warnings().warning(w);
              }
            });
          }
        }
        held.clear();
        emit(tail);
        break;
      default:
        if (!held.isEmpty() || r.pending != null) {
          held.add(r);
        } else {
          emit(r);
        }
        break;
    }
    settings.progress().objects(objects);
  }

  private static void rethrow(@Nullable Exception error) throws IOException {
    if (error instanceof IOException) {
      throw (IOException) error;
    }
    if (error instanceof RuntimeException) {
      throw (RuntimeException) error;
    }
  }

  private void emit(Result r) {
    for (int i = 0; i < r.events.size(); i++) {
      Object e = r.events.get(i);
      if (e instanceof DecodeException) {
        settings.warnings().warning((DecodeException) e);
      } else {
        deliverObject(e, r.documents.get(i));
      }
    }
    r.events.clear();
  }

  private void deliverObject(Object o, int document) {
    objects++;
    settings.objects().accept(o, document);
  }
}
