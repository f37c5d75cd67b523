#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs each for SECONDS (two at a time),
# from its seed corpus.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     TARGET: Parser Edit Path Schema Model (default: all)
#
# The library modules are built by SwiftPM into .build-fuzz with coverage instrumentation; each
# target (Fuzz/<Target>Fuzzer.swift) is compiled and linked against them with -sanitize=fuzzer.
# New inputs go to .build-fuzz/corpus/<Target>; a crash leaves crash-* in .build-fuzz/findings and
# fails the run. The total executions are printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(Parser Edit Path Schema Model)

build=.build-fuzz
instrument=(-Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
for module in LosslessJSON JSONSchema SampleModels; do
  swift build --build-path "$build" --target "$module" "${instrument[@]}" 2>&1 | grep -E "error|warning: unre|Compiling|complete" | tail -1
done
bin=$build/debug
mkdir -p "$build/fuzzers" "$build/findings"
objects=()
for module in LosslessJSON CMappedFileGuard JSONSchema SampleModels DictionaryStorage BigInt Algorithms RealModule; do
  while IFS= read -r object; do objects+=("$object"); done < <(find "$bin/$module.build" -name '*.o')
done

# The C modules the Swift ones import (swift-numerics' shims, under swift-algorithms; our own).
modulemaps=()
while IFS= read -r map; do modulemaps+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find "$build/checkouts" -path '*/_NumericsShims/include/module.modulemap'; find "$bin/CMappedFileGuard.build" -name module.modulemap)

# Compile every target first, then run them two at a time (the machine has two cores).
for target in "${targets[@]}"; do
  source=Fuzz/${target}Fuzzer.swift
  binary=$build/fuzzers/$target
  if [ ! -x "$binary" ] || [ "$source" -nt "$binary" ] || [ -n "$(find "$bin/LosslessJSON.build" "$bin/JSONSchema.build" -name '*.o' -newer "$binary" | head -1)" ]; then
    swiftc -parse-as-library -sanitize=fuzzer,address -g -I "$bin/Modules" "${modulemaps[@]}" "$source" "${objects[@]}" -o "$binary" 2>&1 \
      | grep -v -E "ld.gold: warning: Cannot export local symbol" || true
    [ -x "$binary" ] || { echo "$target: the fuzzer did not build"; exit 1; }
  fi
done

fuzz() {
  local target=$1 corpus=$build/corpus/$1
  mkdir -p "$corpus"
  # -rss_limit_mb: a finding, not the machine's memory; -max_len: documents up to 16 KB.
  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=Fuzz/lsan.supp:print_suppressions=0" "$build/fuzzers/$target" "$corpus" "Fuzz/corpus/$target" \
    -max_total_time="$seconds" -max_len=16384 -rss_limit_mb=2048 -artifact_prefix="$build/findings/$target-" \
    -print_final_stats=1 > "$build/fuzzers/$target.log" 2>&1
}

failed=0
total=0
for ((k = 0; k < ${#targets[@]}; k += 2)); do
  pids=()
  for target in "${targets[@]:k:2}"; do fuzz "$target" & pids+=($!); done
  for index in "${!pids[@]}"; do
    target=${targets[k + index]}
    log=$build/fuzzers/$target.log
    if ! wait "${pids[$index]}"; then
      echo "$target: FINDING (see $log and $build/findings/)"; grep -E "FUZZ FAILURE|ERROR: AddressSanitizer|SUMMARY" "$log" | head -5
      failed=1
      continue
    fi
    runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
    total=$((total + runs))
    echo "$target: $runs executions in $seconds s, no finding ($(grep -E '^#[0-9]+.*DONE' "$log" | tail -1 | sed 's/.*cov:/cov:/'))"
  done
done
echo "total: $total executions"
exit $failed
