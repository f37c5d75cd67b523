#!/usr/bin/env python3
"""`keepsake validate --schema` on YAML against jsonschema-rs, on the same data (issue #31).

    python3 Benchmarks/Scripts/yaml_validate_agreement.py KEEPSAKE SCHEMA.json FILES.txt [LIMIT]

Each YAML file (its first document, read by ruamel.yaml for jsonschema-rs) is checked against
SCHEMA.json by both, and once more after a change that should break it (the root's first member
set to 12345 — a wrong type for most schemas' fields), so that invalid documents are compared
too. Prints how often the verdicts agree, and the files where they do not.
"""
import json
import subprocess
import sys
import tempfile
import os

import jsonschema_rs
from ruamel.yaml import YAML

keepsake, schema_path, listing = sys.argv[1], sys.argv[2], sys.argv[3]
limit = int(sys.argv[4]) if len(sys.argv) > 4 else None
files = [line.strip() for line in open(listing) if line.strip()][:limit]
schema = json.load(open(schema_path))
validator = jsonschema_rs.validator_for(schema)


def data_of(text):
    return json.loads(json.dumps(YAML(typ="safe", pure=True).load(text), default=str))


counts = {"documents": 0, "agree": 0, "disagree": 0, "valid_both": 0, "invalid_both": 0, "skipped": 0}
disagreements = []
with tempfile.TemporaryDirectory() as folder:
    for file in files:
        try:
            text = open(file, encoding="utf-8").read()
            data = data_of(text)
        except Exception:  # noqa: BLE001 - a file the peer cannot read is not compared
            counts["skipped"] += 1
            continue
        variants = [(file, data)]
        if isinstance(data, dict) and data:
            first = next(iter(data))
            broken = os.path.join(folder, "broken.yaml")
            result = subprocess.run([keepsake, "set", file, "." + json.dumps(first), "12345", "-o", broken], capture_output=True)
            if result.returncode == 0:
                changed = dict(data)
                changed[first] = 12345
                variants.append((broken, changed))
        for path, value in variants:
            counts["documents"] += 1
            ours = subprocess.run([keepsake, "validate", path, "--schema", schema_path], capture_output=True)
            theirs = validator.is_valid(value)
            if ours.returncode == 2:
                counts["skipped"] += 1
                continue
            if (ours.returncode == 0) == theirs:
                counts["agree"] += 1
                counts["valid_both" if theirs else "invalid_both"] += 1
            else:
                counts["disagree"] += 1
                disagreements.append(f"{file}{' (changed)' if path != file else ''}: keepsake {'valid' if ours.returncode == 0 else 'invalid'}, jsonschema-rs {'valid' if theirs else 'invalid'}: {ours.stderr.decode()[:200]}")
print(json.dumps(counts, indent=1))
print(f"agreement: {counts['agree'] / max(1, counts['agree'] + counts['disagree']):.4f}")
for line in disagreements[:10]:
    print("  ", line)
