module github.com/dra4j/dra4j/allocator-bench/go-reference

go 1.26.0

require (
	k8s.io/api v0.0.0-20260701084926-e425034170ac
	k8s.io/apimachinery v0.0.0-20260701165018-c428e39362be
	k8s.io/dynamic-resource-allocation v0.0.0-20260701184519-3d036712930c
	sigs.k8s.io/yaml v1.6.0
)
