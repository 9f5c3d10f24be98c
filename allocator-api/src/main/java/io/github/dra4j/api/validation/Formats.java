package io.github.dra4j.api.validation;

import io.github.dra4j.api.field.FieldError;
import io.github.dra4j.api.field.FieldPath;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/*
 * Format checks of apimachinery's util/validation, with its messages, so that users who know
 * kubectl's errors recognise them. Each method appends to the given list and never throws.
 */
final class Formats {
  static final int DNS1123_LABEL_MAX = 63;
  static final int DNS1123_SUBDOMAIN_MAX = 253;
  static final int LABEL_VALUE_MAX = 63;
  static final int QUALIFIED_NAME_MAX = 63;
  static final int DRIVER_NAME_MAX = 63;
  static final int DEVICE_MAX_ID_LENGTH = 64;
  static final int POOL_NAME_MAX = 253;

  private static final String LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final Pattern LABEL = Pattern.compile(LABEL_FMT);
  private static final String SUBDOMAIN_FMT = LABEL_FMT + "(\\." + LABEL_FMT + ")*";
  private static final Pattern SUBDOMAIN = Pattern.compile(SUBDOMAIN_FMT);
  private static final String C_IDENTIFIER_FMT = "[A-Za-z_][A-Za-z0-9_]*";
  private static final Pattern C_IDENTIFIER = Pattern.compile(C_IDENTIFIER_FMT);
  private static final String QUALIFIED_NAME_FMT = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
  private static final Pattern QUALIFIED_NAME = Pattern.compile(QUALIFIED_NAME_FMT);
  private static final Pattern LABEL_VALUE = Pattern.compile("(" + QUALIFIED_NAME_FMT + ")?");
  private static final Pattern SEMVER = Pattern.compile(
      "(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)"
          + "(-(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(\\.(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?"
          + "(\\+[0-9a-zA-Z-]+(\\.[0-9a-zA-Z-]+)*)?");

  static final String LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric"
      + " characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',"
      + "  or '123-abc', regex used for validation is '" + LABEL_FMT + "')";
  static final String SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case"
      + " alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
      + " (e.g. 'example.com', regex used for validation is '" + SUBDOMAIN_FMT + "')";
  static final String C_IDENTIFIER_MSG = "a valid C identifier must start with alphabetic character"
      + " or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or"
      + " 'MY_NAME',  or 'MyName', regex used for validation is '" + C_IDENTIFIER_FMT + "')";
  static final String QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or"
      + " '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or"
      + " 'my.name',  or '123-abc', regex used for validation is '" + QUALIFIED_NAME_FMT + "')";
  static final String LABEL_VALUE_MSG = "a valid label must be an empty string or consist of"
      + " alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric"
      + " character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '("
      + QUALIFIED_NAME_FMT + ")?')";
  static final String SEMVER_MSG = "must be a string compatible with semver.org spec 2.0.0";

  private Formats() {}

  /** {@return the UTF-8 length, which is what Kubernetes limits} */
  static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  static boolean isSemver(String s) {
    return SEMVER.matcher(s).matches();
  }

  /** A DNS-1123 label such as a device or request name. */
  static void dnsLabel(String value, FieldPath path, List<FieldError> errs) {
    dnsName(value, DNS1123_LABEL_MAX, LABEL, LABEL_MSG, path, errs);
  }

  /** A required DNS-1123 label: Required when empty. */
  static void requiredDnsLabel(String value, FieldPath path, List<FieldError> errs) {
    if (value.isEmpty()) {
      errs.add(FieldError.required(path, ""));
    } else {
      dnsLabel(value, path, errs);
    }
  }

  /** A DNS-1123 subdomain such as an object or node name. */
  static void dnsSubdomain(String value, FieldPath path, List<FieldError> errs) {
    dnsName(value, DNS1123_SUBDOMAIN_MAX, SUBDOMAIN, SUBDOMAIN_MSG, path, errs);
  }

  /** Both checks of a DNS-1123 name, as Kubernetes reports them: the length and the format. */
  private static void dnsName(String value, int max, Pattern format, String formatMsg, FieldPath path,
      List<FieldError> errs) {
    if (value.length() > max) {
      errs.add(FieldError.invalid(path, value, "must be no more than " + max + " characters"));
    }
    if (!format.matcher(value).matches()) {
      errs.add(FieldError.invalid(path, value, formatMsg));
    }
  }

