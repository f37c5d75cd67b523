#!/usr/bin/env python3
"""Real JSON with comments and JSON5 files (nobody here wrote them) through keepsake and through
json-five's round-trip model, side by side.

    python3 Benchmarks/Scripts/jsonc_corpus.py LIST KEEPSAKE REFERENCE_PYTHON

LIST names one file a line (kept outside the repository; BENCHMARKS.md says where these came from).
Each is read in the syntax its name says (.json5 and Babel's files: JSON5, as `JSONSyntax.forFile`
says; else JSON with comments). Run this with
a Python that has json-five (PyPI `json-five`, module `json5`); REFERENCE_PYTHON is a Python with
dpranke's `json5` (the reference reader: the two share the module name).

For each file:
- read: keepsake reads it, to the data the reference reads (refused: a file the reference refuses,
  keepsake refuses too);
- round trip: a scalar set to a new value and back leaves every byte as it was;
- confined: that set changes no byte outside the value;
- delete: removing a member loses no comment but the member's own (those on its lines), and the
  result re-parses;
- insert: adding a member after it loses no comment and re-parses.
The same set, delete and insert are made through json-five's model (loads with ModelLoader,
edit, dumps with ModelDumper) and judged the same way.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from json5.dumper import ModelDumper, dumps
from json5.loader import ModelLoader, loads
from json5 import model as m


def syntax_of(path):
    babel = os.path.basename(path) in (".babelrc", ".babelrc.json", "babel.config.json")
    return "json5" if path.endswith(".json5") or babel else "jsonc"


def keepsake(binary, *arguments):
    return subprocess.run([binary, *arguments], capture_output=True, text=True)


def keepsake_reads(binary, reference, syntax, path, jq, expected):
    """The data keepsake reads at jq, as JSON. `get --json` rightly refuses NaN and Infinity (strict
    JSON cannot spell them); below such a value, the expected data's members are read one by one,
    and a non-finite number is compared as the reference reads keepsake's source text of it."""
    printed = keepsake(binary, "get", "--syntax", syntax, path, jq, "--json")
    if printed.returncode == 0:
        return json.loads(printed.stdout)
    if "NaN or Infinity" not in printed.stderr or expected is None:
        return None
    prefix = "" if jq == "." else jq
    if isinstance(expected, dict):
        read = {}
        for key, value in expected.items():
            inner = keepsake_reads(binary, reference, syntax, path, f"{prefix}.{json.dumps(key)}", value)
            if inner is None and value is not None:
                return None
            read[key] = inner
        return read
    if isinstance(expected, list):
        read = [keepsake_reads(binary, reference, syntax, path, f"{prefix}[{i}]", v) for i, v in enumerate(expected)]
        return None if any(r is None and v is not None for r, v in zip(read, expected)) else read
    raw = keepsake(binary, "get", "--syntax", syntax, path, jq)
    return reference_reads_text(reference, raw.stdout) if raw.returncode == 0 else None


def reference_reads_text(python, text):
    code = "import json, json5, sys; print(json.dumps(json5.loads(sys.stdin.read())))"
    result = subprocess.run([python, "-c", code], input=text, capture_output=True, text=True)
    return json.loads(result.stdout) if result.returncode == 0 else None


def reference_reads(python, path):
    code = "import json, json5, sys; print(json.dumps(json5.loads(open(sys.argv[1], encoding='utf-8').read())))"
    result = subprocess.run([python, "-c", code, path], capture_output=True, text=True)
    return json.loads(result.stdout) if result.returncode == 0 else None


COMMENT = re.compile(r"//[^\n\r]*|/\*.*?\*/", re.S)


def comments(text):
    """The comments of a text (outside strings), with the line each starts on."""
    found = []
    i = 0
    line = 1
    while i < len(text):
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            line += text[i:j + 1].count("\n")
            i = j + 1
            continue
        if text.startswith("//", i) or text.startswith("/*", i):
            match = COMMENT.match(text, i)
            found.append((line, match.group(0)))
            line += match.group(0).count("\n")
            i = match.end()
            continue
        if c == "\n":
            line += 1
        i += 1
    return found


