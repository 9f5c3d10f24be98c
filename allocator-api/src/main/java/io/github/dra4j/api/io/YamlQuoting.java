package io.github.dra4j.api.io;

import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/*
 * Quotes every string that go-yaml (Kubernetes' reader, and this codec's) would resolve to something other than a string: Jackson's default check misses forms such as
 * 0x1F, 1_000 or 0b101, which would come back as numbers. The resolver is read-only after
 * construction, so sharing it across threads is safe.
 */
final class YamlQuoting extends StringQuotingChecker.Default {
  private static final long serialVersionUID = 1L;
  private static final Resolver RESOLVER = new GoYamlResolver();

  @Override
  public boolean needToQuoteName(String name) {
    return super.needToQuoteName(name) || !resolvesToString(name);
  }

  @Override
  public boolean needToQuoteValue(String value) {
    return super.needToQuoteValue(value) || !resolvesToString(value);
  }

  private static boolean resolvesToString(String s) {
    return RESOLVER.resolve(NodeId.scalar, s, true).equals(Tag.STR);
  }
}
