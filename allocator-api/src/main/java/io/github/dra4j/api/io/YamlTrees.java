package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;

/*
 * YAML documents to JSON trees, the way Kubernetes (sigs.k8s.io/yaml over go-yaml) sees them.
 * SnakeYAML composes node graphs only (no object construction; global tags are refused by its
 * default tag inspector); scalars are converted here by their YAML 1.1 resolved tag, so "yes"
 * is a boolean and 010 is octal as in go-yaml. Jackson's YAML parser was not used for reading
 * because it turns an alias into the anchor's name, a silent wrong answer. Aliases expand to
 * the anchored subtree (shared, never mutated), within a node budget that stops "billion
 * laughs"; recursive aliases and merge keys are refused. A key given twice keeps its last value,
 * as in sigs.k8s.io/yaml, and is reported to the sink, which refuses or warns as the codec's
 * field validation says.
 */
final class YamlTrees {

  /** A document that cannot be converted; carries where. */
  static final class Problem extends Exception {
    private static final long serialVersionUID = 1L;

    Problem(String message, @Nullable Mark mark) {
      super(mark == null ? message : message + " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")",
          null, false, false);
    }

    /** {@return the message, which the constructor requires} */
    @Override
    public String getMessage() {
      return Objects.requireNonNull(super.getMessage());
    }
  }

  /** A key given twice in one mapping: the path of the key, and where its second use is. */
  record Duplicate(JsonPath path, String name, String where) {}

  /** A plain scalar that Kubernetes reads as another type than its text suggests, and what to say. */
  record Note(JsonPath path, String message) {}

  @FunctionalInterface
  interface Sink {
    /**
     * Receives a document; {@code duplicates} lists its repeated keys, whose last value the tree
     * holds, and {@code notes} its plain scalars that changed type.
     */
    void accept(JsonNode node, int document, List<Duplicate> duplicates, List<Note> notes) throws DecodeException;
  }

  private final JsonNodeFactory nodes;
  private final int maxAliases;
  private final int maxExpandedNodes;
  private final int maxStringLength;
  private final int maxNumberLength;
  private final int maxNestingDepth;
  private final int maxChars;

  YamlTrees(JsonNodeFactory nodes, int maxAliases, int maxExpandedNodes, int maxStringLength,
      int maxNumberLength, int maxNestingDepth, int maxChars) {
    this.nodes = nodes;
    this.maxAliases = maxAliases;
    this.maxExpandedNodes = maxExpandedNodes;
    this.maxStringLength = maxStringLength;
    this.maxNumberLength = maxNumberLength;
    this.maxNestingDepth = maxNestingDepth;
    this.maxChars = maxChars;
  }

  /** Converts every document of {@code text}; empty documents are counted but not passed on. */
  void forEach(String text, String source, Sink sink) throws DecodeException {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(maxAliases);
    options.setNestingDepthLimit(maxNestingDepth);
    options.setCodePointLimit(maxChars);
    options.setAllowRecursiveKeys(false);
    // Yaml.composeAll, but over a reader that stays linear on long tokens (TextStreamReader).
    Composer documents = new Composer(new ParserImpl(new TextStreamReader(text), options), new GoYamlResolver(), options);
    int document = 0;
    while (true) {
      Node node;
      document++;
      try {
        if (!documents.checkNode()) {
          return;
        }
        node = documents.getNode();
      } catch (YAMLException e) {
        throw new DecodeException(source, document, null, null, describe(e), e);
      }
      JsonNode tree;
      Conversion conversion = new Conversion();
      try {
        tree = conversion.convert(node, JsonPath.ROOT);
      } catch (Problem e) {
        throw new DecodeException(source, document, null, null, e.getMessage(), null);
      }
      if (!tree.isNull()) {
        sink.accept(tree, document, conversion.duplicates, conversion.notes);
      }
    }
  }

  private static String describe(YAMLException e) {
    if (e instanceof MarkedYAMLException) {
      MarkedYAMLException m = (MarkedYAMLException) e;
      Mark mark = m.getProblemMark();
      String where = mark == null ? "" : " (line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1) + ")";
      String context = m.getContext() == null ? "" : m.getContext() + ": ";
      return context + m.getProblem() + where;
    }
    return String.valueOf(e.getMessage());
  }

  /** One document's conversion state: anchored nodes already converted, and the alias budget. */
  private final class Conversion {
    private final IdentityHashMap<Node, JsonNode> anchored = new IdentityHashMap<>();
    private final IdentityHashMap<Node, Boolean> inProgress = new IdentityHashMap<>();
    private final List<Duplicate> duplicates = new ArrayList<>();
    private final List<Note> notes = new ArrayList<>();
    private int aliases;
    private long expanded;

    /* The path names where a node is first used; an alias's subtree is reported under its anchor. */
    JsonNode convert(Node node, JsonPath path) throws Problem {
      JsonNode seen = anchored.get(node);
      if (seen != null) {
        return alias(node, seen);
      }
      if (inProgress.containsKey(node)) {
        throw new Problem("recursive YAML alias *" + node.getAnchor(), node.getStartMark());
      }
      JsonNode result;
      if (node instanceof MappingNode) {
        inProgress.put(node, Boolean.TRUE);
        result = mapping((MappingNode) node, path);
        inProgress.remove(node);
      } else if (node instanceof SequenceNode) {
        inProgress.put(node, Boolean.TRUE);
        ArrayNode a = nodes.arrayNode();
        List<Node> items = ((SequenceNode) node).getValue();
        for (int i = 0; i < items.size(); i++) {
          a.add(convert(items.get(i), path.index(i)));
        }
        inProgress.remove(node);
        result = a;
      } else {
        result = scalar((ScalarNode) node, path);
      }
      if (node.getAnchor() != null) {
        anchored.put(node, result);
      }
      return result;
    }

    private JsonNode alias(Node node, JsonNode target) throws Problem {
      if (++aliases > maxAliases) {
        throw new Problem("more than " + maxAliases + " YAML aliases", node.getStartMark());
      }
      expanded += size(target, maxExpandedNodes - expanded + 1);
      if (expanded > maxExpandedNodes) {
        throw new Problem("YAML aliases expand to more than " + maxExpandedNodes + " nodes", node.getStartMark());
      }
      return target;
    }

    private ObjectNode mapping(MappingNode node, JsonPath path) throws Problem {
      ObjectNode o = nodes.objectNode();
      for (NodeTuple t : node.getValue()) {
        Node key = t.getKeyNode();
        if (!(key instanceof ScalarNode)) {
          throw new Problem("mapping keys must be scalars", key.getStartMark());
        }
        if (key.getTag().equals(Tag.MERGE)) {
          throw new Problem("YAML merge keys (<<) are not supported", key.getStartMark());
        }
        String name = key(checkedLength(((ScalarNode) key).getValue(), key), (ScalarNode) key, path);
        if (o.has(name)) {
          Mark mark = key.getStartMark();
          duplicates.add(new Duplicate(path.key(name), name,
              mark == null ? "" : "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1)));
        }
        o.set(name, convert(t.getValueNode(), path.key(name)));
      }
      return o;
    }

    /* A key as sigs.k8s.io/yaml writes it into JSON (GoScalars.key): {n: 1} is {"false": 1}. */
    private String key(String text, ScalarNode key, JsonPath path) throws Problem {
      if (!key.isPlain()) {
        return text;
      }
      String json;
      try {
        json = GoScalars.key(key.getTag(), text);
      } catch (GoScalars.Unsupported e) {
        throw new Problem(String.valueOf(e.getMessage()), key.getStartMark());
      }
      String note = GoScalars.note(key.getTag(), text, json, true);
      if (note != null) {
        notes.add(new Note(path.key(json), note));
      }
      return json;
    }

    private JsonNode scalar(ScalarNode node, JsonPath path) throws Problem {
      String text = checkedLength(node.getValue(), node);
      Tag tag = node.getTag();
      if ((tag.equals(Tag.INT) || tag.equals(Tag.FLOAT)) && text.length() > maxNumberLength) {
        throw new Problem("Number value length exceeds the maximum allowed (" + maxNumberLength + ")", node.getStartMark());
      }
      GoScalars.Json json;
      try {
        json = GoScalars.value(tag, text);
      } catch (GoScalars.Unsupported e) {
        throw new Problem(String.valueOf(e.getMessage()), node.getStartMark());
      }
      if (node.isPlain()) {
        String note = GoScalars.note(tag, text, json.text(), false);
        if (note != null) {
          notes.add(new Note(path, note));
        }
      }
      if (json.isString()) {
        return nodes.textNode(json.text());
      }
      if (!json.isNumber()) {
        return json.text().equals("null") ? nodes.nullNode() : nodes.booleanNode(json.text().equals("true"));
      }
      String t = json.text();
      if (t.indexOf('.') < 0 && t.indexOf('e') < 0) {
        BigInteger v = new BigInteger(t);
        return v.bitLength() < 64 ? nodes.numberNode(v.longValue()) : nodes.numberNode(v);
      }
      return nodes.numberNode(new BigDecimal(t));
    }

    private String checkedLength(String s, Node node) throws Problem {
      if (s.length() > maxStringLength) {
        throw new Problem("String value length exceeds the maximum allowed (" + maxStringLength + ")", node.getStartMark());
      }
      return s;
    }
  }

  /** Counts nodes, stopping once {@code limit} is passed. */
  private static long size(JsonNode node, long limit) {
    long n = 1;
    if (node.isContainerNode()) {
      for (JsonNode child : node) {
        n += size(child, limit - n);
        if (n > limit) {
          break;
        }
      }
    }
    return n;
  }
}
