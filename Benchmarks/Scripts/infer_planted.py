#!/usr/bin/env python3
"""Planted facts: what `keepsake schema infer` and GenSON recover from data of a known structure.

    infer_planted.py KEEPSAKE [TRAIN] [FRESH] [SEED]

Generates TRAIN (2,000) records of a known structure — a tagged union of four event kinds (each
with its own required members), two enums, four string formats, a map, integer and number members,
an optional and a nullable member — and infers a schema from them with keepsake (`schema infer
--lines`) and with GenSON (PyPI `genson`, the peer: `SchemaBuilder`, one `add_object` per record).
Then, for each schema:

- facts: each planted fact is looked for in the schema (a tag → one branch per kind fixing the tag
  with `const`; each enum's exact set; each format; the map as `additionalProperties` without
  `properties`; integer vs number; each kind's required set; optional and nullable members);
- fresh: FRESH (1,000) new records from the same generator, each validated — accepted %;
- wrong: FRESH records each planted with one violation of a fact (an unknown tag, a value outside an
  enum, a string that breaks a format, a required member removed, a string where an integer is, a
  fraction where an integer is, a map value of the wrong kind) — rejected %.

Validation is python-jsonschema's (2020-12, or GenSON's draft, with its format checker asserting
formats) for both schemas, so the two are judged alike. Prints one table.
"""
import copy
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

KINDS = {
    "click": {"required": ["x", "y", "button"], "optional": []},
    "key": {"required": ["code", "repeat"], "optional": ["modifiers"]},
    "scroll": {"required": ["delta"], "optional": []},
    "visit": {"required": ["url", "referrer"], "optional": []},
}
LEVELS = ["debug", "info", "warn", "error"]
BUTTONS = ["left", "middle", "right"]


def record(rng: random.Random, index: int) -> dict:
    kind = rng.choice(list(KINDS))
    value = {
        "type": kind,
        "id": "%08x-%04x-4%03x-8%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48)),
        "at": "2026-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
        "user": "user%d@example.com" % rng.randint(1, 10_000),
        "ip": "10.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255)),
        "level": rng.choice(LEVELS),
        "seq": index,
        "weight": round(rng.uniform(0, 100), 3),
        "counters": {"c%d" % rng.randint(0, 5_000): rng.randint(0, 99) for _ in range(rng.randint(1, 6))},
        "note": rng.choice([None, "n%d" % rng.randint(0, 10**6)]),
    }
    if rng.random() < 0.5:
        value["session"] = "s%d" % rng.randint(0, 10**6)
    if kind == "click":
        value.update(x=rng.randint(0, 1920), y=rng.randint(0, 1080), button=rng.choice(BUTTONS))
    elif kind == "key":
        value.update(code="K%d" % rng.randint(0, 200), repeat=rng.random() < 0.1)
        if rng.random() < 0.5:
            value["modifiers"] = rng.sample(["shift", "ctrl", "alt"], rng.randint(1, 2))
    elif kind == "scroll":
        value.update(delta=round(rng.uniform(-50, 50), 2))
    else:
        value.update(url="https://example.com/p/%d" % rng.randint(0, 10**5), referrer="https://example.org/%d" % rng.randint(0, 10**5))
    return value


def wrongs(rng: random.Random, base: dict) -> list[tuple[str, dict]]:
    """One planted violation per fact, each on its own copy."""
    out = []

    def variant(name, change):
        value = copy.deepcopy(base)
        change(value)
        out.append((name, value))

    variant("unknown tag", lambda v: v.__setitem__("type", "hover"))
    variant("enum", lambda v: v.__setitem__("level", "fatal"))
    variant("format date-time", lambda v: v.__setitem__("at", "yesterday"))
    variant("format email", lambda v: v.__setitem__("user", "nobody"))
    variant("format uuid", lambda v: v.__setitem__("id", "not-a-uuid"))
    variant("format ipv4", lambda v: v.__setitem__("ip", "10.0.0.300"))
    variant("required removed", lambda v: v.pop(KINDS[v["type"]]["required"][0]))
    variant("string for integer", lambda v: v.__setitem__("seq", "12"))
    variant("fraction for integer", lambda v: v.__setitem__("seq", 1.5))
    variant("map value kind", lambda v: v["counters"].__setitem__("c1", "many"))
    variant("kind member on another kind", lambda v: v.pop("type") and v.__setitem__("type", next(k for k in KINDS if k != base["type"])))
    return out


def branches(schema: dict) -> list[dict]:
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list):
            return schema[key]
    return []


def member(schema: dict, name: str) -> dict | None:
    """A member's schema at the top level, looked for in properties and in every branch."""
    found = (schema.get("properties") or {}).get(name)
    if found is not None:
        return found
    for branch in branches(schema):
        found = (branch.get("properties") or {}).get(name)
        if found is not None:
            return found
    return None


