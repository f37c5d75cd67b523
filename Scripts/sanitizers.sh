#!/usr/bin/env bash
# The whole test suite under AddressSanitizer and ThreadSanitizer (the end-to-end tests run the
# keepsake binary of the same build, so it is checked too).
#
#   Scripts/sanitizers.sh [address|thread]...      (default: both)
#
# Each sanitizer builds into its own folder (.build-address, .build-thread). Suppressions, if any
# are ever needed, go in Scripts/<sanitizer>.supp with the reason next to each line. Leak detection
# is off for the test processes (Swift Testing's and the runtime's one-time allocations read as
# leaks); the fuzz targets check leaks in the library code (Fuzz/run.sh, Fuzz/lsan.supp).
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
status=0
for sanitizer in "${sanitizers[@]}"; do
  build=.build-$sanitizer
  echo "== $sanitizer: building"
  mkdir -p "$build"
  if ! swift build --build-tests --sanitize "$sanitizer" --build-path "$build" > "$build/build.log" 2>&1; then
    echo "$sanitizer: the build failed"; grep -E "error" "$build/build.log" | grep -v "ld.gold: warning" | head -20
    status=1
    continue
  fi
  options="halt_on_error=1:abort_on_error=0"
  [ -f "Scripts/$sanitizer.supp" ] && options+=":suppressions=$PWD/Scripts/$sanitizer.supp"
  log=$build/tests.log
  echo "== $sanitizer: testing (log: $log)"
  # The end-to-end tests' deadlines stretch: instrumented binaries run several times slower.
  # KEEPSAKE_SANITIZER lets a test skip what the tool itself cannot run (each such test says why).
  if ASAN_OPTIONS="$options:detect_leaks=0" TSAN_OPTIONS="$options" SWIFT_BACKTRACE=enable=no KEEPSAKE_TEST_DEADLINE_SCALE=8 KEEPSAKE_SANITIZER=$sanitizer \
      swift test --skip-build --sanitize "$sanitizer" --build-path "$build" > "$log" 2>&1; then
    echo "$sanitizer: $(grep -E 'Test run with' "$log" | tail -1)"
  else
    status=1
    echo "$sanitizer: FAILED"
    grep -E "ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY|✘ Test" "$log" | head -20
  fi
done
exit $status
