/**
 * Validation of ResourceSlices, ResourceClaims and DeviceClasses with the rules of the
 * {@code resource.k8s.io/v1} API and of KEP-4815 and KEP-5234: {@link
 * io.github.dra4j.api.validation.Validator} checks one object at a time, {@link
 * io.github.dra4j.api.validation.CrossObjectValidator} the objects of a cluster against each other.
 */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.api.validation;
