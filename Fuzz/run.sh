#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs each for SECONDS (two at a time),
# from its seed corpus.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]     TARGET: Parser Commented JSON5 Edit Path Schema Model YAML
#                                         (default: all; YAML runs libfyaml in the fuzzer's own process,
#                                         where keepsake runs it in a child: docs/DESIGN.md, "YAML: decisions")
#   FUZZ_RUNS=1000000 Fuzz/run.sh 3600    each target until a million executions (SECONDS a cap)
#
# SECONDS 0 builds the targets and runs none (CI builds them beside the tests, then runs them).
#
# The library modules are built by SwiftPM into .build-fuzz with coverage instrumentation; each
# target (Fuzz/<Target>Fuzzer.swift) is compiled and linked against them with -sanitize=fuzzer.
# The model fuzzer's modules (DictionaryStorage, SampleModels) use the macros: they are compiled
# here with swiftc against the macro plugin of the main build (`swift build` first), so the
# instrumented build never compiles swift-syntax.
# New inputs go to .build-fuzz/corpus/<Target>; a crash leaves crash-* in .build-fuzz/findings and
# fails the run. The total executions are printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(Parser Commented JSON5 Edit Path Schema Model YAML)

build=.build-fuzz
coverage=-sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
instrument=(-Xswiftc -sanitize=address -Xswiftc "$coverage")
for module in LosslessJSON JSONSchema LosslessYAML; do
  swift build --build-path "$build" --target "$module" "${instrument[@]}" 2>&1 | grep -E "error|warning: unre|Compiling|complete" | tail -1
done
bin=$build/debug
plugin=$(swift build --show-bin-path)/DictionaryStorageMacros-tool
[ -x "$plugin" ] || { echo "the macro plugin is not built ($plugin): run swift build first"; exit 1; }
# The C modules the Swift ones import (swift-numerics' shims, under swift-algorithms; our own).
modulemaps=()
while IFS= read -r map; do modulemaps+=(-Xcc "-fmodule-map-file=$map"); done \
  < <(find "$build/checkouts" -path '*/_NumericsShims/include/module.modulemap'; find "$bin/CMappedFileGuard.build" -name module.modulemap; echo Sources/CFYAML/module.modulemap)
mkdir -p "$build/fuzzers" "$build/findings" "$build/models"
# DictionaryStorage, then SampleModels over it: one object and one module each, instrumented.
# Each is built again when its sources, LosslessJSON's objects or the module before it changed
# (SampleModels compiled against an older DictionaryStorage reads its types with the old layout).
for module in DictionaryStorage SampleModels; do
  object=$build/models/$module.o
  if [ ! -f "$object" ] || [ -n "$(find "Sources/$module" "$bin/LosslessJSON.build" "$build/models" -newer "$object" -name '*.swift' -o -newer "$object" -name '*.o' | head -1)" ]; then
    swiftc -wmo -parse-as-library -module-name "$module" -emit-object -o "$object" -emit-module-path "$build/models/$module.swiftmodule" \
      -I "$bin/Modules" -I "$build/models" "${modulemaps[@]}" -sanitize=address "$coverage" -gline-tables-only \
      -load-plugin-executable "$plugin#DictionaryStorageMacros" Sources/"$module"/*.swift 2>&1 | grep -E "error" || true
    [ -f "$object" ] || { echo "$module did not build for fuzzing"; exit 1; }
  fi
done
objects=("$build/models/DictionaryStorage.o" "$build/models/SampleModels.o")
# An object whose source was moved or removed stays in the build folder: it is not linked.
for module in LosslessJSON JSONSchema LosslessYAML; do
  while IFS= read -r object; do
    name=$(basename "$object" .o)
    [ -n "$(find "Sources/$module" -name "$name" | head -1)" ] || rm -f "$object"
  done < <(find "$bin/$module.build" -name '*.swift.o')
done
for module in LosslessJSON CMappedFileGuard JSONSchema BigInt Algorithms RealModule LosslessYAML; do
  while IFS= read -r object; do objects+=("$object"); done < <(find "$bin/$module.build" -name '*.o')
done


# The source of a target, with the shared edit scripts where it uses them, and its flags (the
# syntax targets are one source built for each syntax).
sources_of() {
  case $1 in
    Commented | JSON5) echo "Fuzz/SyntaxFuzzer.swift Fuzz/Support/EditScripts.swift" ;;
    Edit) echo "Fuzz/EditFuzzer.swift Fuzz/Support/EditScripts.swift" ;;
    YAML) echo "Fuzz/YAMLFuzzer.swift Fuzz/Support/YAMLComments.swift Fuzz/Support/YAMLStart.swift" ;;
    *) echo "Fuzz/${1}Fuzzer.swift" ;;
  esac
}
flags_of() {
  case $1 in
    Commented) echo "-D FUZZ_JSONC" ;;
    JSON5) echo "-D FUZZ_JSON5" ;;
  esac
}

# Compile every target first, then run them two at a time (the machine has two cores).
for target in "${targets[@]}"; do
  read -r -a sources <<< "$(sources_of "$target")"
  read -r -a flags <<< "$(flags_of "$target")"
  source=${sources[0]}
  binary=$build/fuzzers/$target
  if [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" -newer "$binary" | head -1)" ] || [ -n "$(find "$bin/LosslessJSON.build" "$bin/JSONSchema.build" "$bin/LosslessYAML.build" "$build/models" -name '*.o' -newer "$binary" | head -1)" ]; then
    swiftc -parse-as-library -sanitize=fuzzer,address -g -I "$bin/Modules" -I "$build/models" "${modulemaps[@]}" "${flags[@]}" "${sources[@]}" "${objects[@]}" -lfyaml -o "$binary" 2>&1 \
      | grep -v -E "ld.gold: warning: Cannot export local symbol" || true
    [ -x "$binary" ] || { echo "$target: the fuzzer did not build"; exit 1; }
  fi
done

[ "$seconds" -gt 0 ] || { echo "built: ${targets[*]}"; exit 0; }

fuzz() {
  local target=$1 corpus=$build/corpus/$1
  mkdir -p "$corpus"
  # -rss_limit_mb: a finding, not the machine's memory; -max_len: documents up to 16 KB;
  # -timeout: an input taking 10 s is a finding (a hang), not a stalled run.
  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=Fuzz/lsan.supp:print_suppressions=0" "$build/fuzzers/$target" "$corpus" "Fuzz/corpus/$target" \
    -max_total_time="$seconds" -runs="${FUZZ_RUNS:--1}" -max_len=16384 -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$build/findings/$target-" \
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
    echo "$target: $runs executions in $(grep -E "^stat::" "$log" >/dev/null && grep -oE "Done [0-9]+ runs in [0-9]+ second" "$log" | awk '{print $5}' || echo "$seconds") s, no finding ($(grep -E '^#[0-9]+.*DONE' "$log" | tail -1 | sed 's/.*cov:/cov:/'))"
  done
done
echo "total: $total executions"
exit $failed
