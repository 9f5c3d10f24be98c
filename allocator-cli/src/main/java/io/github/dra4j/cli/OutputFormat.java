package io.github.dra4j.cli;

import io.github.dra4j.api.io.KubernetesCodec;
import java.util.List;

/** The {@code -o} formats; the option accepts them in any case ({@code -o json}). */
enum OutputFormat {
  /** Multi-document YAML; the default. */
  YAML,
  /** One JSON object {@code {"apiVersion":"v1","kind":"List","items":[...]}}. */
  JSON;

  /** {@return the objects in this format, ending with a newline unless empty} */
  String write(KubernetesCodec codec, List<?> objects) {
    String text = this == JSON ? codec.writeJsonList(objects) : codec.writeYaml(objects);
    return text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
  }
}