def first_scalar_member(data, path=""):
    """The jq path of the first member whose value is a string, number or boolean, depth first."""
    if isinstance(data, dict):
        for key, value in data.items():
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
                continue
            here = f"{path}.{key}"
            if isinstance(value, (str, int, float, bool)) and not isinstance(value, float) or isinstance(value, bool):
                return here, value
            found = first_scalar_member(value, here)
            if found:
                return found
    return None


def first_member_path(data):
    if isinstance(data, dict):
        for key, value in data.items():
            if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key):
                if isinstance(value, dict) and value:
                    inner = first_member_path(value)
                    if inner:
                        return [key] + inner
                return [key]
    return None


def new_value_for(value):
    if isinstance(value, bool):
        return json.dumps(not value), (not value)
    if isinstance(value, int):
        return json.dumps(value + 1), value + 1
    return json.dumps(str(value) + "-edited"), str(value) + "-edited"


def confined(old, new, old_value_text):
    prefix = 0
    while prefix < min(len(old), len(new)) and old[prefix] == new[prefix]:
        prefix += 1
    suffix = 0
    while suffix < min(len(old), len(new)) - prefix and old[-1 - suffix] == new[-1 - suffix]:
        suffix += 1
    return len(old) - prefix - suffix <= len(old_value_text)


def comments_kept(old, new, allowed_lines):
    new_texts = [c for _, c in comments(new)]
    for line, comment in comments(old):
        if line in allowed_lines:
            continue
        if comment not in new_texts:
            return False
        new_texts.remove(comment)
    return True


def model_node(text_model, keys):
    node = text_model.value
    parents = []
    for key in keys:
        found = None
        for index, (k, v) in enumerate(node.key_value_pairs):
            name = getattr(k, "name", None) or getattr(k, "characters", None)
            if name == key:
                found = (index, v)
        if found is None:
            return None, None
        parents.append((node, found[0]))
        node = found[1]
    return node, parents


def scalar_model(value):
    if isinstance(value, bool):
        return m.BooleanLiteral(value)
    if isinstance(value, int):
        return m.Integer(str(value))
    return m.DoubleQuotedString(value, raw_value=json.dumps(value))


