#!/usr/bin/env python3
"""Soundness of `keepsake schema infer` on real files, measured outside the repository.

    infer_corpus.py KEEPSAKE FILES.txt [MIN_GROUP]

FILES.txt lists real files, one path per line. Files are grouped by name (every package.json is a
sample of one schema, every tsconfig.json of another …); for each group of at least MIN_GROUP (5)
files, one schema is inferred from all of them, and every file is then validated against it twice:
by `keepsake validate --schema S --assert-format`, and by python-jsonschema's 2020-12 validator with
its format checker (a peer), on the file's value as `keepsake get . --json` prints it (JSON with
comments read as its data). Sound: every sample validates. Prints per group and in all.
"""
import json
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path


def main() -> None:
    keepsake, listing = sys.argv[1], sys.argv[2]
    minimum = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
    groups = defaultdict(list)
    for line in Path(listing).read_text().splitlines():
        if line.strip():
            groups[Path(line.strip()).name].append(line.strip())
    totals = {"files": 0, "keepsake_valid": 0, "peer_valid": 0, "peer_checked": 0, "unreadable": 0}
    with tempfile.TemporaryDirectory() as folder:
        for name, files in sorted(groups.items(), key=lambda item: -len(item[1])):
            if len(files) < minimum:
                continue
            # Only files keepsake reads (a few are not JSON in any syntax it knows).
            values, readable = [], []
            for file in files:
                got = subprocess.run([keepsake, "get", file, ".", "--json"], capture_output=True, text=True)
                if got.returncode == 0:
                    values.append(json.loads(got.stdout))
                    readable.append(file)
                else:
                    totals["unreadable"] += 1
            schema_path = Path(folder) / (name + ".schema.json")
            inferred = subprocess.run([keepsake, "schema", "infer", *readable, "-o", str(schema_path)], capture_output=True, text=True)
            if inferred.returncode != 0:
                print(f"{name}: infer failed: {inferred.stderr.strip()[:300]}")
                continue
            checked = subprocess.run([keepsake, "validate", "--schema", str(schema_path), "--assert-format", *readable], capture_output=True, text=True)
            failing = {file for file in readable if f"{file}:" in checked.stderr}
            valid = len(readable) - len(failing)
            peer_valid = None
            if jsonschema is not None:
                schema = json.loads(schema_path.read_text())
                validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)
                peer_valid = sum(1 for value in values if validator.is_valid(value))
                totals["peer_valid"] += peer_valid
                totals["peer_checked"] += len(values)
            totals["files"] += len(readable)
            totals["keepsake_valid"] += valid
            print(f"{name}: {len(readable)} files; valid against the inferred schema: keepsake {valid}, jsonschema {peer_valid}"
                  + (f"; e.g. {sorted(failing)[0]}: {checked.stderr.splitlines()[0][:200]}" if failing else ""))
    print(f"in all: {totals['files']} files; keepsake finds {totals['keepsake_valid']} valid, "
          f"jsonschema {totals['peer_valid']} of {totals['peer_checked']}; {totals['unreadable']} files keepsake does not read")


if __name__ == "__main__":
    main()
