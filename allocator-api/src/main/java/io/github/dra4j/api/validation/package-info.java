/**
 * Validation of ResourceSlices, ResourceClaims and DeviceClasses with the rules of the
 * {@code resource.k8s.io/v1} API and of KEP-4815 and KEP-5234; entry point {@link
 * io.github.dra4j.api.validation.Validator}.
 */
@org.jspecify.annotations.NullMarked
@com.google.errorprone.annotations.CheckReturnValue
package io.github.dra4j.api.validation;
