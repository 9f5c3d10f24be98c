package io.github.dra4j.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A renamed copy of metadata: what a builder would give, without copying what it shares. */
final class ObjectMetaTest {

  @Test
  void withNameAndUid_equalsTheBuildersCopy_andSharesItsMaps() {
    ObjectMeta m = new ObjectMeta("template", "ns", "uid-0", "7", 3L, Map.of("app", "train", "tier", "a"),
        Map.of("note", "x"), "gen-", List.of(new OwnerReference("apps/v1", "ReplicaSet", "rs", "uid-rs", true, null)),
        "2026-01-01T00:00:00Z");
    ObjectMeta copy = m.withNameAndUid("pod-1", null);
    assertThat(copy).isEqualTo(m.toBuilder().name("pod-1").uid(null).build());
    assertThat(copy.labels()).isSameAs(m.labels());
    assertThat(copy.annotations()).isSameAs(m.annotations());
    assertThat(copy.ownerReferences()).isSameAs(m.ownerReferences());
    assertThat(m.withNameAndUid("template", "uid-9").uid()).isEqualTo("uid-9");
  }
}
