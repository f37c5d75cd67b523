#!/usr/bin/env bash
# Two `keepsake set` processes on one file at the same time, ROUNDS times: prints how many rounds
# lost an edit (both processes must exit 0 and both edits must be in the file).
# usage: Scripts/two_writers.sh [KEEPSAKE_BINARY] [ROUNDS]
set -euo pipefail
keepsake=${1:-.build/debug/keepsake}
rounds=${2:-1000}
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
file="$folder/f.json"
lost=0 failed=0
for ((i = 0; i < rounds; i++)); do
  echo '{"a": 0, "b": 0}' > "$file"
  "$keepsake" set "$file" .a 1 & first=$!
  "$keepsake" set "$file" .b 1 & second=$!
  wait $first || failed=$((failed + 1))
  wait $second || failed=$((failed + 1))
  grep -q '"a": 1, "b": 1' "$file" || lost=$((lost + 1))
done
left=$(find "$folder" -name '.f.json.keepsake-*' | wc -l)
echo "rounds: $rounds  lost edits: $lost  failed processes: $failed  leftover temporary files: $left"
[ "$lost" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$left" -eq 0 ]
