package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.Node;
import io.github.dra4j.api.ResourceSlice;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input read as a stream, object by object: dumps of any size (one kind: List document, or many
 * documents), in parallel with the same result as serially, holding one document's text at a
 * time, with caps that end endless inputs with an error.
 */
final class StreamingReadTest {
  private final KubernetesCodec codec = KubernetesCodec.create();

  /** One node's slice, as kubectl writes an item of a List: about 3 KB. */
  private static String slice(int node, String indent, String dash) {
    StringBuilder devices = new StringBuilder();
    for (int d = 0; d < 16; d++) {
      devices.append(indent).append("  - name: gpu-").append(d).append('\n')
          .append(indent).append("    attributes:\n")
          .append(indent).append("      model: {string: A100}\n")
          .append(indent).append("      uuid: {string: GPU-").append(node).append('-').append(d).append("}\n")
          .append(indent).append("    capacity:\n")
          .append(indent).append("      memory: {value: 40Gi}\n");
    }
    String name = String.format(Locale.ROOT, "node-%06d", node);
    return dash + "apiVersion: resource.k8s.io/v1\n"
        + indent + "kind: ResourceSlice\n"
        + indent + "metadata: {name: " + name + "-gpus}\n"
        + indent + "spec:\n"
        + indent + "  driver: gpu.example.com\n"
        + indent + "  nodeName: " + name + "\n"
        + indent + "  pool: {name: " + name + ", generation: 1, resourceSliceCount: 1}\n"
        + indent + "  devices:\n" + devices;
  }

  /* --- size --- */

  @Test
  void hundredMegabyteListInOneFile_isRead(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("dump.yaml");
    int nodes = 0;
    try (Writer w = Files.newBufferedWriter(file)) {
      w.write("apiVersion: v1\nitems:\n");
      for (; Files.size(file) < 100L * 1024 * 1024 || nodes == 0; nodes++) {
        w.write(slice(nodes, "  ", "- "));
        if (nodes % 1000 == 0) {
          w.flush();
        }
      }
      w.write("kind: List\nmetadata:\n  resourceVersion: \"\"\n");
    }
    assertThat(Files.size(file)).isGreaterThan(100L * 1024 * 1024);
    long[] count = {0};
    String[] last = {""};
    try (InputStream in = Files.newInputStream(file)) {
      codec.readAll(in, file.toString(), (o, document) -> {
        count[0]++;
        last[0] = ((ResourceSlice) o).name();
        assertThat(document).isEqualTo(1);
      });
    }
    assertThat(count[0]).isEqualTo(nodes);
    assertThat(last[0]).isEqualTo(String.format(Locale.ROOT, "node-%06d-gpus", nodes - 1));
  }

  /**
   * Serially, the objects of document k reach the sink before the reader is past document k+1:
   * it keeps no more than one document's text (plus fixed buffers) at once.
   */
  @Test
  void serialReader_holdsOneDocumentAtATime() throws IOException {
    String doc = slice(0, "", "") + "---\n";
    int docs = 1000;
    long docBytes = doc.getBytes(StandardCharsets.UTF_8).length;
    CountingStream in = new CountingStream(doc, docs);
    List<Long> readWhenDelivered = new ArrayList<>();
    codec.withThreads(1).readAll(in, "gen.yaml", (o, document) -> readWhenDelivered.add(in.read));
    assertThat(readWhenDelivered).hasSize(docs);
    long buffers = 3 * 64 * 1024;
    for (int k = 0; k < docs; k++) {
      assertThat(readWhenDelivered.get(k)).as("bytes read when document %d arrives", k + 1)
          .isLessThanOrEqualTo((k + 2) * docBytes + buffers);
    }
    assertThat(docBytes * docs).as("the input is much larger than what is held").isGreaterThan(10 * (2 * docBytes + buffers));
  }

  /** Generates documents as they are read; counts the bytes handed out. */
  private static final class CountingStream extends InputStream {
    private final byte[] doc;
    private final int docs;
    private int at;
    private int pos;
    long read;

