#!/usr/bin/env bash
# Builds keepsake's release binary self-contained and packs it for people without a Swift toolchain.
#
#   Scripts/package.sh            # from a clean checkout; ~10 minutes on two cores the first time
#
# Writes dist/:
#   keepsake                              the stripped binary (Swift runtime and Foundation linked in)
#   keepsake.debug                        its symbols, kept aside for crash reports (gdb finds them
#                                         through the binary's .gnu_debuglink)
#   keepsake_VERSION_ARCH.deb             /usr/bin, the manual, bash/zsh/fish completions, the licences
#   keepsake-VERSION-linux-MACHINE.tar.gz the same files and install.sh (prefix ~/.local by default)
#   SHA256SUMS                            for the three files above
#
# `-static-stdlib` (SwiftPM's --static-swift-stdlib), not the static Linux SDK: the SDK (musl) is a
# separate download from swift.org that this machine cannot reach, and a musl binary would also link
# ncurses and SQLite statically, where Debian's own libraries get their security updates through
# `Depends:`. What stays dynamic is what every Debian system has: libc, libm, libstdc++, libgcc_s,
# ncursesw/tinfo, sqlite3, zlib (checked below with ldd).
#
# Needs: the Swift toolchain, binutils (objcopy), dpkg-dev (dpkg-shlibdeps) — all on this machine.
set -euo pipefail
trap 'echo "package.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/.."
started=$SECONDS
scratch=${KEEPSAKE_PACKAGE_SCRATCH:-.build-release}

# The commit --version names (read by the manifest), marked when the checkout has changes.
KEEPSAKE_COMMIT=$(git rev-parse HEAD 2>/dev/null || true)
if [ -n "$KEEPSAKE_COMMIT" ] && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  KEEPSAKE_COMMIT="$KEEPSAKE_COMMIT with uncommitted changes"
fi
export KEEPSAKE_COMMIT

echo "== building (release, static Swift runtime) in $scratch"
# --no-export-dynamic: the static runtime's link options export every symbol of the program for
# dlsym, which nothing in keepsake uses; 4.4 MB of symbol tables and their relocations.
swift build -c release --product keepsake --static-swift-stdlib --scratch-path "$scratch" -Xlinker --no-export-dynamic
built="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/keepsake"

rm -rf dist
mkdir -p dist
objcopy --only-keep-debug "$built" dist/keepsake.debug
objcopy --strip-all --add-gnu-debuglink=dist/keepsake.debug "$built" dist/keepsake
chmod 755 dist/keepsake

version_line=$(dist/keepsake --version)
version=${version_line%% *}
if [ -n "$KEEPSAKE_COMMIT" ] && [ "$version_line" != "$version (commit $KEEPSAKE_COMMIT)" ]; then
  echo "package.sh: --version says '$version_line', the checkout is at $KEEPSAKE_COMMIT" >&2
  exit 1
fi
echo "== keepsake --version: $version_line"

# The binary must not need the toolchain: every library it loads resolves, and none from the
# toolchain's folder.
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")  # …/usr/bin/swift
libraries=$(ldd dist/keepsake)
echo "$libraries"
if grep -q "not found" <<< "$libraries" || grep -qF "$toolchain" <<< "$libraries"; then
  echo "package.sh: the binary needs libraries a Debian system lacks (above)" >&2
  exit 1
fi
if nm -D dist/keepsake.debug 2>/dev/null | grep -q SwiftSyntax || nm dist/keepsake.debug | grep -q '\$s11SwiftSyntax'; then
  echo "package.sh: swift-syntax is linked into the binary (only the macro plugin needs it)" >&2
  exit 1
fi

