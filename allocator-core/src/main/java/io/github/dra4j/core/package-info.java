/**
 * The structured allocator: {@link io.github.dra4j.core.StructuredAllocator} builds an
 * immutable {@link io.github.dra4j.core.ClusterSnapshot} that allocates ResourceClaims for one
 * node at a time, with the semantics of the Kubernetes structured allocator, plus the selector
 * SPI that {@code allocator-cel} implements.
 *
 * <h2>Inside: the identities of a device</h2>
 *
 * <p>The package-private classes name one device in five ways; each is used where it is the
 * cheapest that suffices:
 *
 * <ul>
 *   <li><b>id</b> ({@code DeviceId}: driver, pool, device name): the device as the API names it.
 *       Used in results, explanations and error messages, and to match allocated claims to
 *       devices; never compared in the search.
 *   <li><b>entry</b> ({@code DeviceEntry}): the device of one snapshot with its resolved view,
 *       in-use state and taints. One object per device and snapshot, shared by every call on it;
 *       compared by identity (the capacity a call is allocating is keyed by it).
 *   <li><b>uid</b> ({@code int}): the device's number in the snapshot's uid space, handed out by
 *       {@code UidCounter} and kept by successor snapshots while the device's slice is the same
 *       object. Selector results are remembered per uid ({@code CachedSelector}), so they carry
 *       over from snapshot to snapshot.
 *   <li><b>pool/local</b> ({@code DeviceLocation}): a device of one call by its pool's index in
 *       the node's pools and its number in that pool's {@code PoolLayout} (pool/slice/device
 *       order). The search, the dedications and the counter ledgers use it: arrays indexed by
 *       local, no object per device.
 *   <li><b>candidate</b>: a local number in a layout's candidate list ({@code
 *       Candidates}) for one set of selectors: devices below the list's frontier that
 *       are left out are known not to match, so the search skips them without reading them.
 * </ul>
 *
 * <p>A call ({@code AllocationRun}) takes its claims validated by {@code ClaimPlanner} (a {@code
 * ClaimPlan}), asks {@code SelectorMatcher} whether a device is selectable, records its
 * dedications in {@code Dedications} and hands what it chose to {@code ResultAssembler}.
 */
@NullMarked
@CheckReturnValue
package io.github.dra4j.core;

import com.google.errorprone.annotations.CheckReturnValue;
import org.jspecify.annotations.NullMarked;
