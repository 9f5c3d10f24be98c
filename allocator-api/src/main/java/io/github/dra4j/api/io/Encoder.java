package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;

/*
 * Record-to-tree encoding through the field tables, with Kubernetes' omitempty habits: nulls,
 * empty lists and maps and false primitive booleans are left out; nullable Booleans and Longs are
 * written when set (they are pointers in Go); fields Go declares without omitempty (pool
 * generation and slice count, node selector terms, a pod's containers) are always written.
 * Quantities print canonically, raw JSON is inlined; top-level kinds get apiVersion and kind.
 */
final class Encoder {
  static final String API_VERSION = "resource.k8s.io/v1";

  private Encoder() {}

  /** Encodes a model object or an {@link UnknownObject}. */
  @SuppressWarnings("unchecked")
  static JsonNode encode(Object o) {
    if (o instanceof UnknownObject) {
      return Types.RAW_JSON.write(((UnknownObject) o).content());
    }
    Type<Object> t = (Type<Object>) Decoder.type(o.getClass());
    if (t == null) {
      throw new IllegalArgumentException("not a model object: " + o.getClass().getName());
    }
    return t.write(o);
  }
}