    CountingStream(String doc, int docs) {
      this.doc = doc.getBytes(StandardCharsets.UTF_8);
      this.docs = docs;
    }

    @Override
    public int read() {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (at == docs) {
        return -1;
      }
      int n = Math.min(len, doc.length - pos);
      System.arraycopy(doc, pos, b, off, n);
      pos += n;
      if (pos == doc.length) {
        pos = 0;
        at++;
      }
      read += n;
      return n;
    }
  }

  @Test
  void parallelAndSerialReads_giveTheSameObjectsInTheSameOrder() throws IOException {
    StringBuilder yaml = new StringBuilder();
    for (int i = 0; i < 600; i++) {
      yaml.append(slice(i, "", "")).append("---\n");
    }
    yaml.append("apiVersion: v1\nitems:\n");
    for (int i = 600; i < 1200; i++) {
      yaml.append(slice(i, "  ", "- "));
    }
    yaml.append("kind: List\n");
    byte[] bytes = yaml.toString().getBytes(StandardCharsets.UTF_8);
    List<Object> serial = codec.withThreads(1).readAll(new ByteArrayInputStream(bytes), "s");
    List<Object> parallel = codec.withThreads(4).readAll(new ByteArrayInputStream(bytes), "p");
    assertThat(serial).hasSize(1200);
    assertThat(parallel).isEqualTo(serial);
  }

  /* --- lists cut into items --- */

  @Test
  void listItems_waitForAKindThatComesAfterThem() throws IOException {
    String yaml = "apiVersion: resource.k8s.io/v1\nitems:\n"
        + "- metadata: {name: a}\n  spec: {driver: d, pool: {name: p}}\n"
        + "- apiVersion: v1\n  kind: Node\n  metadata: {name: node-1}\n"
        + "- metadata: {name: b}\n  spec: {driver: d, pool: {name: p}}\n"
        + "kind: ResourceSliceList\n";
    List<Object> objects = codec.readAll(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "l");
    assertThat(objects).extracting(o -> o.getClass().getSimpleName()).containsExactly("ResourceSlice", "Node",
        "ResourceSlice");
    assertThat(((ResourceSlice) objects.get(2)).name()).isEqualTo("b");
  }

  @Test
  void listItems_mayUseAnchorsOfEarlierItems() throws IOException {
    StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    yaml.append("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: first\n    labels: &common {zone: a}\n");
    for (int i = 0; i < 200; i++) {
      yaml.append(slice(i, "  ", "- "));
    }
    yaml.append("- apiVersion: v1\n  kind: Node\n  metadata:\n    name: last\n    labels: *common\n");
    List<Object> objects = codec.withThreads(2).readAll(
        new ByteArrayInputStream(yaml.toString().getBytes(StandardCharsets.UTF_8)), "a");
    assertThat(objects).hasSize(202);
    assertThat(((Node) objects.get(201)).metadata().labels()).containsEntry("zone", "a");
  }

