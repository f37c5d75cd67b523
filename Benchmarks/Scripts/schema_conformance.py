#!/usr/bin/env python3
"""Runs the official JSON-Schema-Test-Suite through `keepsake validate --schema` (the CLI contract)
and prints the pass rate per dialect. The suite is not part of this repository: point this script
at a checkout of it (its folder holding tests/ and remotes/).

Usage: schema_conformance.py KEEPSAKE SUITE_FOLDER [--optional] [--show N] [dialect ...]
       dialects: draft4 draft6 draft7 draft2019-09 draft2020-12 (default: all five)

Each test group's schema and data are written to files; the remote documents the suite serves at
http://localhost:1234/ are mapped to its remotes/ folder with --schema-map (no network)."""
import json, os, subprocess, sys, tempfile

DIALECTS = {"draft4": "draft-04", "draft6": "draft-06", "draft7": "draft-07", "draft2019-09": "2019-09", "draft2020-12": "2020-12"}

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    optional = "--optional" in sys.argv
    show = 0
    if "--show" in sys.argv:
        show = int(sys.argv[sys.argv.index("--show") + 1])
        args = [a for a in args if a != str(show)]
    keepsake, suite = args[0], args[1]
    dialects = args[2:] or list(DIALECTS)
    remotes = os.path.join(suite, "remotes")
    totals = {}
    for folder in dialects:
        directory = os.path.join(suite, "tests", folder)
        files = sorted(f for f in os.listdir(directory) if f.endswith(".json"))
        if optional:
            files = []
            for root, _, names in os.walk(os.path.join(directory, "optional")):
                files += [os.path.relpath(os.path.join(root, n), directory) for n in sorted(names) if n.endswith(".json")]
        passed = failed = 0
        failures = []
        for name in files:
            groups = json.load(open(os.path.join(directory, name), encoding="utf-8"))
            for group in groups:
                with tempfile.TemporaryDirectory() as scratch:
                    schema = os.path.join(scratch, "schema.json")
                    json.dump(group["schema"], open(schema, "w", encoding="utf-8"), ensure_ascii=False)
                    data = []
                    for n, test in enumerate(group["tests"]):
                        path = os.path.join(scratch, f"{n}.json")
                        json.dump(test["data"], open(path, "w", encoding="utf-8"), ensure_ascii=False)
                        data.append(path)
                    command = [keepsake, "validate", "--schema", schema, "--dialect", DIALECTS[folder],
                               "--schema-map", "http://localhost:1234/=" + remotes + "/", "--output", "json"]
                    if "format" in name and optional:
                        command.append("--assert-format")
                    try:
                        run = subprocess.run(command + data, capture_output=True, text=True, timeout=60)
                        verdicts = {}
                        for line in run.stdout.split("\n"):
                            try:
                                result = json.loads(line)
                                verdicts[result["file"]] = result["valid"]
                            except (ValueError, KeyError):
                                pass
                        problem = None if run.returncode in (0, 1) else f"exit {run.returncode}: {run.stderr.strip()[:200]}"
                    except subprocess.TimeoutExpired:
                        verdicts, problem = {}, "timed out"
                    for path, test in zip(data, group["tests"]):
                        if verdicts.get(path) == test["valid"] and problem is None:
                            passed += 1
                        else:
                            failed += 1
                            failures.append(f"{name}: {group['description']} / {test['description']}"
                                            f" (expected {'valid' if test['valid'] else 'invalid'}{'; ' + problem if problem else ''})")
        total = passed + failed
        totals[folder] = (passed, total)
        print(f"{folder:14} {passed:5} / {total:5} passed ({100.0 * passed / max(1, total):.2f}%)")
        for failure in failures[:show]:
            print("   ", failure)
    return totals

if __name__ == "__main__":
    main()
