#!/usr/bin/env bash
# Runs the same package-benchmark filter in two checkouts' Benchmarks packages alternately (A B A B
# …), so both see the same machine, and prints each benchmark's p0 and p50 wall-clock times per round.
#
#   Benchmarks/Scripts/compare_builds.sh BASELINE_CHECKOUT TARGET ROUNDS FILTER
#
# BASELINE_CHECKOUT is another checkout of the repository (a `git worktree add` of the commit to
# compare with); this checkout is the other side. Example, strict JSON parsing before and after:
#   git worktree add /tmp/base e4a54ed
#   Benchmarks/Scripts/compare_builds.sh /tmp/base LosslessJSONBenchmarks 3 'parse\+index (canada|citm|twitter|100 MB).*'
set -euo pipefail
base=$1 target=$2 rounds=$3 filter=$4
here=$(cd "$(dirname "$0")/../.." && pwd)
run() {
  (cd "$1/Benchmarks" && swift package --disable-sandbox benchmark --target "$target" --filter "$filter" --no-progress 2>&1) \
    | awk -v side="$2" -v round="$3" '
      /^[^ │╒╞├╘=].*/ && !/Metric/ { name = $0 }
      /Time \(wall clock\)/ { split($0, f, "│"); gsub(/ /, "", f[3]); gsub(/ /, "", f[5]); unit = ($0 ~ /\(ms\)/) ? "ms" : "us"; print side "\tround " round "\t" name "\tp0 " f[3] " " unit "\tp50 " f[5] " " unit }'
}
for ((r = 1; r <= rounds; r++)); do
  run "$base" baseline "$r"
  run "$here" this "$r"
done