  @Test
  void listItemErrors_nameTheirItemAndTheFileLine() {
    String yaml = "apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: Node\n    metadata: {name: a}\n"
        + "  - apiVersion: v1\n    kind: Node\n    metadata: {name: b}\n    spec: {unknownField: 1}\n";
    assertThatThrownBy(() -> codec.readAll(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "e.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("e.yaml, document 1 (Node/b), items[1].spec.unknownField: unknown field");
    String bad = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata: {name: a\n";
    assertThatThrownBy(() -> codec.readAll(new ByteArrayInputStream(bad.getBytes(StandardCharsets.UTF_8)), "s.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("s.yaml, document 1")
        .hasMessageContaining("line 7");
  }

  @Test
  void itemsThatAreNotABlockSequence_areReadAsTheDocumentItIs() throws IOException {
    String yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nitems:\n  a: 1\n";
    List<Object> objects = codec.readAll(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "c");
    assertThat(objects).singleElement().isInstanceOfSatisfying(UnknownObject.class,
        u -> assertThat(u.content().json()).contains("\"items\":{\"a\":1}"));
  }

  /* --- encodings --- */

  @Test
  void byteOrderMarks_selectUtf8Utf16AndUtf32() throws IOException {
    String yaml = "apiVersion: v1\nkind: Node\nmetadata: {name: n\u00e9}\n";
    List<Object> expected = codec.readAll(yaml, "plain");
    for (String charset : List.of("UTF-8", "UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE")) {
      byte[] text = yaml.getBytes(Charset.forName(charset));
      byte[] bom = "\uFEFF".getBytes(Charset.forName(charset));
      byte[] input = new byte[bom.length + text.length];
      System.arraycopy(bom, 0, input, 0, bom.length);
      System.arraycopy(text, 0, input, bom.length, text.length);
      assertThat(codec.readAll(new ByteArrayInputStream(input), charset)).as(charset).isEqualTo(expected);
    }
  }

  @Test
  void emptyAndBlankStreams_holdNoObjects() throws IOException {
    for (String text : List.of("", "\n", "# only a comment\n", "---\n", "\uFEFF")) {
      byte[] input = text.getBytes(StandardCharsets.UTF_8);
      assertThat(codec.readAll(new ByteArrayInputStream(input), "blank.yaml")).as("'%s'", text).isEmpty();
    }
  }

  @Test
  void invalidUtf8_isAnErrorNamingTheByte() {
    byte[] input = {'k', 'i', 'n', 'd', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'};
    assertThatThrownBy(() -> codec.readAll(new ByteArrayInputStream(input), "bad.yaml"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("bad.yaml: not valid UTF-8 at byte 6");
  }

  @Test
  void loneSurrogates_becomeTheReplacementCharacter_asGoDecodesThem() throws IOException {
    String json = "{\"apiVersion\": \"v1\", \"kind\": \"Node\", \"metadata\": {\"name\": \"a\\ud800b\"}}";
    String yaml = "apiVersion: v1\nkind: Node\nmetadata: {name: \"a\\ud800b\"}\n";
    Node fromJson = (Node) codec.readAll(json, "j").get(0);
    Node fromYaml = (Node) codec.readAll(yaml, "y").get(0);
    assertThat(fromJson.name()).isEqualTo("a\uFFFDb");
    assertThat(fromYaml).isEqualTo(fromJson);
    assertThat(codec.readAll(codec.writeYaml(List.of(fromJson)), "w")).containsExactly(fromJson);
  }

  /* --- caps --- */

  @Test
  void streamLongerThanTheCap_isAnErrorNamingTheSource() {
    byte[] input = "apiVersion: v1\nkind: Node\nmetadata: {name: n}\n---\n".repeat(100).getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> codec.withMaxInputBytes(1000).readAll(new ByteArrayInputStream(input), "<stdin>"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("<stdin>: input larger than 1000 bytes");
  }

  @Test
  void endlessInputWithoutSeparators_endsWithAnErrorNotOutOfMemory() {
    InputStream yes = new InputStream() {
      private long n;

      @Override
      public int read() {
        return n++ % 2 == 0 ? 'y' : '\n';
      }

      @Override
      public int read(byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
          b[off + i] = (byte) read();
        }
        return len;
      }
    };
    assertThatThrownBy(() -> codec.readAll(yes, "<stdin>", (o, d) -> { }))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("<stdin>, document 1: a YAML document longer than " + KubernetesCodec.MAX_INPUT_CHARS);
    InputStream zeros = new InputStream() {
      @Override
      public int read() {
        return 0;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        java.util.Arrays.fill(b, off, off + len, (byte) 0);
        return len;
      }
    };
    assertThatThrownBy(() -> codec.withMaxInputBytes(1 << 20).readAll(zeros, "/dev/zero", (o, d) -> { }))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("/dev/zero: input larger than 1048576 bytes");
  }
}
