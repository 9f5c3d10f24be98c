// Command goref times the Go reference allocator (k8s.io/dynamic-resource-allocation/structured)
// on the DGX fill of dra4j's DgxFillBenchmark.fillNewAllocators, run as kube-scheduler runs it: each
// of the 24 claims gets a new allocator over the slices and the claims allocated before it, and
// only the CEL cache (cel.NewCache, as the DynamicResources plugin makes it) lives across cycles.
//
// It first checks that the reference allocates every claim to the device dra4j chose
// (dgx-fill-dra4j.txt), then measures like the JMH run it is compared with: warm-up and measured
// iterations of a fixed time, each reporting the mean time of one 24-cycle fill.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	v1 "k8s.io/api/core/v1"
	resourceapi "k8s.io/api/resource/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/dynamic-resource-allocation/cel"
	"k8s.io/dynamic-resource-allocation/structured"
	"sigs.k8s.io/yaml"
)

// fill holds the objects of the DGX fill.
type fill struct {
	node    *v1.Node
	classes classLister
	slices  []*resourceapi.ResourceSlice
	claims  []*resourceapi.ResourceClaim
}

// classLister serves the device classes as the scheduler's lister does.
type classLister map[string]*resourceapi.DeviceClass

func (l classLister) List() ([]*resourceapi.DeviceClass, error) {
	list := make([]*resourceapi.DeviceClass, 0, len(l))
	for _, c := range l {
		list = append(list, c)
	}
	return list, nil
}

func (l classLister) Get(name string) (*resourceapi.DeviceClass, error) {
	if c, ok := l[name]; ok {
		return c, nil
	}
	return nil, fmt.Errorf("device class %q not found", name)
}

func main() {
	in := flag.String("in", "dgx-fill.yaml", "the fill's objects, written by GoReferenceExport")
	expected := flag.String("expected", "dgx-fill-dra4j.txt", "dra4j's answer, written by GoReferenceExport")
	featureSet := flag.String("features", "all", "allocator features: all (as dra4j's benchmark) or default (kube-scheduler 1.37's default gates)")
	warmups := flag.Int("wi", 6, "warm-up iterations")
	iterations := flag.Int("i", 5, "measured iterations")
	iterTime := flag.Duration("r", time.Second, "time per iteration")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the measured iterations to this file")
	flag.Parse()

	if err := run(*in, *expected, *featureSet, *warmups, *iterations, *iterTime, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "goref:", err)
		os.Exit(1)
	}
}

