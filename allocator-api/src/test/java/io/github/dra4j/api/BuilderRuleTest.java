package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * STYLE.md's rule for the public model: every public record of {@code io.github.dra4j.api} with 4
 * or more components has a nested {@code Builder} with {@code builder()}, {@code toBuilder()} and
 * {@code build()}, so that a new record cannot forget it.
 */
final class BuilderRuleTest {

  @Test
  void everyPublicRecordOfFourOrMoreComponents_hasABuilder() throws Exception {
    List<String> missing = new ArrayList<>();
    List<Class<?>> records = publicRecords();
    for (Class<?> record : records) {
      if (record.getRecordComponents().length >= 4 && !hasBuilder(record)) {
        missing.add(record.getName());
      }
    }

    assertThat(records).as("records found").contains(Device.class, PodStatus.class);
    assertThat(missing).isEmpty();
  }

  private static boolean hasBuilder(Class<?> record) {
    for (Class<?> nested : record.getDeclaredClasses()) {
      if (nested.getSimpleName().equals("Builder") && Modifier.isPublic(nested.getModifiers())) {
        return returns(record, "builder", nested, true) && returns(record, "toBuilder", nested, false)
            && returns(nested, "build", record, false);
      }
    }
    return false;
  }

  private static boolean returns(Class<?> owner, String name, Class<?> type, boolean isStatic) {
    try {
      Method m = owner.getMethod(name);
      return m.getReturnType().equals(type) && Modifier.isStatic(m.getModifiers()) == isStatic;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /** The public records, top-level and nested, among the compiled classes of this package. */
  private static List<Class<?>> publicRecords() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(Device.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path dir = root.resolve(Device.class.getPackageName().replace('.', '/'));
    List<Class<?>> records = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String fileName = file.getFileName().toString();
        if (fileName.endsWith(".class")) {
          String name = Device.class.getPackageName() + "." + fileName.substring(0, fileName.length() - 6);
          Class<?> c = Class.forName(name, false, BuilderRuleTest.class.getClassLoader());
          if (c.isRecord() && Modifier.isPublic(c.getModifiers()) && publiclyReachable(c)) {
            records.add(c);
          }
        }
      }
    }
    return records;
  }

  private static boolean publiclyReachable(Class<?> c) {
    for (Class<?> o = c.getEnclosingClass(); o != null; o = o.getEnclosingClass()) {
      if (!Modifier.isPublic(o.getModifiers())) {
        return false;
      }
    }
    return true;
  }
}
