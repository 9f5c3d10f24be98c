package io.github.dra4j.api.io;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.annotations.SerializedName;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * "A field the API has is never unknown", tested against an independent source: the generated
 * models of io.kubernetes:client-java-api, whose classes carry every field of every API type
 * with its JSON name. Starting at each kind of known-fields.txt, the table and the model are
 * walked together: every field of the model must be in the table with the same shape (object,
 * list of objects, map of objects, or a value) and, for objects, a type that passes the same
 * check. The resource.k8s.io/v1alpha3 kinds of 1.31-1.33 come from an older client-java-api,
 * which Maven copies beside the tests.
 */
final class KnownFieldsTest {
  private static final String MODELS = "io.kubernetes.client.openapi.models.";
  /** Kinds newer than the newest client-java-api; their fields come from k8s.io/api alone. */
  private static final Set<String> NEWER_THAN_CLIENT_JAVA = Set.of("V1DeviceTaintRule");

  private final Map<String, Map<String, String>> table = FieldCheck.instance().describe();

  @Test
  void everyFieldOfTheApiIsKnown() throws Exception {
    Path older = Paths.get("target", "known-fields", "client-java-api-v1alpha3.jar");
    assertThat(older).exists();
    List<String> problems = new ArrayList<>();
    Set<String> compared = new TreeSet<>();
    try (URLClassLoader v1alpha3 = new URLClassLoader(new URL[] {older.toUri().toURL()}, getClass().getClassLoader())) {
      for (String root : new TreeSet<>(FieldCheck.instance().roots().values())) {
        Class<?> model = load(root, v1alpha3);
        if (model == null) {
          assertThat(NEWER_THAN_CLIENT_JAVA).as("client-java-api has no %s", root).contains(root);
          continue;
        }
        compare(model, root, root, new HashSet<>(), compared, problems);
      }
    }
    assertThat(problems).isEmpty();
    // the walk reached the big trees: a Pod's containers and volumes, every resource.k8s.io version
    assertThat(compared).contains("V1Container", "V1Volume", "V1NodeStatus", "V1ObjectMeta", "V1ManagedFieldsEntry",
        "V1Device", "V1beta2Device", "V1beta1BasicDevice", "V1alpha3BasicDevice", "V1alpha3DeviceTaintSelector");
    assertThat(compared.size()).isGreaterThan(250);
  }

  @Test
  void kindsOfEveryVersionAreChecked() {
    assertThat(FieldCheck.instance().roots()).containsKeys(
        "v1 Pod", "v1 Node",
        "resource.k8s.io/v1 ResourceSlice", "resource.k8s.io/v1 DeviceTaintRule",
        "resource.k8s.io/v1beta2 ResourceClaimTemplate", "resource.k8s.io/v1beta2 DeviceTaintRule",
        "resource.k8s.io/v1beta1 ResourceClaim", "resource.k8s.io/v1alpha3 DeviceClass",
        "resource.k8s.io/v1alpha3 ResourceSlice", "resource.k8s.io/v1alpha3 DeviceTaintRule",
        "scheduling.k8s.io/v1alpha2 Workload", "scheduling.k8s.io/v1alpha2 PodGroup",
        "scheduling.k8s.io/v1 PriorityClass", "policy/v1 PodDisruptionBudget");
  }

  private static Class<?> load(String name, ClassLoader loader) {
    try {
      return Class.forName(MODELS + name, false, loader);
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  private void compare(Class<?> model, String type, String path, Set<String> seen, Set<String> compared,
      List<String> problems) {
    if (!seen.add(model.getName() + " " + type)) {
      return;
    }
    compared.add(type);
    Map<String, String> known = table.get(type);
    if (known == null) {
      problems.add(path + ": no type " + type + " in the table");
      return;
    }
    for (Field f : model.getDeclaredFields()) {
      SerializedName json = f.getAnnotation(SerializedName.class);
      if (Modifier.isStatic(f.getModifiers()) || json == null) {
        continue;
      }
      String name = json.value();
      String at = path + "." + name;
      String mine = known.get(name);
      if (mine == null) {
        problems.add(at + ": unknown in the table's " + type);
        continue;
      }
      Type t = f.getGenericType();
      String shape = "";
      Class<?> nested = null;
      if (isModel(t)) {
        nested = (Class<?>) t;
      } else if (t instanceof ParameterizedType) {
        Type[] args = ((ParameterizedType) t).getActualTypeArguments();
        Class<?> raw = (Class<?>) ((ParameterizedType) t).getRawType();
        if (List.class.isAssignableFrom(raw) && isModel(args[0])) {
          shape = "[]";
          nested = (Class<?>) args[0];
        } else if (Map.class.isAssignableFrom(raw) && isModel(args[1])) {
          shape = "{}";
          nested = (Class<?>) args[1];
        }
      }
      if (nested == null) {
        // client-java-api models a Go struct without fields (a basic scheduling policy) as Object
        boolean emptyStruct = t == Object.class && table.getOrDefault(mine, Map.of("", "")).isEmpty();
        if (!mine.isEmpty() && !emptyStruct) {
          problems.add(at + ": a value in the API, " + mine + " in the table");
        }
      } else if (!mine.startsWith(shape) || mine.length() == shape.length()
          || (shape.isEmpty() && (mine.startsWith("[]") || mine.startsWith("{}")))) {
        problems.add(at + ": " + shape + nested.getSimpleName() + " in the API, '" + mine + "' in the table");
      } else {
        compare(nested, mine.substring(shape.length()), at, seen, compared, problems);
      }
    }
  }

  private static boolean isModel(Type t) {
    return t instanceof Class<?> && ((Class<?>) t).getName().startsWith(MODELS) && !((Class<?>) t).isEnum();
  }

  @Test
  void theOlderModelsAreReallyOlder() throws Exception {
    // guards the copy step: the v1alpha3 ResourceSlice exists only in the older jar
    assertThat(load("V1alpha3ResourceSlice", getClass().getClassLoader())).isNull();
    assertThat(Files.size(Paths.get("target", "known-fields", "client-java-api-v1alpha3.jar"))).isPositive();
  }
}
