#!/usr/bin/env python3
"""What hostile input costs `keepsake` now (issue #27), each case the median of 3 runs with its
exit status: schemas whose applicators multiply work or loop, patterns that make a backtracking
engine take exponential time, and values a million levels deep.

usage: Benchmarks/Scripts/hostile_costs.py KEEPSAKE_BINARY"""
import json, os, statistics, subprocess, sys, tempfile, time

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/keepsake")
folder = tempfile.mkdtemp(prefix="keepsake-hostile-")

def write(name, text):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path

def doubling(levels, reference="$ref"):
    definitions = {"L0": {"type": "integer", "minimum": 5}}
    for k in range(1, levels + 1):
        below = {reference: f"#/$defs/L{k - 1}"}
        definitions[f"L{k}"] = {"anyOf": [below, {"allOf": [below]}], "oneOf": [below, {"type": "string"}]}
    return json.dumps({"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": definitions, "$ref": f"#/$defs/L{levels}"})

seven, three = write("seven.json", "7"), write("three.json", "3")
near_miss = write("near-miss.json", json.dumps({"s": "a" * 1_000_000 + "!"}))
deep_object = write("deep-object.json", '{"a":' * 1_000_000 + "1" + "}" * 1_000_000)
deep_array = write("deep-array.json", "[" * 1_000_000 + "]" * 1_000_000)
cases = [
    ("nested applicators, 24 levels (2^48 paths), valid", ["validate", "--schema", write("doubling.json", doubling(24)), seven]),
    ("nested applicators, 24 levels, invalid (errors listed)", ["validate", "--schema", write("doubling.json", doubling(24)), three]),
    ("$dynamicRef doubling, 30 levels: budget spent", ["validate", "--schema", write("dynamic.json", doubling(30, "$dynamicRef")), three]),
    ("allOf -> anyOf -> oneOf loop", ["validate", "--schema", write("loop.json", json.dumps({"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"anyOf": [{"$ref": "#/$defs/c"}]}, "c": {"oneOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"})), seven]),
]
for number, pattern in enumerate(["^(a+)+$", "^(a|a)*$", "^(a|aa)*$", "a*a*a*a*a*a*b"]):
    schema = write(f"pattern-{number}.json", json.dumps({"properties": {"s": {"pattern": pattern}}}))
    cases.append((f"pattern {pattern} on 1,000,001 characters (no match)", ["validate", "--schema", schema, near_miss]))
cases += [
    ("get --json, an object 1,000,000 levels deep", ["get", deep_object, ".", "--json", "--max-depth", "2000000"]),
    ("get --json, an array 1,000,000 levels deep", ["get", deep_array, ".", "--json", "--max-depth", "2000000"]),
    ("validate, an object 1,000,000 levels deep", ["validate", deep_object, "--max-depth", "2000000"]),
]
for name, arguments in cases:
    times, status = [], None
    for _ in range(3):
        start = time.perf_counter()
        status = subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        times.append(time.perf_counter() - start)
    print(f"{statistics.median(times) * 1000:9.1f} ms  exit {status}  {name}")