def main():
    listing, binary, reference = sys.argv[1], sys.argv[2], sys.argv[3]
    files = [line.strip() for line in open(listing) if line.strip()]
    tally = {name: [0, 0] for name in ["read", "refused", "round trip", "confined", "delete", "insert"]}
    five = {name: [0, 0] for name in ["round trip", "confined", "delete", "insert"]}
    notes = []

    def count(table, name, ok, path):
        table[name][1] += 1
        if ok:
            table[name][0] += 1
        else:
            notes.append(f"{'json-five' if table is five else 'keepsake'} {name}: {path}")

    scratch = tempfile.mkdtemp()
    for path in files:
        syntax = syntax_of(path)
        original = open(path, encoding="utf-8").read()
        expected = reference_reads(reference, path)
        if expected is None:  # the reference refuses it (tests of bad input): keepsake must refuse too
            refused = keepsake(binary, "validate", "--syntax", syntax, path).returncode != 0
            count(tally, "refused", refused, path)
            continue
        ours = keepsake_reads(binary, reference, syntax, path, ".", expected)
        count(tally, "read", ours is not None and ours == expected, path)
        if ours is None:
            continue
        work = os.path.join(scratch, os.path.basename(path))
        scalar = first_scalar_member(ours)
        if scalar:
            jq, value = scalar
            old_value_text = keepsake(binary, "get", "--syntax", syntax, path, jq).stdout.rstrip("\n")
            shutil.copy(path, work)
            text, _ = new_value_for(value)
            keepsake(binary, "set", "--syntax", syntax, work, jq, text)
            edited = open(work, encoding="utf-8").read()
            count(tally, "confined", edited != original and confined(original, edited, old_value_text), path)
            keepsake(binary, "set", "--syntax", syntax, work, jq, old_value_text)
            count(tally, "round trip", open(work, encoding="utf-8").read() == original, path)
            # The same through json-five's model.
            try:
                keys = [k for k in jq.split(".") if k]
                tree = loads(original, loader=ModelLoader())
                node, parents = model_node(tree, keys)
                parent, index = parents[-1]
                _, new_value = new_value_for(value)
                replacement = scalar_model(new_value)
                replacement.wsc_before, replacement.wsc_after = node.wsc_before, node.wsc_after
                parent.values[index] = replacement
                dumped = dumps(tree, dumper=ModelDumper())
                count(five, "confined", dumped != original and confined(original, dumped, old_value_text), path)
                parent.values[index] = node
                count(five, "round trip", dumps(tree, dumper=ModelDumper()) == original, path)
            except Exception as error:  # json-five refusing or failing is its count
                count(five, "confined", False, f"{path} ({type(error).__name__})")
                count(five, "round trip", False, path)
        member = first_member_path(ours)
        if member:
            jq = "." + ".".join(member)
            line = None
            # The member's lines: those of its key and value (its own comments may go with it).
            raw = keepsake(binary, "get", "--syntax", syntax, path, jq).stdout.rstrip("\n")
            key_at = original.find(json.dumps(member[-1]))
            if key_at < 0:
                key_at = original.find(member[-1])
            first_line = original.count("\n", 0, key_at) + 1
            own = set(range(first_line, first_line + raw.count("\n") + 1))
            shutil.copy(path, work)
            deleted = keepsake(binary, "delete", "--syntax", syntax, work, jq)
            after = open(work, encoding="utf-8").read()
            ok = deleted.returncode == 0 and keepsake(binary, "validate", "--syntax", syntax, work).returncode == 0
            count(tally, "delete", ok and comments_kept(original, after, own), path)
            shutil.copy(path, work)
            parent = "." + ".".join(member[:-1]) if len(member) > 1 else "."
            target = (parent if parent != "." else "") + ".addedByTheCorpusRun"
            inserted = keepsake(binary, "set", "--syntax", syntax, work, target, "true")
            after = open(work, encoding="utf-8").read()
            ok = inserted.returncode == 0 and keepsake(binary, "validate", "--syntax", syntax, work).returncode == 0
            count(tally, "insert", ok and comments_kept(original, after, set()), path)
            try:
                tree = loads(original, loader=ModelLoader())
                node, parents = model_node(tree, member)
                parent_node, index = parents[-1]
                del parent_node.keys[index]
                del parent_node.values[index]
                dumped = dumps(tree, dumper=ModelDumper())
                count(five, "delete", comments_kept(original, dumped, own) and reference_text_ok(reference, dumped, syntax), path)
                tree = loads(original, loader=ModelLoader())
                node, parents = model_node(tree, member)
                parent_node, _ = parents[-1]
                parent_node.keys.append(m.DoubleQuotedString("addedByTheCorpusRun", raw_value='"addedByTheCorpusRun"'))
                parent_node.values.append(m.BooleanLiteral(True))
                dumped = dumps(tree, dumper=ModelDumper())
                count(five, "insert", comments_kept(original, dumped, set()) and reference_text_ok(reference, dumped, syntax), path)
            except Exception as error:
                count(five, "delete", False, f"{path} ({type(error).__name__})")
                count(five, "insert", False, path)
    shutil.rmtree(scratch)
    for note in notes:
        print(note)
    print(f"files: {len(files)}")
    for name, (ok, total) in tally.items():
        line = f"{name}: keepsake {ok}/{total}"
        if name in five:
            line += f", json-five {five[name][0]}/{five[name][1]}"
        print(line)


def reference_text_ok(python, text, syntax):
    with tempfile.NamedTemporaryFile("w", suffix="." + syntax, delete=False, encoding="utf-8") as f:
        f.write(text)
    try:
        return reference_reads(python, f.name) is not None
    finally:
        os.unlink(f.name)


if __name__ == "__main__":
    main()
