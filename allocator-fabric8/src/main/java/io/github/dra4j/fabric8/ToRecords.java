package io.github.dra4j.fabric8;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.DeviceClass;
import io.github.dra4j.api.Node;
import io.github.dra4j.api.NodeSelector;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceSlice;
import io.github.dra4j.api.field.FieldPath;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import org.jspecify.annotations.Nullable;

/*
 * fabric8 -> dra4j records through the codec's field tables: fabric8 writes its model object as a
 * Jackson tree with its own mapping (quantities as strings, additional properties such as the
 * KEP-5234 mixins and includes inline, as the API server sent them), and the codec reads the tree
 * as it reads a manifest, with strict field validation. So a field added to a record's table is
 * mapped here too, and both paths apply the same rules and messages. Every error names the object.
 */
final class ToRecords {
  private static final KubernetesCodec CODEC = KubernetesCodec.create();

  private ToRecords() {}

  static String ref(String kind, io.fabric8.kubernetes.api.model.@Nullable ObjectMeta meta) {
    if (meta == null) {
      return kind + " <unnamed>";
    }
    String name = meta.getName() == null ? "<unnamed>" : meta.getName();
    return meta.getNamespace() == null ? kind + " " + name : kind + " " + meta.getNamespace() + "/" + name;
  }

  static ResourceSlice slice(io.fabric8.kubernetes.api.model.resource.v1.ResourceSlice in) {
    return decode(ref("ResourceSlice", in.getMetadata()), in, ResourceSlice.class);
  }

  static DeviceClass deviceClass(io.fabric8.kubernetes.api.model.resource.v1.DeviceClass in) {
    return decode(ref("DeviceClass", in.getMetadata()), in, DeviceClass.class);
  }

  static ResourceClaim claim(io.fabric8.kubernetes.api.model.resource.v1.ResourceClaim in) {
    return decode(ref("ResourceClaim", in.getMetadata()), in, ResourceClaim.class);
  }

  static Node node(io.fabric8.kubernetes.api.model.Node in) {
    return decode(ref("Node", in.getMetadata()), in, Node.class);
  }

  static NodeSelector nodeSelector(io.fabric8.kubernetes.api.model.NodeSelector in) {
    return decode("NodeSelector", in, NodeSelector.class);
  }

  private static <T> T decode(String ref, Object fabric8, Class<T> type) {
    JsonNode tree = Json.SERIALIZATION.convertValue(fabric8, JsonNode.class);
    try {
      return CODEC.fromTree(tree, type);
    } catch (DecodeException e) {
      FieldPath path = e.fieldPath();
      throw new Fabric8ConversionException(ref, path == null ? FieldPath.root() : path, e.detail());
    }
  }
}
