#!/bin/sh
# What checking records against their type's schema costs (issue #30): `keepsake db put` and
# `keepsake db import` with the check against `--no-check`, on the same SQLite store, each pair
# timed by farm-bench as whole commands (ratios taken run by run; quote the medians).
#
#     Benchmarks/Scripts/db_check_cost.sh KEEPSAKE [LINES]
set -eu
K=$(realpath "$1")
LINES=${2:-100000}
DIR=$(mktemp -d /tmp/keepsake-check-cost-XXXXXX)
trap 'rm -rf "$DIR"' EXIT

# The type's schema as a team would write it: every member typed, an enum of twenty categories,
# bounds on the price and the name, nothing else allowed.
CATEGORIES=$(python3 -c 'print(", ".join(f"\"c{i}\"" for i in range(20)))')
cat > "$DIR/item.schema.json" <<SCHEMA
{"\$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
 "required": ["name", "price", "category", "inStock"],
 "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 200}, "price": {"type": "integer", "minimum": 0},
                "category": {"enum": [$CATEGORIES]}, "inStock": {"type": "boolean"}},
 "additionalProperties": false}
SCHEMA
python3 - "$DIR/items.jsonl" "$LINES" <<'PY'
import json, sys
with open(sys.argv[1], "w") as out:
    for i in range(int(sys.argv[2])):
        out.write(json.dumps({"name": f"item {i}", "price": i % 1000, "category": f"c{i % 20}", "inStock": i % 2 == 0}) + "\n")
PY

# db put: one record per command into a store that holds 1,000 of the type already.
"$K" db schema set "$DIR/put.sqlite" Item "$DIR/item.schema.json" 2>/dev/null
head -n 1000 "$DIR/items.jsonl" > "$DIR/first.jsonl"
"$K" db import "$DIR/put.sqlite" Item "$DIR/first.jsonl" > /dev/null
RECORD='{"name":"new","price":5,"category":"c3","inStock":true}'
echo "== db put: checked (A) vs --no-check (B)"
farm-bench -n 31 --warmup 3 --vs "$K db put $DIR/put.sqlite Item '$RECORD' --no-check" -- "$K" db put "$DIR/put.sqlite" Item "$RECORD"

# db import: LINES records into an empty store that keeps the type's schema (copied fresh each run).
"$K" db schema set "$DIR/template.sqlite" Item "$DIR/item.schema.json" 2>/dev/null
echo "== db import of $LINES lines: checked (A) vs --no-check (B)"
farm-bench -n 7 --timeout 600 \
    --vs "sh -c 'cp $DIR/template.sqlite $DIR/run.sqlite && rm -f $DIR/run.sqlite-wal $DIR/run.sqlite-shm && exec $K db import $DIR/run.sqlite Item $DIR/items.jsonl --no-check'" \
    -- sh -c "cp $DIR/template.sqlite $DIR/run.sqlite && rm -f $DIR/run.sqlite-wal $DIR/run.sqlite-shm && exec $K db import $DIR/run.sqlite Item $DIR/items.jsonl"