func run(in, expected, featureSet string, warmups, iterations int, iterTime time.Duration, cpuProfile string) error {
	f, err := read(in)
	if err != nil {
		return err
	}
	features, celFeatures, err := allocatorFeatures(featureSet)
	if err != nil {
		return err
	}
	ctx := context.Background()
	// The plugin's cache: 10 entries, across all scheduling cycles.
	cache := cel.NewCache(10, celFeatures)

	start := time.Now()
	answer, err := fillNewAllocators(ctx, f, features, cache)
	if err != nil {
		return err
	}
	first := time.Since(start)
	if err := compare(answer, expected); err != nil {
		return err
	}
	fmt.Printf("%s, GOMAXPROCS=%d, features=%s: %d claims allocated as dra4j allocated them\n",
		runtime.Version(), runtime.GOMAXPROCS(0), featureSet, len(f.claims))
	fmt.Printf("first fill (compiles the selectors): %.1f µs\n", micros(first))

	for i := 1; i <= warmups; i++ {
		mean, ops, err := iterate(ctx, f, features, cache, iterTime)
		if err != nil {
			return err
		}
		fmt.Printf("# Warmup Iteration %2d: %.3f us/op (%d ops)\n", i, mean, ops)
	}
	if cpuProfile != "" {
		out, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer out.Close()
		if err := pprof.StartCPUProfile(out); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var sum, sumSquares float64
	for i := 1; i <= iterations; i++ {
		mean, ops, err := iterate(ctx, f, features, cache, iterTime)
		if err != nil {
			return err
		}
		fmt.Printf("Iteration %2d: %.3f us/op (%d ops)\n", i, mean, ops)
		sum += mean
		sumSquares += mean * mean
	}
	n := float64(iterations)
	mean := sum / n
	sd := 0.0
	if iterations > 1 {
		sd = math.Sqrt(math.Max(0, (sumSquares-n*mean*mean)/(n-1)))
	}
	fmt.Printf("goref.fillNewAllocators features=%s: %.3f ± %.3f us/op (mean ± sd of %d iterations)\n",
		featureSet, mean, sd, iterations)
	return nil
}

// iterate runs whole fills for at least d and returns the mean time of one in microseconds.
func iterate(ctx context.Context, f *fill, features structured.Features, cache *cel.Cache, d time.Duration) (float64, int, error) {
	ops := 0
	start := time.Now()
	for {
		if _, err := fillNewAllocators(ctx, f, features, cache); err != nil {
			return 0, ops, err
		}
		ops++
		if elapsed := time.Since(start); elapsed >= d {
			return micros(elapsed) / float64(ops), ops, nil
		}
	}
}

func micros(d time.Duration) float64 {
	return float64(d.Nanoseconds()) / 1e3
}

// fillNewAllocators allocates the claims one per scheduling cycle: each cycle gathers the
// allocated state from the claims allocated so far, makes a new allocator over the slices and
// allocates one claim on the node. It returns one line per allocated device: the claim's name
// and the device as driver/pool/device.
func fillNewAllocators(ctx context.Context, f *fill, features structured.Features, cache *cel.Cache) ([]string, error) {
	allocated := make([]*resourceapi.ResourceClaim, 0, len(f.claims))
	answer := make([]string, 0, len(f.claims))
	for _, claim := range f.claims {
		allocator, err := structured.NewAllocator(ctx, features, gatherAllocatedState(allocated), f.classes, f.slices, cache)
		if err != nil {
			return nil, err
		}
		results, err := allocator.Allocate(ctx, f.node, []*resourceapi.ResourceClaim{claim})
		if err != nil {
			return nil, fmt.Errorf("claim %s: %w", claim.Name, err)
		}
		if len(results) != 1 {
			return nil, fmt.Errorf("claim %s: not allocated", claim.Name)
		}
		done := claim.DeepCopy()
		done.Status.Allocation = &results[0]
		allocated = append(allocated, done)
		for _, r := range results[0].Devices.Results {
			answer = append(answer, claim.Name+" "+r.Driver+"/"+r.Pool+"/"+r.Device)
		}
	}
	return answer, nil
}

// gatherAllocatedState collects what the scheduler's claim tracker hands to a new allocator:
// the devices in use, and for shareable devices their shares and consumed capacity.
func gatherAllocatedState(claims []*resourceapi.ResourceClaim) structured.AllocatedState {
	state := structured.AllocatedState{
		AllocatedDevices:         sets.New[structured.DeviceID](),
		AllocatedSharedDeviceIDs: sets.New[structured.SharedDeviceID](),
		AggregatedCapacity:       structured.NewConsumedCapacityCollection(),
	}
	for _, claim := range claims {
		for _, r := range claim.Status.Allocation.Devices.Results {
			if r.AdminAccess != nil && *r.AdminAccess {
				continue
			}
			id := structured.MakeDeviceID(r.Driver, r.Pool, r.Device)
			if r.ShareID == nil {
				state.AllocatedDevices.Insert(id)
				continue
			}
			state.AllocatedSharedDeviceIDs.Insert(structured.MakeSharedDeviceID(id, r.ShareID))
			if r.ConsumedCapacity != nil {
				state.AggregatedCapacity.Insert(structured.NewDeviceConsumedCapacity(id, r.ConsumedCapacity))
			}
		}
	}
	return state
}

// allocatorFeatures returns the allocator's and the CEL compiler's features for a set name.
func allocatorFeatures(name string) (structured.Features, cel.Features, error) {
	// kube-scheduler 1.37's default gates: AdminAccess and PrioritizedList GA, PartitionableDevices,
	// DeviceTaints, ConsumableCapacity and the binding conditions beta, list-type attributes alpha.
	features := structured.Features{
		AdminAccess:            true,
		ConsumableCapacity:     true,
		DeviceBindingAndStatus: true,
		DeviceTaints:           true,
		PartitionableDevices:   true,
		PrioritizedList:        true,
	}
	switch name {
	case "default":
	case "all":
		features.ListTypeAttributes = true
	default:
		return features, cel.Features{}, fmt.Errorf("unknown feature set %q (all, default)", name)
	}
	return features, cel.Features{
		EnableConsumableCapacity: features.ConsumableCapacity,
		EnableListTypeAttributes: features.ListTypeAttributes,
	}, nil
}

// read decodes the multi-document YAML strictly, so that a field the reference does not know
// fails here instead of being dropped.
func read(path string) (*fill, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f := &fill{classes: classLister{}}
	for i, doc := range bytes.Split(data, []byte("\n---")) {
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		var meta metav1.TypeMeta
		if err := yaml.Unmarshal(doc, &meta); err != nil {
			return nil, fmt.Errorf("%s: document %d: %w", path, i+1, err)
		}
		var target any
		switch meta.Kind {
		case "Node":
			f.node = &v1.Node{}
			target = f.node
		case "DeviceClass":
			target = &resourceapi.DeviceClass{}
		case "ResourceSlice":
			slice := &resourceapi.ResourceSlice{}
			f.slices = append(f.slices, slice)
			target = slice
		case "ResourceClaim":
			claim := &resourceapi.ResourceClaim{}
			f.claims = append(f.claims, claim)
			target = claim
		default:
			return nil, fmt.Errorf("%s: document %d: unexpected kind %q", path, i+1, meta.Kind)
		}
		if err := yaml.UnmarshalStrict(doc, target); err != nil {
			return nil, fmt.Errorf("%s: document %d (%s): %w", path, i+1, meta.Kind, err)
		}
		if class, ok := target.(*resourceapi.DeviceClass); ok {
			f.classes[class.Name] = class
		}
	}
	if f.node == nil || len(f.slices) == 0 || len(f.claims) == 0 {
		return nil, fmt.Errorf("%s: needs a Node, ResourceSlices and ResourceClaims", path)
	}
	return f, nil
}

func stripComments(doc []byte) []byte {
	var out bytes.Buffer
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if !bytes.HasPrefix(bytes.TrimSpace(line), []byte("#")) {
			out.Write(line)
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// compare checks the reference's answer against dra4j's, line by line.
func compare(got []string, path string) error {
	file, err := os.Open(path)
	if err != nil {
		return err
	}
	defer file.Close()
	var want []string
	scanner := bufio.NewScanner(file)
	for scanner.Scan() {
		want = append(want, scanner.Text())
	}
	if err := scanner.Err(); err != nil {
		return err
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		return errors.New("the reference's devices differ from dra4j's:\n" + diff(want, got))
	}
	return nil
}

func diff(want, got []string) string {
	var b strings.Builder
	for i := 0; i < len(want) || i < len(got); i++ {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			fmt.Fprintf(&b, "  line %d: dra4j %q, reference %q\n", i+1, w, g)
		}
	}
	return b.String()
}
