package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.api.ObjectMeta;
import io.github.dra4j.api.OwnerReference;
import io.github.dra4j.api.Pod;
import io.github.dra4j.api.PodResourceClaim;
import io.github.dra4j.api.PodSpec;
import io.github.dra4j.api.ResourceClaim;
import io.github.dra4j.api.ResourceClaimSpec;
import io.github.dra4j.api.ResourceClaimTemplate;
import io.github.dra4j.api.ResourceClaimTemplateSpec;
import io.github.dra4j.testing.Builders;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/*
 * The claims made from templates, whose annotations are made once per template and pod claim
 * entry, against claims built field by field for each pod as the resourceclaim controller builds
 * them: random templates with labels and annotations (one of them the pod-claim-name annotation,
 * which the entry's name replaces), several entries per pod naming the same or other templates,
 * pods with and without a UID, and templates replaced under the same name by ones with other
 * annotations. The same claims.
 */
final class TemplateClaimsPropertyTest {
  private static final String NAMESPACE = "team";

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {0, 1, 2, 3})
  void claimsFromTemplates_equalClaimsBuiltForEachPod(long seed) {
    Random random = new Random(seed);
    Map<String, ResourceClaim> claims = new HashMap<>();
    Map<String, ResourceClaimTemplate> templates = new HashMap<>();
    PodClaimResolver resolver = new PodClaimResolver(claims, templates, new ExtendedResources(List.of()), true);
    for (int step = 0; step < 200; step++) {
      if (templates.isEmpty() || random.nextInt(10) == 0) {
        ResourceClaimTemplate t = template("t" + random.nextInt(3), random);
        templates.put(PodClaimResolver.key(NAMESPACE, t.metadata().name()), t);
      }
      List<String> names = List.copyOf(templates.keySet());
      PodSpec.Builder spec = PodSpec.builder();
      int entries = 1 + random.nextInt(3);
      for (int e = 0; e < entries; e++) {
        String template = names.get(random.nextInt(names.size())).substring(NAMESPACE.length() + 1);
        spec.addResourceClaim(PodResourceClaim.ofTemplate("entry" + e, template));
      }
      ObjectMeta.Builder meta = ObjectMeta.builder().name("pod-" + step).namespace(NAMESPACE);
      if (random.nextBoolean()) {
        meta.uid("uid-" + step);
      }
      Pod pod = PodClaimResolver.withUid(Pod.of(meta.build(), spec.build()), NAMESPACE);
      PodClaimResolver.Resolution r = resolver.resolve(pod, NAMESPACE);
      assertThat(r.failure).as("pod %s, step %d", pod.name(), step).isNull();
      assertThat(r.claims).as("pod %s, step %d", pod.name(), step).hasSize(entries);
      for (PodClaimResolver.PodClaim c : r.claims) {
        PodResourceClaim entry = pod.spec().resourceClaims().stream()
            .filter(x -> x.name().equals(c.entry())).findFirst().orElseThrow();
        ResourceClaimTemplate template = templates.get(PodClaimResolver.key(NAMESPACE, entry.resourceClaimTemplateName()));
        ResourceClaim plain = plain(pod, entry.name(), template, c.claim().name());
        assertThat(c.claim()).as("claim of %s/%s", pod.name(), entry.name()).isEqualTo(plain);
      }
      if (random.nextBoolean()) {
        r.claims.forEach(c -> resolver.put(PodClaimResolver.key(c.claim()), c.claim()));
      }
    }
  }

  /* The claim built field by field, with the name the resolver chose (GeneratedNamesTest checks names). */
  private static ResourceClaim plain(Pod pod, String entry, ResourceClaimTemplate template, String name) {
    String base = GeneratedNames.templateClaimBase(pod.name(), entry);
    ObjectMeta meta = ObjectMeta.builder()
        .name(name)
        .generateName(base)
        .namespace(NAMESPACE)
        .labels(template.spec().metadata().labels())
        .annotations(template.spec().metadata().annotations())
        .putAnnotation(PodClaimResolver.POD_CLAIM_NAME_ANNOTATION, entry)
        .addOwnerReference(new OwnerReference("v1", "Pod", pod.name(), pod.metadata().uid(), true, true))
        .build();
    return new ResourceClaim(meta, template.spec().spec(), null);
  }

  private static ResourceClaimTemplate template(String name, Random random) {
    Map<String, String> labels = new LinkedHashMap<>();
    Map<String, String> annotations = new LinkedHashMap<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      labels.put("l" + random.nextInt(5), "v" + random.nextInt(3));
      annotations.put("z" + random.nextInt(5), "v" + random.nextInt(3));
    }
    if (random.nextBoolean()) {
      annotations.put(PodClaimResolver.POD_CLAIM_NAME_ANNOTATION, "from-template");
    }
    ResourceClaim claim = Builders.claim(name, Builders.request("gpus", "gpu", 1 + random.nextInt(2))).build();
    return new ResourceClaimTemplate(ObjectMeta.named(NAMESPACE, name),
        new ResourceClaimTemplateSpec(ObjectMeta.builder().labels(labels).annotations(annotations).build(),
            new ResourceClaimSpec(claim.spec().devices())));
  }
}
