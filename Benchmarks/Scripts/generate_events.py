#!/usr/bin/env python3
"""Writes deterministic JSON Lines of events, about SIZE_MB megabytes, with planted facts for schema
inference: three kinds tagged by "type" (click: x, y; key: code; scroll: dy), a nested user with a
name from five and an email, an RFC 3339 date-time, an integer id, a number score, an array of tags,
and a "note" that is null on every seventh line.

    generate_events.py SIZE_MB OUT.jsonl
"""
import json
import sys


def main() -> None:
    size_mb, out = int(sys.argv[1]), sys.argv[2]
    names = ["Ada Lovelace", "Grace Hopper", "山田 花子", "José Ñúñez", "Zoë 😀"]
    kinds = ["click", "key", "scroll"]
    target = size_mb * 1_000_000
    written = 0
    i = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        while written < target:
            kind = kinds[i % 3]
            record = {"id": i, "type": kind, "user": {"name": names[i % 5], "email": f"u{i % 1000}@example.com"},
                      "at": f"2026-11-{1 + i % 28:02d}T10:{i % 60:02d}:00Z", "score": (i % 1000) / 8, "tags": ["a", "b", str(i % 17)]}
            if kind == "click":
                record.update(x=i % 800, y=i % 600)
            elif kind == "key":
                record.update(code=chr(65 + i % 26))
            else:
                record.update(dy=(i % 50) - 25.5)
            if i % 7 == 0:
                record["note"] = None
            line = json.dumps(record, ensure_ascii=False) + "\n"
            f.write(line)
            written += len(line.encode())
            i += 1


if __name__ == "__main__":
    main()
