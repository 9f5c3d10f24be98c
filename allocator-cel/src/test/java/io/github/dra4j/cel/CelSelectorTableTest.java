package io.github.dra4j.cel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.dra4j.api.DeviceAttribute;
import io.github.dra4j.core.CompiledSelector;
import io.github.dra4j.core.DeviceView;
import io.github.dra4j.core.Features;
import io.github.dra4j.core.SelectorEvaluationException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The selector table: expression × device → match, compile error or runtime error. The cases
 * port the intent of the reference's compile_test.go and add one or more cases per library
 * function. {@link CelDifferentialTest} evaluates the same expressions on mixin and flattened
 * devices.
 */
final class CelSelectorTableTest {

  static final String D = "dra.example.com";
  static final CelCompiler STORED = CelCompiler.create();
  static final CelCompiler NEW = CelCompiler.forNewExpressions();

  /** One row of the table. */
  record Case(String expression, DeviceView device, @Nullable Boolean match, @Nullable String compileError,
      @Nullable String runtimeError, CelCompiler compiler, Features features) {

    Case in(CelCompiler c, Features f) {
      return new Case(expression, device, match, compileError, runtimeError, c, f);
    }
  }

  static Named<Case> match(String name, String expression, DeviceView device, boolean expected) {
    return Named.of(name, new Case(expression, device, expected, null, null, STORED, Features.none()));
  }

  static Named<Case> compileError(String name, String expression, String error) {
    return Named.of(name, new Case(expression, empty(), null, error, null, STORED, Features.none()));
  }

  static Named<Case> runtimeError(String name, String expression, DeviceView device, String error) {
    return Named.of(name, new Case(expression, device, null, null, error, STORED, Features.none()));
  }

  static Named<Case> newExpressions(Named<Case> c, Features features) {
    return Named.of(c.getName(), c.getPayload().in(NEW, features));
  }

  static TestDevice empty() {
    return TestDevice.of("");
  }

  /** A device with one value of every kind in the driver's domain and one other domain. */
  static TestDevice gpu() {
    return TestDevice.of(D)
        .attr("bool", DeviceAttribute.ofBool(true))
        .attr("int", DeviceAttribute.ofInt(1))
        .attr("string", DeviceAttribute.ofString("fish"))
        .attr("version", DeviceAttribute.ofVersion("1.0.0"))
        .attr("services", DeviceAttribute.ofString("some_example_value"))
        .attr("other.example.com/name", DeviceAttribute.ofBool(true))
        .attr("bools", DeviceAttribute.ofBools(List.of(true, false)))
        .attr("ints", DeviceAttribute.ofInts(List.of(3L, 1L, 2L)))
        .attr("sorted", DeviceAttribute.ofInts(List.of(1L, 2L, 2L, 5L)))
        .attr("strings", DeviceAttribute.ofStrings(List.of("fish", "bird")))
        .attr("versions", DeviceAttribute.ofVersions(List.of("1.0.0", "2.0.0")))
        .cap("memory", "1Mi")
        .cap("cores", "8")
        .cap("fraction", "1500m")
        .cap("other.example.com/slots", "4");
  }

  static String attr(String id) {
    return "device.attributes[\"" + D + "\"]." + id;
  }

  static String cap(String id) {
    return "device.capacity[\"" + D + "\"]." + id;
  }

