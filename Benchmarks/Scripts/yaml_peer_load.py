#!/usr/bin/env python3
"""Loads every document of a YAML stream with a peer, for the YAML benchmarks:

    python3 Benchmarks/Scripts/yaml_peer_load.py ruamel FILE     ruamel.yaml's round-trip loader (keeps comments and styles)
    python3 Benchmarks/Scripts/yaml_peer_load.py pyyaml-c FILE   PyYAML's C loader over libyaml (CSafeLoader; YAML 1.1)
"""
import sys

peer, path = sys.argv[1], sys.argv[2]
count = 0
with open(path, encoding="utf-8") as stream:
    if peer == "ruamel":
        from ruamel.yaml import YAML
        for _ in YAML(typ="rt").load_all(stream):
            count += 1
    else:
        import yaml
        for _ in yaml.load_all(stream, Loader=yaml.CSafeLoader):
            count += 1
print(count, "documents")
