/**
 * The Kubernetes {@code resource.k8s.io} model as immutable records, the YAML/JSON codec and
 * validation. Jackson is required transitively because {@link
 * io.github.dra4j.api.io.KubernetesCodec#jacksonModule()} hands a Jackson module to callers;
 * the annotations are needed to compile against the API, not to run it.
 */
module io.github.dra4j.api {
  requires transitive com.fasterxml.jackson.databind;
  requires com.fasterxml.jackson.core;
  requires com.fasterxml.jackson.dataformat.yaml;
  requires org.yaml.snakeyaml;
  requires org.apache.commons.text;
  requires static transitive org.jspecify;
  requires static transitive com.google.errorprone.annotations;

  exports io.github.dra4j.api;
  exports io.github.dra4j.api.config;
  exports io.github.dra4j.api.field;
  exports io.github.dra4j.api.io;
  exports io.github.dra4j.api.simulation;
  exports io.github.dra4j.api.validation;
}
