#!/usr/bin/env python3
"""The size of keepsake's binary by part: which module or library each byte of code and data
belongs to, from the symbol table of the unstripped binary (dist/keepsake.debug by default).

    Scripts/binary_size.py [BINARY]

Swift symbols are attributed to the module their mangled name starts with; C and C++ symbols by
their prefix (ICU, BoringSSL, the Swift runtime, TOML++); what no symbol covers (unwind tables,
relocations, Swift's reflection sections) is listed by section. Sizes are of the loaded image,
before compression.
"""
import re
import subprocess
import sys
from collections import Counter

binary = sys.argv[1] if len(sys.argv) > 1 else "dist/keepsake.debug"

# Swift's standard-library substitutions ($sS…) and the runtime's C++ namespace.
RULES = [
    (re.compile(r"^icudt\d+_dat$"), "ICU data (Foundation's internationalisation)"),
    (re.compile(r"icu_\d\d|^u[a-z]*_[a-zA-Z]|^_ZL\d+(ucase|ubidi|props|uchar|unames|ulayout|unorm)"), "ICU code"),
    (re.compile(r"CNIOBoringSSL|CCryptoBoringSSL|^_ZL\d+ecp_nistz|^Keccak"), "BoringSSL, twice (swift-nio-ssl's and swift-crypto's)"),
    (re.compile(r"^_ZN5swift|^_ZL\d+_swift|^swift_|^_swift|^\$ss"), "Swift runtime and standard library"),
    (re.compile(r"^__CF|^_CF|^CF"), "CoreFoundation (C)"),
    (re.compile(r"dispatch"), "Dispatch (C)"),
    (re.compile(r"^_ZN4toml|^_ZNK4toml|toml"), "TOML++ (config.toml, through TOMLKit)"),
]
MODULE = re.compile(r"^\$s(\d+)")


def part_of(name: str) -> str:
    for pattern, part in RULES[:1]:
        if pattern.search(name):
            return part
    match = MODULE.match(name)
    if match:
        length = int(match.group(1))
        start = match.end()
        return "Swift: " + name[start:start + length]
    if name.startswith("$sS") or name.startswith("$s"):
        return "Swift runtime and standard library"
    for pattern, part in RULES[1:]:
        if pattern.search(name):
            return part
    return "other C and C++"


# .bss takes no room in the file. (In a file of symbols only, every section reads as .bss to nm, so
# the sections' own addresses say which symbols are there.)
headers = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
zeroed = []
for line in headers.splitlines():
    match = re.search(r"\]\s+(\.t?bss)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if match:
        zeroed.append((int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16)))

symbols = subprocess.run(["nm", "--size-sort", "-S", binary], capture_output=True, text=True, check=True).stdout
parts: Counter = Counter()
covered = 0
for line in symbols.splitlines():
    fields = line.split(maxsplit=3)
    if len(fields) != 4:
        continue
    address, size = int(fields[0], 16), int(fields[1], 16)
    if any(start <= address < end for start, end in zeroed):
        continue
    parts[part_of(fields[3])] += size
    covered += size

sections = subprocess.run(["size", "-A", binary], capture_output=True, text=True, check=True).stdout
loaded = Counter()
for line in sections.splitlines():
    fields = line.split()
    if len(fields) == 3 and fields[0].startswith((".", "swift5")) and fields[0] not in (".bss", ".tbss") \
            and not fields[0].startswith((".debug", ".comment", ".symtab", ".strtab", ".gnu_debuglink", ".note")):
        loaded[fields[0]] += int(fields[1])
image = sum(loaded.values())

print(f"{binary}: {image / 1e6:.1f} MB loaded ({covered / 1e6:.1f} MB in symbols)\n")
print(f"{'part':62} {'MB':>7} {'share':>6}")
swift_modules = Counter({k: v for k, v in parts.items() if k.startswith("Swift: ")})
others = Counter({k: v for k, v in parts.items() if not k.startswith("Swift: ")})
for part, size in (others + Counter({"Swift modules (below)": sum(swift_modules.values())})).most_common():
    print(f"{part:62} {size / 1e6:7.2f} {size / image:6.1%}")
print("\nSwift modules, the largest:")
for part, size in swift_modules.most_common(25):
    print(f"  {part[7:]:60} {size / 1e6:7.2f} {size / image:6.1%}")
print("\nNot in any symbol, by section:")
for section in (".eh_frame", ".eh_frame_hdr", ".rela.dyn", ".gcc_except_table", ".dynsym", ".dynstr"):
    if loaded[section]:
        print(f"  {section:60} {loaded[section] / 1e6:7.2f} {loaded[section] / image:6.1%}")
reflection = sum(v for k, v in loaded.items() if k.startswith("swift5"))
print(f"  {'swift5_* (reflection and conformance records)':60} {reflection / 1e6:7.2f} {reflection / image:6.1%}")