  static List<Named<Case>> cases() {
    TestDevice gpu = gpu();
    List<Named<Case>> c = new ArrayList<>();
    /* --- basics, from compile_test.go --- */
    c.add(match("true", "true", empty(), true));
    c.add(match("false", "false", empty(), false));
    c.add(compileError("syntax-error", "?!", "Syntax error"));
    c.add(compileError("type-error", "1", "must evaluate to bool or the unknown type, not int"));
    c.add(compileError("type-error-string", "device.driver", "must evaluate to bool or the unknown type, not string"));
    c.add(compileError("type-error-quantity", "quantity(\"1\")", "not kubernetes.Quantity"));
    c.add(compileError("unknown-field", "device.nope", "undefined field 'nope'"));
    c.add(compileError("unknown-variable", "noSuchVar", "undeclared reference to 'noSuchVar'"));
    c.add(compileError("wrong-argument-type", "quantity(1).isZero()", "found no matching overload for 'quantity' applied to '(int)'"));
    c.add(compileError("error-position", "device.driver + 1 == \"a\"", "<input>:1:15: found no matching overload for '_+_'"));
    c.add(runtimeError("runtime-error-lookup-identifier",
        "device.attributes[\"no-such-domain\"].noSuchAttr.isGreaterThan(quantity(\"0\"))", empty(), "no such key: noSuchAttr"));
    c.add(runtimeError("runtime-error-lookup-map",
        "device.attributes[\"no-such-domain\"][\"noSuchAttr\"].isGreaterThan(quantity(\"0\"))", empty(), "no such key: noSuchAttr"));
    c.add(runtimeError("no-such-key-hint", attr("missing") + " == 1", gpu, "guarding the check with has() for optional fields"));
    c.add(match("domain-check-negative", "\"no-such-domain\" in device.attributes", empty(), false));
    c.add(match("domain-check-positive", "\"other.example.com\" in device.attributes", gpu, true));
    c.add(match("unknown-domain-is-empty-map", "device.attributes[\"no-such-domain\"].size() == 0", gpu, true));
    c.add(match("has-unknown-domain", "has(device.attributes.nodomain)", gpu, true));
    c.add(match("empty-driver-name", "device.driver == \"\"", empty(), true));
    c.add(match("real-driver-name", "device.driver == \"dra.example.com\"", gpu, true));
    c.add(match("driver-name-qualifier", attr("bool"), gpu, true));
    c.add(match("driver-name-qualifier-map-lookup", "device.attributes[\"dra.example.com\"][\"bool\"]", gpu, true));
    c.add(match("bind", "cel.bind(dra, device.attributes[\"dra.example.com\"], dra.bool && dra.int == 1)", gpu, true));
    c.add(match("qualified-attribute-name", "device.attributes[\"other.example.com\"].name", gpu, true));
    c.add(match("int", attr("int") + " > 0", gpu, true));
    c.add(match("string", attr("string") + " == \"fish\"", gpu, true));
    c.add(match("string-negative", attr("string") + " == \"bird\"", gpu, false));
    c.add(match("version", attr("version") + ".isGreaterThan(semver(\"0.0.1\"))", gpu, true));
    c.add(match("quantity", cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))", gpu, true));
    c.add(match("check-positive", "\"memory\" in device.capacity[\"dra.example.com\"] && " + cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))", gpu, true));
    c.add(match("check-negative", "!(\"memory\" in device.capacity[\"dra.example.com\"]) || " + cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))", empty(), true));
    c.add(match("has-guard", "has(" + attr("missing") + ") && " + attr("missing"), gpu, false));
    c.add(match("has-present", "has(" + attr("bool") + ")", gpu, true));
    c.add(match("all", String.join(" && ", cap("memory") + ".isGreaterThan(quantity(\"1Ki\"))", attr("bool"),
        attr("int") + " > 0", attr("string") + " == \"fish\"", attr("version") + ".isGreaterThan(semver(\"0.0.1\"))",
        "device.capacity[\"dra.example.com\"][\"memory\"].isGreaterThan(quantity(\"1Ki\"))",
        "device.attributes[\"dra.example.com\"][\"int\"] > 0"), gpu, true));
    c.add(match("check_attribute_domains", "device.attributes.exists_one(x, x == \"dra.example.com\")", gpu, true));
    c.add(match("check_attribute_ids", "device.attributes[\"dra.example.com\"].exists_one(x, x == \"services\")", gpu, true));
    c.add(match("check_capacity_domains", "device.capacity.exists_one(x, x == \"dra.example.com\")", gpu, true));
    c.add(match("check_capacity_ids", "device.capacity[\"dra.example.com\"].exists_one(x, x == \"memory\")", gpu, true));
    c.add(match("attribute-domain-count", "device.attributes.size() == 2", gpu, true));
    c.add(match("capacity-all", "device.capacity[\"dra.example.com\"].all(k, device.capacity[\"dra.example.com\"][k].sign() >= 0)".replace(".sign()", ".compareTo(quantity(\"0\"))"), gpu, true));
    c.add(match("attribute-map-filter", "device.attributes[\"dra.example.com\"].filter(k, k.startsWith(\"s\")).size() == 4", gpu, true));
    c.add(match("attribute-map-map", "device.attributes[\"other.example.com\"].map(k, k + \"!\") == [\"name!\"]", gpu, true));
    c.add(match("split_attribute", attr("services") + ".split(\"example\").size() >= 2", gpu, true));
    c.add(match("regexp_attribute", attr("services") + ".matches(\"[^a]?_ex\")", gpu, true));
    c.add(runtimeError("list-result-type-causes-match-error", attr("strings"), gpu, "CEL result of type list could not be converted to bool"));
    c.add(runtimeError("string-result-type-causes-match-error", attr("string"), gpu, "CEL result of type string could not be converted to bool"));
    c.add(runtimeError("macro-exists-on-int", attr("int") + ".exists(x, x > 0)", gpu, "expected iterable type"));
    c.add(runtimeError("macro-exists-on-version", attr("version") + ".exists(x, x.isGreaterThan(semver(\"0.0.1\")))", gpu, "expected iterable type"));
    c.add(runtimeError("expensive",
        "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z, "
            + "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z4, "
            + "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z5, int('1'.find('[0-9]*')) < 100)))))))",
        gpu, "actual cost limit exceeded"));
    c.add(match("allow_multiple_allocations", "device.allowMultipleAllocations == true", TestDevice.multi(D), true));
    c.add(match("allow_multiple_allocations_default", "device.allowMultipleAllocations == false", gpu, true));
    /* --- list attributes and includes --- */
    c.add(match("list-of-bool", attr("bools") + ".size() == 2", gpu, true));
    c.add(match("list-of-int", attr("ints") + ".size() == 3", gpu, true));
    c.add(match("list-of-string", attr("strings") + ".size() == 2", gpu, true));
    c.add(match("list-of-semver", attr("versions") + ".size() == 2", gpu, true));
    c.add(match("macro-on-list-of-int", attr("ints") + ".exists(x, x > 2)", gpu, true));
    c.add(match("macro-on-list-of-string", attr("strings") + ".all(x, x != \"\")", gpu, true));
    c.add(match("macro-on-list-of-semver", attr("versions") + ".all(x, x.isGreaterThan(semver(\"0.0.1\")))", gpu, true));
    c.add(match("in-operator-on-list", "1 in " + attr("ints"), gpu, true));
    c.add(match("includes-string-scalar-positive", attr("string") + ".includes(\"fish\")", gpu, true));
    c.add(match("includes-string-scalar-negative", attr("string") + ".includes(\"bird\")", gpu, false));
    c.add(match("includes-string-list-positive", attr("strings") + ".includes(\"bird\")", gpu, true));
    c.add(match("includes-string-list-negative", attr("strings") + ".includes(\"cat\")", gpu, false));
    c.add(match("includes-bool-scalar", attr("bool") + ".includes(true)", gpu, true));
    c.add(match("includes-bool-list-negative", "device.attributes[\"other.example.com\"].name.includes(false)", gpu, false));
    c.add(match("includes-int-scalar", attr("int") + ".includes(1)", gpu, true));
    c.add(match("includes-int-list", attr("ints") + ".includes(2)", gpu, true));
    c.add(match("includes-semver-scalar", attr("version") + ".includes(semver(\"1.0.0\"))", gpu, true));
    c.add(match("includes-semver-list-positive", attr("versions") + ".includes(semver(\"2.0.0\"))", gpu, true));
    c.add(match("includes-semver-list-negative", attr("versions") + ".includes(semver(\"3.0.0\"))", gpu, false));
    TestDevice longList = TestDevice.of(D).attr("name", DeviceAttribute.ofStrings(values(48)));
    TestDevice tooLong = TestDevice.of(D).attr("name", DeviceAttribute.ofStrings(values(49)));
    c.add(match("includes-on-very-long-list-positive", attr("name") + ".includes(\"value-47\")", longList, true));
    c.add(match("includes-on-very-long-list-negative", attr("name") + ".includes(\"value-48\")", longList, false));
    c.add(runtimeError("includes-on-very-long-list-runtime-error", attr("name") + ".includes(\"value-49\")", tooLong,
        "'includes' function cannot be applied to lists longer than 48 values"));
    /* --- quantity library --- */
    c.add(match("quantity-compareTo", "quantity(\"200M\").compareTo(quantity(\"0.2G\")) == 0", empty(), true));
    c.add(match("quantity-compareTo-less", "quantity(\"50M\").compareTo(quantity(\"50Mi\")) == -1", empty(), true));
    c.add(match("quantity-isLessThan", cap("cores") + ".isLessThan(quantity(\"9\"))", gpu, true));
    c.add(match("quantity-equality", cap("memory") + " == quantity(\"1024Ki\")", gpu, true));
    c.add(match("isQuantity-true", "isQuantity(\"1.3Gi\") && isQuantity(\"10000k\")", empty(), true));
    c.add(match("isQuantity-false", "isQuantity(\"200K\") || isQuantity(\"1,3G\") || isQuantity(\"\")", empty(), false));
    c.add(runtimeError("quantity-invalid", "quantity(\"Three\").sign() == 1".replace(".sign() == 1", ".isInteger()"), empty(), "quantities must match the regular expression"));
    c.add(runtimeError("quantity-invalid-suffix", "quantity(\"10Mm\").isInteger()", empty(), "unable to parse quantity's suffix"));
    c.add(runtimeError("quantity-invalid-number", "quantity(\"1.2.3\").isInteger()", empty(), "quantities must match the regular expression"));
    c.add(match("isQuantity-passing-regex", "isQuantity(\"10Mm\") || isQuantity(\"20Mo\")", empty(), false));
    c.add(match("quantity-add-fraction", "quantity(\"50k\").add(quantity(\"20\")) == quantity(\"50.02k\") && quantity(\"50k\").sub(quantity(\"20\")) == quantity(\"49.98k\")", empty(), true));
    c.add(match("quantity-asApproximateFloat-literal", "quantity(\"50.703k\").asApproximateFloat() == 50703.0", empty(), true));
    c.add(match("quantity-sign", "sign(quantity(\"-1\")) == -1 && sign(quantity(\"0\")) == 0 && sign(" + cap("memory") + ") == 1", gpu, true));
    c.add(match("quantity-isInteger", cap("cores") + ".isInteger() && !" + cap("fraction") + ".isInteger()", gpu, true));
    c.add(match("quantity-isInteger-overflow", "quantity(\"9999999999999999999999999999999999999G\").isInteger()", empty(), false));
    c.add(match("quantity-asInteger", cap("memory") + ".asInteger() == 1048576", gpu, true));
    c.add(runtimeError("quantity-asInteger-fraction", cap("fraction") + ".asInteger() == 1", gpu, "cannot convert value to integer"));
    c.add(match("quantity-asApproximateFloat", cap("fraction") + ".asApproximateFloat() == 1.5", gpu, true));
    c.add(match("quantity-add", "quantity(\"50k\").add(quantity(\"20k\")) == quantity(\"70k\") && quantity(\"50k\").add(20) == quantity(\"50020\")", empty(), true));
    c.add(match("quantity-sub", "quantity(\"50k\").sub(quantity(\"20k\")) == quantity(\"30k\") && quantity(\"50k\").sub(20000) == quantity(\"30k\")", empty(), true));
    c.add(match("quantity-chain", "quantity(\"50k\").add(20).sub(quantity(\"100k\")).sub(-50000) == quantity(\"20\")", empty(), true));
    c.add(match("quantity-other-domain", "device.capacity[\"other.example.com\"].slots.compareTo(quantity(\"4\")) == 0", gpu, true));
    c.add(compileError("quantity-compare-with-semver", "quantity(\"1\").isGreaterThan(semver(\"1.0.0\"))", "found no matching overload for 'isGreaterThan'"));
    c.add(compileError("quantity-sign-member", "quantity(\"1\").sign() == 1", "found no matching overload for 'sign'"));
    /* --- semver library --- */
    c.add(match("semver-compareTo", "semver(\"1.2.3\").compareTo(semver(\"2.0.0\")) == -1 && semver(\"1.2.3\").compareTo(semver(\"0.1.2\")) == 1", empty(), true));
    c.add(match("semver-isLessThan", attr("version") + ".isLessThan(semver(\"1.0.1\"))", gpu, true));
    c.add(match("semver-prerelease", "semver(\"1.0.0-alpha.1\").isLessThan(semver(\"1.0.0\")) && semver(\"1.0.0-alpha\").isLessThan(semver(\"1.0.0-alpha.1\"))", empty(), true));
    c.add(match("semver-build-ignored", "semver(\"1.0.0+build.5\").compareTo(semver(\"1.0.0\")) == 0", empty(), true));
    c.add(match("semver-major-minor-patch", "semver(\"1.2.3\").major() == 1 && semver(\"1.2.3\").minor() == 2 && semver(\"1.2.3\").patch() == 3", empty(), true));
    c.add(match("isSemver", "isSemver(\"1.0.0\") && !isSemver(\"v1.0\") && !isSemver(\"hello\") && !isSemver(\"01.0.0\")", empty(), true));
    c.add(match("version_v", attr("version") + ".isGreaterThan(semver(\"v0.0.1\", true)) && isSemver(\"v1.0\", true)", gpu, true));
    c.add(match("semver-tolerant-leading-zeros", "semver(\"v01.02\", true) == semver(\"1.2.0\")", empty(), true));
    c.add(runtimeError("semver-invalid", "semver(\"1.0\").major() == 1", empty(), "No Major.Minor.Patch elements found"));
    c.add(match("semver-equality", attr("version") + " == semver(\"1.0.0\")", gpu, true));
    /* --- lists library --- */
    c.add(match("lists-isSorted", attr("sorted") + ".isSorted() && !" + attr("ints") + ".isSorted() && [\"a\", \"b\"].isSorted()", gpu, true));
    c.add(match("lists-sum", attr("ints") + ".sum() == 6 && [1.5, 2.5].sum() == 4.0", gpu, true));
    c.add(match("lists-min-max", attr("ints") + ".min() == 1 && " + attr("ints") + ".max() == 3", gpu, true));
    c.add(match("lists-min-strings", attr("strings") + ".min() == \"bird\"", gpu, true));
    c.add(runtimeError("lists-max-empty", "[].max() == 1", empty(), "max called on empty list"));
    c.add(match("lists-indexOf", attr("ints") + ".indexOf(2) == 2 && [1, 2, 1].lastIndexOf(1) == 2 && [1].indexOf(5) == -1", gpu, true));
    c.add(runtimeError("lists-semver-max", attr("versions") + ".max() == semver(\"2.0.0\")", gpu, "no such overload"));
    c.add(compileError("lists-quantity-min", "[quantity(\"1\")].min() == quantity(\"1\")", "found no matching overload for 'min'"));
    c.add(match("lists-empty", "[].isSorted() && [].sum() == 0", empty(), true));
    c.add(match("lists-max-double", "[1.5, 0.5, 2.5].max() == 2.5 && [true, false].min() == false", empty(), true));
    /* --- regex --- */
    c.add(match("regex-matches", attr("services") + ".matches(\"^some_.*_value$\")", gpu, true));
    c.add(match("regex-find", "\"abc 123\".find(\"[0-9]+\") == \"123\" && \"abc\".find(\"[0-9]+\") == \"\"", empty(), true));
    c.add(match("regex-findAll", "\"123 abc 456\".findAll(\"[0-9]+\") == [\"123\", \"456\"] && \"123 abc 456\".findAll(\"[0-9]+\", 1) == [\"123\"]", empty(), true));
    c.add(compileError("regex-invalid-constant", "\"abc\".find(\"[\") == \"\"", "program instantiation failed: error parsing regexp: "));
    c.add(compileError("regex-lookahead-unsupported", attr("string") + ".matches(\"f(?=i)\")", "invalid or unsupported Perl syntax: `(?=`"));
    c.add(compileError("regex-backreference-unsupported", "\"aa\".findAll(\"(a)\\\\1\").size() == 1", "invalid escape sequence: `\\1`"));
    c.add(runtimeError("regex-invalid-dynamic", "\"abc\".matches(" + attr("string") + " + \"[\")", gpu, "error parsing regexp: "));
    c.add(match("regex-global-matches", "matches(" + attr("string") + ", \"^f\") && !matches(\"cat\", \"^f\")", gpu, true));
    /* --- strings extension --- */
    c.add(match("strings-charAt", "\"hello\".charAt(4) == \"o\" && \"hello\".charAt(5) == \"\"", empty(), true));
    c.add(runtimeError("strings-charAt-out-of-range", "\"hello\".charAt(-1) == \"\"", empty(), "index out of range: -1"));
    c.add(match("strings-indexOf", "\"hello mellow\".indexOf(\"ello\") == 1 && \"hello mellow\".indexOf(\"ello\", 2) == 7 && \"hello\".indexOf(\"\") == 0", empty(), true));
    c.add(match("strings-lastIndexOf", "\"hello mellow\".lastIndexOf(\"ello\") == 7 && \"hello mellow\".lastIndexOf(\"ello\", 6) == 1", empty(), true));
    c.add(match("strings-join", attr("strings") + ".join(\",\") == \"fish,bird\" && [\"a\", \"b\"].join() == \"ab\"", gpu, true));
    c.add(match("strings-case", "\"TacoCat\".lowerAscii() == \"tacocat\" && \"TacoCat\".upperAscii() == \"TACOCAT\"", empty(), true));
    c.add(match("strings-replace", "\"hello hello\".replace(\"he\", \"we\") == \"wello wello\" && \"hello hello\".replace(\"he\", \"we\", 1) == \"wello hello\"", empty(), true));
    c.add(match("strings-split", "\"a,b,c\".split(\",\", 2) == [\"a\", \"b,c\"] && \"abc\".split(\"\") == [\"a\", \"b\", \"c\"]", empty(), true));
    c.add(match("strings-substring", "\"tacocat\".substring(4) == \"cat\" && \"tacocat\".substring(0, 4) == \"taco\"", empty(), true));
    c.add(match("strings-trim", "\"  \\ttrim\\n \".trim() == \"trim\"", empty(), true));
    c.add(match("strings-reverse", "\"gums\".reverse() == \"smug\"", empty(), true));
    c.add(match("strings-standard", attr("string") + ".startsWith(\"fi\") && " + attr("string") + ".endsWith(\"sh\") && " + attr("string") + ".contains(\"is\") && size(" + attr("string") + ") == 4", gpu, true));
    /* --- equality as in cel-go: no conversion across types, numbers by value --- */
    c.add(match("equality-int-string", attr("int") + " == \"1\"", gpu, false));
    c.add(match("inequality-int-string", attr("int") + " != \"1\"", gpu, true));
    c.add(match("equality-int-double", attr("int") + " == 1.0", gpu, true));
    c.add(match("in-list-strict", "\"1\" in " + attr("ints"), gpu, false));
    c.add(match("in-list-number", "1.0 in " + attr("ints"), gpu, true));
    c.add(match("list-equality", attr("strings") + " == [\"fish\", \"bird\"] && " + attr("ints") + " != [\"3\", \"1\", \"2\"]", gpu, true));
    c.add(match("map-equality", "device.attributes[\"no-such-domain\"] == {} && device.attributes[\"other.example.com\"] == {\"name\": true}", gpu, true));
    c.add(match("includes-strict", attr("ints") + ".includes(\"1\")", gpu, false));
    c.add(match("string-equals-semver", "\"1.0.0\" == " + attr("version"), gpu, false));
    c.add(runtimeError("semver-equals-string", attr("version") + " == \"1.0.0\"", gpu, "no such overload"));
    c.add(runtimeError("iterable-error-names-type-as-cel-go", attr("bool") + ".exists(x, x)", gpu, "got 'types.Bool', expected iterable type"));
    c.add(runtimeError("iterable-error-semver", attr("version") + ".all(x, true)", gpu, "got 'cel.Semver', expected iterable type"));
    c.add(compileError("equality-type-mismatch", "device.driver == 1", "<input>:1:15: found no matching overload for '_==_' applied to '(string, int)'"));
    c.add(compileError("inequality-type-mismatch", "quantity(\"1\") != \"1\"", "found no matching overload for '_!=_' applied to '(kubernetes.Quantity, string)'"));
    c.add(compileError("in-type-mismatch", "1 in [\"a\"]", "found no matching overload for '@in' applied to '(int, list(string))'"));
    c.add(compileError("equality-mismatch-in-macro", "[1, 2].exists(x, x == \"a\")", "found no matching overload for '_==_'"));
    /* --- ordering and arithmetic on dyn attribute values --- */
    c.add(match("ordering-int-double", attr("int") + " < 1.5 && " + attr("int") + " >= 1u", gpu, true));
    c.add(match("ordering-literal-cross-type", "1 < 1.5 && 2.5 > 2 && 1u <= 1 && -1 < 0u && 3.0 >= 3u", empty(), true));
    c.add(runtimeError("ordering-int-string", attr("int") + " > \"0\"", gpu, "no such overload"));
    c.add(match("arithmetic-on-attribute", attr("int") + " + 1 == 2 && " + attr("string") + " + \"!\" == \"fish!\"", gpu, true));
    c.add(runtimeError("arithmetic-int-overflow", attr("int") + " + 9223372036854775807 > 0", gpu, "overflow"));
    c.add(match("conversion-on-attribute", "string(" + attr("int") + ") == \"1\" && int(\"7\") == 7", gpu, true));
    c.add(match("strings-code-points", "\"héllo\".charAt(1) == \"é\" && \"😀a\".indexOf(\"a\") == 1 && \"😀a\".substring(1) == \"a\" && \"a😀\".reverse() == \"😀a\" && \"😀b\".split(\"\").size() == 2", empty(), true));
    c.add(runtimeError("strings-substring-reversed", "\"tacocat\".substring(4, 2) == \"\"", empty(), "invalid substring range. start: 4, end: 2"));
    c.add(compileError("bind-needs-identifier", "cel.bind(1, true, true)", "cel.bind() variable names must be simple identifiers"));
    /* --- macros --- */
    c.add(match("macro-map", "[1, 2, 3].map(x, x * 2) == [2, 4, 6]", empty(), true));
    c.add(match("macro-filter", "[1, 2, 3].filter(x, x > 1).size() == 2", empty(), true));
    c.add(match("macro-exists_one-negative", "[1, 1].exists_one(x, x == 1)", empty(), false));
    /* --- environments for new expressions (the API server's gates) --- */
    c.add(newExpressions(compileError("allow_multiple_allocations_disabled", "device.allowMultipleAllocations == false",
        "undefined field 'allowMultipleAllocations'"), Features.none()));
    c.add(newExpressions(match("allow_multiple_allocations_enabled", "device.allowMultipleAllocations == false", gpu, true),
        Features.none().with(java.util.Map.of("DRAConsumableCapacity", true))));
    c.add(newExpressions(compileError("includes-function-compilation-error", attr("string") + ".includes(\"fish\")",
        "undeclared reference to 'includes'"), Features.none()));
    c.add(newExpressions(match("includes-function-compilation-and-eval-success", attr("string") + ".includes(\"fish\")", gpu, true),
        Features.none().with(java.util.Map.of("DRAListTypeAttributes", true))));
    c.add(newExpressions(compileError("list-attribute-without-gate", attr("ints") + ".exists(x, x == 1)",
        "cannot be range of a comprehension"), Features.none()));
    c.add(newExpressions(match("scalar-attribute-without-gate", attr("bool"), gpu, true), Features.none()));
    c.add(newExpressions(match("int-attribute-without-gate", attr("int") + " > 0 && " + attr("string") + " == \"fish\"", gpu, true), Features.none()));
    c.add(newExpressions(match("version-attribute-without-gate", attr("version") + ".isGreaterThan(semver(\"0.0.1\"))", gpu, true), Features.none()));
    c.add(newExpressions(match("domain-iteration-without-gate", "device.attributes[\"dra.example.com\"].exists(k, k == \"int\")", gpu, true), Features.none()));
    /* --- optional types, as the Kubernetes base environment enables them --- */
    String dom = "device.attributes[\"" + D + "\"]";
    c.add(match("optional-field-present", dom + ".?string.orValue(\"\") == \"fish\"", gpu, true));
    c.add(match("optional-field-absent", dom + ".?zone.orValue(\"none\") == \"none\"", gpu, true));
    c.add(match("optional-field-absent-no-error", dom + ".?zone.orValue(\"\") == \"zone-a\"", gpu, false));
    c.add(match("optional-index", dom + "[?\"int\"].hasValue() && !" + dom + "[?\"zone\"].hasValue()", gpu, true));
    c.add(match("optional-value", dom + ".?int.value() == 1", gpu, true));
    c.add(runtimeError("optional-none-value", dom + ".?zone.value() == 1", gpu, "optional.none() dereference"));
    c.add(match("optional-or", dom + ".?zone.or(" + dom + ".?string).value() == \"fish\"", gpu, true));
    c.add(match("optional-unknown-domain-is-present", "device.attributes.?nodomain.hasValue()", gpu, true));
    c.add(match("optional-capacity", "sign(device.capacity[\"" + D + "\"].?nope.orValue(quantity(\"0\"))) == 0", gpu, true));
    c.add(match("optional-of", "optional.of(1).hasValue() && optional.none().orValue(2) == 2", empty(), true));
    c.add(match("optional-of-non-zero-value", "!optional.ofNonZeroValue(\"\").hasValue() && optional.ofNonZeroValue(1).hasValue()", empty(), true));
    c.add(match("optional-list-elements", "[?" + dom + ".?zone, ?" + dom + ".?string, 1].size() == 2", gpu, true));
    c.add(match("optional-map-entries", "{?\"zone\": " + dom + ".?zone, ?\"string\": " + dom + ".?string}.size() == 1", gpu, true));
    c.add(compileError("optional-select-on-string", "device.driver.?x.hasValue()", "does not support field selection"));
    /* --- limits --- */
    c.add(compileError("too-long", "true || " + "true || ".repeat(1280) + "true", "may not be more than 10240 bytes"));
    c.add(match("longest-allowed", "true" + " ".repeat(10240 - 4), empty(), true));
    return c;
  }

  static List<String> values(int n) {
    return IntStream.range(0, n).mapToObj(i -> "value-" + i).toList();
  }

  static Stream<Named<Case>> table() {
    return cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void selector_matchesOrFailsWithTheExpectedError(Case c) {
    CompiledSelector selector = c.compiler().compile(c.expression(), c.features());
    assertThat(selector.expression()).isEqualTo(c.expression());
    if (c.compileError() != null) {
      assertThat(selector.compileError()).contains(c.compileError());
      assertThatThrownBy(() -> selector.matches(c.device()))
          .isInstanceOf(SelectorEvaluationException.class)
          .hasMessageContaining(c.compileError());
      return;
    }
    assertThat(selector.compileError()).isNull();
    if (c.runtimeError() != null) {
      assertThatThrownBy(() -> selector.matches(c.device()))
          .isInstanceOf(SelectorEvaluationException.class)
          .hasMessageContaining(c.runtimeError());
      return;
    }
    assertThat(selector.matches(c.device())).isEqualTo(c.match());
  }
}
