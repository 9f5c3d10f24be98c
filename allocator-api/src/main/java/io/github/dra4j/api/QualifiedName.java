package io.github.dra4j.api;

import java.util.Objects;

/**
 * An attribute or capacity name split into domain and id. A name without a slash belongs to
 * the driver's domain, which is what CEL lookups and constraints compare.
 *
 * @param domain the domain (a DNS subdomain), never empty after {@link #of(String, String)}
 * @param id the identifier within the domain
 */
public record QualifiedName(String domain, String id) implements Comparable<QualifiedName> {
  public QualifiedName {
    Objects.requireNonNull(domain, "domain");
    Objects.requireNonNull(id, "id");
  }

  /**
   * Splits {@code name} at its first slash; a name without one takes {@code driver} as domain.
   *
   * @param name the name as written in a slice or constraint
   * @param driver the driver whose domain unqualified names belong to
   * @return the qualified name
   */
  public static QualifiedName of(String name, String driver) {
    int slash = name.indexOf('/');
    return slash < 0
        ? new QualifiedName(driver, name)
        : new QualifiedName(name.substring(0, slash), name.substring(slash + 1));
  }

  @Override
  public int compareTo(QualifiedName o) {
    int c = domain.compareTo(o.domain);
    return c != 0 ? c : id.compareTo(o.id);
  }

  @Override
  public String toString() {
    return domain + "/" + id;
  }
}