  /** A driver name (also the domain of a qualified name): a DNS subdomain of at most 63 characters. */
  static void driverName(String value, FieldPath path, List<FieldError> errs) {
    if (value.isEmpty()) {
      errs.add(FieldError.required(path, ""));
      return;
    }
    if (value.length() > DRIVER_NAME_MAX) {
      errs.add(FieldError.tooLong(path, DRIVER_NAME_MAX));
    }
    if (!SUBDOMAIN.matcher(value.toLowerCase(Locale.ROOT)).matches()) {
      errs.add(FieldError.invalid(path, value, SUBDOMAIN_MSG));
    }
  }

  /** A pool name: at most 253 characters, DNS subdomains separated by slashes. */
  static void poolName(String value, FieldPath path, List<FieldError> errs) {
    if (value.isEmpty()) {
      errs.add(FieldError.required(path, ""));
      return;
    }
    if (value.length() > POOL_NAME_MAX) {
      errs.add(FieldError.tooLong(path, POOL_NAME_MAX));
    }
    for (String part : value.split("/", -1)) {
      dnsSubdomain(part, path, errs);
    }
  }

  /** A C identifier of at most 64 characters: the id of an attribute or capacity name. */
  static void cIdentifier(String id, FieldPath path, List<FieldError> errs) {
    if (id.length() > DEVICE_MAX_ID_LENGTH) {
      errs.add(FieldError.tooLong(path, DEVICE_MAX_ID_LENGTH));
    }
    if (!C_IDENTIFIER.matcher(id).matches()) {
      errs.add(FieldError.invalid(path, id, C_IDENTIFIER_MSG));
    }
  }

  /**
   * An attribute or capacity name: a C identifier, optionally prefixed by a domain (a driver
   * name) and a slash. Errors are reported at the map's path, as Kubernetes does.
   */
  static void qualifiedName(String name, FieldPath path, List<FieldError> errs) {
    String[] parts = name.split("/", -1);
    if (parts.length == 1) {
      cIdentifier(parts[0], path, errs);
    } else if (parts.length == 2) {
      if (parts[0].isEmpty()) {
        errs.add(FieldError.invalid(path, "", "the domain must not be empty"));
      } else {
        driverName(parts[0], path, errs);
      }
      if (parts[1].isEmpty()) {
        errs.add(FieldError.invalid(path, "", "the name must not be empty"));
      } else {
        cIdentifier(parts[1], path, errs);
      }
    } else {
      errs.add(FieldError.invalid(path, name, "must not contain more than one slash"));
    }
  }

  /** A fully qualified name (constraints): a qualified name that has a domain. */
  static void fullyQualifiedName(String name, FieldPath path, List<FieldError> errs) {
    qualifiedName(name, path, errs);
    if (!name.contains("/")) {
      errs.add(FieldError.invalid(path, name,
          "a fully qualified name must be a domain and a name separated by a slash"));
    }
  }

  /** A label key (taint and toleration keys, binding conditions, node selector keys). */
  static void labelName(String value, FieldPath path, List<FieldError> errs) {
    String[] parts = value.split("/", -1);
    String name;
    if (parts.length == 1) {
      name = parts[0];
    } else if (parts.length == 2) {
      String prefix = parts[0];
      name = parts[1];
      if (prefix.isEmpty()) {
        errs.add(FieldError.invalid(path, value, "prefix part must be non-empty"));
      } else {
        if (prefix.length() > DNS1123_SUBDOMAIN_MAX) {
          errs.add(FieldError.invalid(path, value,
              "prefix part must be no more than 253 characters"));
        }
        if (!SUBDOMAIN.matcher(prefix).matches()) {
          errs.add(FieldError.invalid(path, value, "prefix part " + SUBDOMAIN_MSG));
        }
      }
    } else {
      errs.add(FieldError.invalid(path, value, "a qualified name " + QUALIFIED_NAME_MSG
          + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"));
      return;
    }
    if (name.isEmpty()) {
      errs.add(FieldError.invalid(path, value, "name part must be non-empty"));
      return;
    }
    if (name.length() > QUALIFIED_NAME_MAX) {
      errs.add(FieldError.invalid(path, value, "name part must be no more than 63 characters"));
    }
    if (!QUALIFIED_NAME.matcher(name).matches()) {
      errs.add(FieldError.invalid(path, value, "name part " + QUALIFIED_NAME_MSG));
    }
  }

  /** A label value (taint and toleration values). */
  static void labelValue(String value, FieldPath path, List<FieldError> errs) {
    if (value.length() > LABEL_VALUE_MAX) {
      errs.add(FieldError.invalid(path, value, "must be no more than 63 characters"));
    }
    if (!LABEL_VALUE.matcher(value).matches()) {
      errs.add(FieldError.invalid(path, value, LABEL_VALUE_MSG));
    }
  }
}
