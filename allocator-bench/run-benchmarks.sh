#!/usr/bin/env bash
# Builds the shaded benchmarks jar and runs the performance suite (see docs/performance.md).
#
#   allocator-bench/run-benchmarks.sh                 # full suite, report into docs/
#   allocator-bench/run-benchmarks.sh --quick         # smoke run: short iterations, N <= 1,000
#   allocator-bench/run-benchmarks.sh --out /tmp/perf AllocateBenchmark   # one benchmark elsewhere
#
# SKIP_BUILD=1 reuses allocator-bench/target/benchmarks.jar. Plain JMH options work too:
#   java -jar allocator-bench/target/benchmarks.jar CelBenchmark -prof gc
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  mvn -B -ntp -q -Pbench -pl allocator-bench -am package -DskipTests
fi
exec java -Xmx6g -Djava.awt.headless=true -Djdk.attach.allowAttachSelf=true -cp allocator-bench/target/benchmarks.jar \
  io.github.dra4j.bench.BenchmarkSuite "$@"
