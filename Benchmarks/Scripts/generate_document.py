#!/usr/bin/env python3
"""Writes a deterministic pretty-printed JSON document of about SIZE_MB megabytes (records of people)."""
import sys

def main() -> None:
    size_mb, out = int(sys.argv[1]), sys.argv[2]
    names = ["Ada Lovelace", "Grace Hopper", "山田 花子", "José Ñúñez", "Zoë 😀", 'Alan \\"Turing\\"']
    target = size_mb * 1_000_000
    written = 0
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        head = '{\n  "version": 3,\n  "records": [\n'
        f.write(head)
        written += len(head)
        i = 0
        while written < target:
            record = (
                ("" if i == 0 else ",\n")
                + "    {\n"
                + f'      "id": {i},\n'
                + f'      "name": "{names[i % len(names)]}",\n'
                + f'      "age": {18 + i % 70},\n'
                + f'      "score": {(i % 1000) / 8},\n'
                + f'      "active": {"true" if i % 3 == 0 else "false"},\n'
                + '      "email": null,\n'
                + f'      "tags": ["alpha", "beta", "{i % 17}"],\n'
                + f'      "address": {{"street": "{i % 999} Long Street", "city": "Springfield", "geo": [{i % 180 - 90.5}, {i % 360 - 180.25}]}},\n'
                + f'      "balance": 1234567890123456789{i % 10}\n'
                + "    }"
            )
            f.write(record)
            written += len(record.encode("utf-8"))
            i += 1
        f.write("\n  ]\n}\n")

if __name__ == "__main__":
    main()
