#!/usr/bin/env python3
"""Real-world YAML, measured outside the repository (issue #31).

    python3 Benchmarks/Scripts/yaml_corpus.py KEEPSAKE FILES.txt [LIMIT]

FILES.txt lists YAML files, one path per line. For each file (its first document):

- reading: keepsake's data (`get FILE . --json`) against ruamel.yaml's (YAML 1.2, its
  round-trip loader; application tags read as their value, timestamps as their text);
- one-value edits: the first and a middle scalar set to a new string with `set -o -`: the bytes
  that changed must lie inside the value's own text (`get FILE PATH`), and the result, read by
  ruamel.yaml, must be the old data with that one change. ruamel.yaml's round trip makes the same
  edit side by side: how many of its results change lines other than the value's;
- deletes and inserts: a member of the root mapping removed (`delete -o -`), one added (`set`):
  the diff must be whole lines removed, or one line added, and the data as expected (a removed
  member holding an anchor that later aliases name moves it to the first of them: counted apart,
  with the data as expected);
- no-op: keepsake makes no change when the data does not change (a save without edits writes
  the bytes it read): checked as `set FILE PATH <its own value>` on plain scalars, which must leave
  every byte as it was.

An edit keepsake refuses (it says why and writes nothing) is counted apart from a wrong one.
"""
import io
import json
import subprocess
import sys
from datetime import date, datetime

from ruamel.yaml import YAML
from ruamel.yaml.comments import TaggedScalar

keepsake, listing = sys.argv[1], sys.argv[2]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else None
files = [line.strip() for line in open(listing) if line.strip()][:limit]


def loader():
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    return yaml


def plain(value):
    """ruamel.yaml's reading as JSON's data: tags dropped to their value, timestamps as text."""
    if isinstance(value, TaggedScalar):
        return str(value.value)
    if isinstance(value, dict):
        tagged = getattr(value, "tag", None)
        return {str(key) if not isinstance(key, bool) else ("true" if key else "false"): plain(v) for key, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, (datetime, date)):
        return ("timestamp", str(value))
    if isinstance(value, float) and value != value:
        return "NaN"
    # ruamel.yaml's scalars are subclasses (quoted strings, scalar ints and floats): their plain values.
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


def same(ours, theirs):
    if isinstance(theirs, tuple):  # a timestamp: ours is its text
        return isinstance(ours, str)
    if isinstance(ours, dict) and isinstance(theirs, dict):
        return list(ours.keys()) == list(theirs.keys()) and all(same(ours[k], theirs[k]) for k in ours)
    if isinstance(ours, list) and isinstance(theirs, list):
        return len(ours) == len(theirs) and all(same(a, b) for a, b in zip(ours, theirs))
    if isinstance(ours, float) or isinstance(theirs, float):
        try:
            return float(ours) == float(theirs)
        except (TypeError, ValueError):
            return False
    return ours == theirs and type(ours) is type(theirs)


def run(*arguments):
    return subprocess.run([keepsake, *arguments], capture_output=True)


def jq_path(path):
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else "." + json.dumps(part)
    return out if out.startswith(".") else "." + out


def leaves(value, path=()):
    if isinstance(value, dict):
        for key, v in value.items():
            yield from leaves(v, path + (key,))
    elif isinstance(value, list):
        for index, v in enumerate(value):
            yield from leaves(v, path + (index,))
    else:
        yield path, value


def replaced(value, path, new, remove=False):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if not rest and remove:
            del copy[head]
        elif not rest and head not in copy:
            copy[head] = new
        else:
            copy[head] = replaced(copy[head], rest, new, remove)
        return copy
    copy = list(value)
    if not rest and remove:
        del copy[head]
    else:
        copy[head] = replaced(copy[head], rest, new, remove)
    return copy


def ruamel_data(text):
    try:
        documents = list(loader().load_all(text))
        return plain(documents[0]) if documents else None
    except Exception as error:  # noqa: BLE001 - any refusal counts as "cannot read"
        return error


def changed_region(old, new):
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return prefix, len(old) - suffix


