#!/bin/sh
# Installs keepsake from this unpacked tarball under a prefix, or removes it again.
#
#   ./install.sh                      # into ~/.local (bin/keepsake, share/man, completions)
#   ./install.sh --prefix /usr/local  # elsewhere (as root for a system folder)
#   ./install.sh --uninstall [--prefix DIR]
#
# Removing deletes exactly the files this tarball holds, and the folders the install made that are
# empty afterwards; folders that were there before stay.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix="$HOME/.local"
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
# The folders the install made, so that removing takes them and only them.
made="$prefix/share/doc/keepsake/installed-folders"

files() { (cd "$here" && find bin share -type f | sort); }

if [ "$action" = uninstall ]; then
  [ -f "$prefix/bin/keepsake" ] || { echo "install.sh: keepsake is not installed under $prefix" >&2; exit 1; }
  folders=$(cat "$made" 2>/dev/null || true)
  files | while IFS= read -r file; do rm -f "$prefix/$file"; done
  rm -f "$made"
  # Deepest first, so a parent is tried after its children.
  printf '%s\n' "$folders" | sort -r | while IFS= read -r folder; do
    [ -n "$folder" ] && rmdir "$prefix/$folder" 2>/dev/null || true
  done
  echo "keepsake removed from $prefix"
  exit 0
fi

new_folders=$( (cd "$here" && find bin share -type d | sort) | while IFS= read -r folder; do
  [ -d "$prefix/$folder" ] || echo "$folder"
done)
mkdir -p "$prefix"
files | while IFS= read -r file; do
  mkdir -p "$(dirname "$prefix/$file")"
  cp "$here/$file" "$prefix/$file"
done
# Folders above bin/ and share/ that the install made (a prefix that did not exist) are kept
# on removal: they are the prefix itself.
printf '%s\n' "$new_folders" | sed '/^$/d' > "$made"
echo "keepsake installed under $prefix:"
echo "  $prefix/bin/keepsake  (make sure $prefix/bin is on PATH)"
echo "  the manual: man keepsake (found through PATH)"
echo "  completions: bash and fish find them by themselves under ~/.local and /usr/local; for another"
echo "  prefix add $prefix/share to XDG_DATA_DIRS; for zsh add $prefix/share/zsh/site-functions"
echo "  to fpath before compinit"
