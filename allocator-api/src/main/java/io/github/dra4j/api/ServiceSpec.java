package io.github.dra4j.api;

import java.util.Map;

/**
 * The part of a Service's spec that scheduling reads.
 *
 * @param selector {@code spec.selector}: the labels of the pods the Service routes to; empty for a
 *     Service without a selector, which selects no pod
 */
public record ServiceSpec(Map<String, String> selector) {
  public ServiceSpec {
    selector = Copies.map(selector);
  }
}