def types(node: dict | None) -> set:
    if not node:
        return set()
    t = node.get("type")
    result = set(t) if isinstance(t, list) else {t} if t else set()
    for branch in branches(node):
        result |= types(branch)
    return result


def facts(schema: dict) -> dict[str, bool]:
    found = {}
    # The tag: one branch per kind fixing `type` with const (or a one-value enum), its own required set.
    tagged = {}
    for branch in branches(schema):
        tag = (branch.get("properties") or {}).get("type") or {}
        value = tag.get("const", (tag.get("enum") or [None])[0] if len(tag.get("enum") or []) == 1 else None)
        if value is not None:
            tagged[value] = branch
    found["tag: one branch per kind"] = set(tagged) == set(KINDS)
    for kind, shape in KINDS.items():
        required = set((tagged.get(kind) or {}).get("required") or [])
        found[f"required set of {kind}"] = set(shape["required"]) | {"type"} <= required and not set(shape["optional"]) & required
    found["enum level"] = set((member(schema, "level") or {}).get("enum") or []) == set(LEVELS)
    button = member(schema, "button") or {}
    found["enum button"] = set(button.get("enum") or []) == set(BUTTONS)
    for name, fmt in [("at", "date-time"), ("user", "email"), ("id", "uuid"), ("ip", "ipv4")]:
        found[f"format {fmt}"] = (member(schema, name) or {}).get("format") == fmt
    counters = member(schema, "counters") or {}
    found["map counters"] = isinstance(counters.get("additionalProperties"), dict) and not counters.get("properties")
    found["integer seq"] = types(member(schema, "seq")) == {"integer"}
    found["number weight"] = types(member(schema, "weight")) == {"number"}
    found["nullable note"] = types(member(schema, "note")) == {"string", "null"}
    top_required = set(schema.get("required") or [])
    for branch in tagged.values():
        top_required |= set(branch.get("required") or [])
    found["optional session"] = member(schema, "session") is not None and "session" not in top_required
    return found


def validator(schema: dict):
    import jsonschema
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return cls(schema, format_checker=cls.FORMAT_CHECKER)


def main() -> None:
    keepsake = sys.argv[1]
    train = int(sys.argv[2]) if len(sys.argv) > 2 else 2_000
    fresh = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    from genson import SchemaBuilder

    rng = random.Random(seed)
    records = [record(rng, i) for i in range(train)]
    with tempfile.TemporaryDirectory() as folder:
        lines = Path(folder) / "train.jsonl"
        lines.write_text("".join(json.dumps(r) + "\n" for r in records))
        result = subprocess.run([keepsake, "schema", "infer", str(lines)], capture_output=True, text=True, check=True)
        ours = json.loads(result.stdout)
    builder = SchemaBuilder()
    for r in records:
        builder.add_object(r)
    theirs = builder.to_schema()

    fresh_rng = random.Random(seed + 1_000)
    fresh_records = [record(fresh_rng, train + i) for i in range(fresh)]
    wrong_records = [w for r in fresh_records for w in wrongs(fresh_rng, r)]
    rows = []
    for name, schema in [("keepsake", ours), ("GenSON", theirs)]:
        found = facts(schema)
        check = validator(schema)
        accepted = sum(check.is_valid(r) for r in fresh_records)
        rejected_by = {}
        for kind, value in wrong_records:
            counts = rejected_by.setdefault(kind, [0, 0])
            counts[0] += not check.is_valid(value)
            counts[1] += 1
        rejected = sum(c[0] for c in rejected_by.values())
        rows.append((name, found, accepted, rejected, rejected_by))
    print(f"{train:,} training records, {fresh:,} fresh, {len(wrong_records):,} planted-wrong (seed {seed})\n")
    print(f"{'':34}" + "".join(f"{name:>12}" for name, *_ in rows))
    for fact in rows[0][1]:
        print(f"{fact:34}" + "".join(f"{('yes' if found[fact] else 'no'):>12}" for _, found, *_ in rows))
    print(f"{'facts recovered':34}" + "".join(f"{sum(f.values()) / len(f):>11.1%} " for _, f, *_ in rows))
    print(f"{'fresh samples accepted':34}" + "".join(f"{a / fresh:>11.1%} " for _, _, a, *_ in rows))
    for kind in rows[0][4]:
        print(f"{'  wrong: ' + kind:34}" + "".join(f"{r[4][kind][0] / r[4][kind][1]:>11.1%} " for r in rows))
    print(f"{'planted-wrong samples rejected':34}" + "".join(f"{r / len(wrong_records):>11.1%} " for _, _, _, r, _ in rows))


if __name__ == "__main__":
    main()