arch=$(dpkg --print-architecture)
machine=$(uname -m)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The licences of what the binary holds: keepsake's, the Swift runtime's and Foundation's, and each
# package linked in (the test-only packages and swift-syntax, which only the macro plugin uses, are not).
write_copyright() {
  echo "keepsake — Copyright the Keepsake authors. Licensed under the Apache License 2.0:"
  echo "/usr/share/doc/keepsake/LICENSE (or share/doc/keepsake/LICENSE under the tarball's prefix)."
  echo
  echo "The binary links the following statically; each notice follows as its project ships it."
  echo "Foundation's internationalisation data and code (swift-foundation-icu) is ICU, under the"
  echo "Unicode License v3 (https://www.unicode.org/license.txt). The JSON Schema meta-schemas are"
  echo "embedded under the licence that follows them."
  local notice
  for notice in "$toolchain/usr/share/swift/LICENSE.txt" Sources/JSONSchema/Embedded/LICENSE-json-schema-spec \
    "$scratch"/checkouts/*/LICENSE* "$scratch"/checkouts/*/NOTICE*; do
    case "$notice" in
      */swift-syntax/*|*/swift-macro-testing/*|*/swift-snapshot-testing/*|*/swift-custom-dump/*|*/xctest-dynamic-overlay/*) continue ;;
    esac
    printf '\n==== %s ====\n\n' "$(sed -e "s|^$toolchain/usr/share/swift/|the Swift runtime and Foundation: |" \
      -e "s|^$scratch/checkouts/||" -e "s|^Sources/JSONSchema/Embedded/||" <<< "$notice")"
    cat "$notice"
  done
}

# The files both packages hold, under a prefix ($1) with completion folders as named ($2 zsh, $3 fish).
lay_out() {
  local root=$1 zsh_dir=$2 fish_dir=$3
  install -D -m 755 dist/keepsake "$root/bin/keepsake"
  mkdir -p "$root/share/man/man1" "$root/share/bash-completion/completions" "$root/$zsh_dir" "$root/$fish_dir" \
    "$root/share/doc/keepsake"
  gzip -9n < docs/keepsake.1 > "$root/share/man/man1/keepsake.1.gz"
  dist/keepsake --generate-completion-script bash > "$root/share/bash-completion/completions/keepsake"
  dist/keepsake --generate-completion-script zsh > "$root/$zsh_dir/_keepsake"
  dist/keepsake --generate-completion-script fish > "$root/$fish_dir/keepsake.fish"
  write_copyright > "$root/share/doc/keepsake/copyright"
  install -m 644 LICENSE "$root/share/doc/keepsake/LICENSE"
  find "$root" -type f ! -path "$root/bin/*" -exec chmod 644 {} +
}

echo "== the Debian package"
deb_root="$work/deb"
lay_out "$deb_root/usr" share/zsh/vendor-completions share/fish/vendor_completions.d
mkdir -p "$work/shlibs/debian" "$deb_root/DEBIAN"
printf 'Source: keepsake\n\nPackage: keepsake\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$deb_root/usr/bin/keepsake" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
test -n "$depends"
cat > "$deb_root/DEBIAN/control" <<EOF
Package: keepsake
Version: $version
Architecture: $arch
Maintainer: Keepsake maintainers <maintainers@keepsake.invalid>
Installed-Size: $(du -sk "$deb_root/usr" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: lossless, typed browser and editor for JSON files and records
 keepsake browses and edits JSON, JSON with comments, JSON5, JSON Lines and
 JSON records in SQLite or PostgreSQL under a model: it shows which fields a
 model knows, which it keeps without knowing and which variant each value is,
 and saving changes only the edited bytes.
EOF
deb="dist/keepsake_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb_root" "$deb" > /dev/null
echo "Depends: $depends"

echo "== the tarball"
name="keepsake-$version-linux-$machine"
tar_root="$work/$name"
lay_out "$tar_root" share/zsh/site-functions share/fish/vendor_completions.d
install -m 755 Scripts/install.sh "$tar_root/install.sh"
tar -C "$work" --owner=0 --group=0 --numeric-owner --sort=name -czf "dist/$name.tar.gz" "$name"

(cd dist && sha256sum "$(basename "$deb")" "$name.tar.gz" keepsake > SHA256SUMS)
echo "== dist/ (in $((SECONDS - started)) s)"
ls -l dist
cat dist/SHA256SUMS