def ruamel_edit_spills(text, path, value):
    """Whether ruamel.yaml's round trip of the same edit changes any line besides the value's."""
    yaml = loader()
    try:
        documents = list(yaml.load_all(text))
        node = documents[0]
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
        out = io.StringIO()
        yaml.dump_all(documents, out)
    except Exception:  # noqa: BLE001
        return None
    before, after = text.splitlines(), out.getvalue().splitlines()
    import difflib
    changed = [line for line in difflib.unified_diff(before, after, lineterm="", n=0) if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    return len(changed) > 2


counts = {key: 0 for key in [
    "files", "edits_shared", "read", "ruamel_read", "agree", "differ", "ours_refused", "edits", "edits_confined", "edits_data", "edits_refused", "edits_wrong",
    "ruamel_edits", "ruamel_spilled", "deletes", "deletes_clean", "deletes_anchor_moved", "deletes_refused", "inserts", "inserts_clean", "inserts_refused", "noops", "noops_identical"]}
examples = {}


def note(kind, file, detail=""):
    examples.setdefault(kind, []).append(f"{file}: {detail}"[:300])


for file in files:
    try:
        text = open(file, encoding="utf-8").read()
    except (UnicodeDecodeError, OSError):
        continue
    counts["files"] += 1
    theirs = ruamel_data(text)
    if not isinstance(theirs, Exception):
        counts["ruamel_read"] += 1
    got = run("get", file, ".", "--json")
    if got.returncode != 0:
        counts["ours_refused"] += 1
        note("ours_refused", file, got.stderr.decode()[:200])
        continue
    counts["read"] += 1
    ours = json.loads(got.stdout)
    if isinstance(theirs, Exception):
        continue
    if same(ours, theirs):
        counts["agree"] += 1
    else:
        counts["differ"] += 1
        note("differ", file)
        continue
    scalars = [(path, value) for path, value in leaves(ours) if path and not isinstance(value, (dict, list))]
    # One-value edits, with ruamel.yaml's round trip beside.
    for path, value in [scalars[0], scalars[len(scalars) // 2]] if scalars else []:
        counts["edits"] += 1
        new_value = "keepsake-edit"
        shown = run("get", file, jq_path(path))
        result = run("set", file, jq_path(path), json.dumps(new_value), "-o", "-")
        if result.returncode != 0:
            counts["edits_refused"] += 1
            note("edits_refused", file, jq_path(path) + " " + result.stderr.decode()[:150])
            continue
        new_text = result.stdout.decode()
        start, end = changed_region(text.encode(), new_text.encode())
        # `get` prints the value's bytes, a line break added when they do not end with one.
        printed = shown.stdout
        old = text.encode()
        inside = False
        for value_text in {printed, printed[:-1]}:
            if value_text and any(q <= start and end <= q + len(value_text) for q in range(max(0, start - len(value_text)), start + 1) if old.startswith(value_text, q)):
                inside = True
        value_text = printed[:-1] if printed.endswith(b"\n") else printed
        if inside or (start == end):
            counts["edits_confined"] += 1
        else:
            note("edits_not_confined", file, jq_path(path))
        if "is shared by" in result.stderr.decode():
            # An anchored value: its aliases change with it, as the note says; the value itself must read back.
            counts["edits_shared"] += 1
            now = ruamel_data(new_text)
            try:
                for part in path:
                    now = now[part]
            except Exception:  # noqa: BLE001
                now = None
            if now == new_value:
                counts["edits_data"] += 1
            else:
                counts["edits_wrong"] += 1
                note("edits_wrong", file, jq_path(path) + " (shared)")
        elif same(replaced(ours, path, new_value), ruamel_data(new_text)):
            counts["edits_data"] += 1
        else:
            counts["edits_wrong"] += 1
            note("edits_wrong", file, jq_path(path))
        spilled = ruamel_edit_spills(text, path, new_value)
        if spilled is not None:
            counts["ruamel_edits"] += 1
            counts["ruamel_spilled"] += spilled
        # No-op: the same value again, on a plain string scalar.
        if isinstance(value, str) and value_text == value.encode():
            counts["noops"] += 1
            same_result = run("set", file, jq_path(path), json.dumps(value), "-o", "-")
            if same_result.returncode == 0 and same_result.stdout == old:
                counts["noops_identical"] += 1
            else:
                note("noop_changed", file, jq_path(path))
    # A member of the root mapping removed, and one added.
    if isinstance(ours, dict) and len(ours) > 1:
        key = list(ours.keys())[len(ours) // 2]
        counts["deletes"] += 1
        result = run("delete", file, jq_path((key,)), "-o", "-")
        if result.returncode != 0:
            counts["deletes_refused"] += 1
            note("deletes_refused", file, key + " " + result.stderr.decode()[:150])
        else:
            new_text = result.stdout.decode()
            import difflib
            diff = [line for line in difflib.unified_diff(text.splitlines(), new_text.splitlines(), lineterm="", n=0) if not line.startswith(("+++", "---", "@@"))]
            as_expected = same(replaced(ours, (key,), None, remove=True), ruamel_data(new_text))
            if all(line.startswith("-") for line in diff) and as_expected:
                counts["deletes_clean"] += 1
            elif "the anchor &" in result.stderr.decode() and as_expected:
                # An anchor later aliases name moved to the first of them, written as its data:
                # the lines cut, and that alias's lines rewritten.
                counts["deletes_anchor_moved"] += 1
            else:
                note("deletes_unclean", file, key)
        counts["inserts"] += 1
        result = run("set", file, ".keepsake-added" if False else '."keepsake-added"', '"x"', "-o", "-")
        if result.returncode != 0:
            counts["inserts_refused"] += 1
            note("inserts_refused", file, result.stderr.decode()[:150])
        else:
            new_text = result.stdout.decode()
            import difflib
            diff = [line for line in difflib.unified_diff(text.splitlines(), new_text.splitlines(), lineterm="", n=0) if not line.startswith(("+++", "---", "@@"))]
            expected = dict(ours)
            expected["keepsake-added"] = "x"
            if diff == ["+keepsake-added: x"] and same(expected, ruamel_data(new_text)):
                counts["inserts_clean"] += 1
            else:
                note("inserts_unclean", file, str(diff[:3]))

print(json.dumps(counts, indent=1))
for kind, items in examples.items():
    print(f"{kind}: {len(items)}, e.g.")
    for item in items[:4]:
        print("   ", item)
