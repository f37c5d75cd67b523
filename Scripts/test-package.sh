#!/usr/bin/env bash
# Tests dist/ (from Scripts/package.sh) as a stranger would use it: with the Swift toolchain's
# folder hidden, installs the .deb with apt-get and the tarball with its install.sh (under a given
# prefix and under the default ~/.local), uses each — the browser under tmux, get/set/validate/db on
# the samples, the manual, the completions — removes each, and checks nothing is left.
#
#   sudo Scripts/test-package.sh        # as root: apt-get, and a private mount namespace (unshare -m)
#
# Installs what it lacks (tmux, man-db, zsh, fish) with apt-get, as .ci/run does.
set -euo pipefail
trap 'echo "test-package.sh: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/.."
repo=$PWD

if [ "${1:-}" != --hidden-toolchain ]; then
  [ "$(id -u)" = 0 ] || { echo "test-package.sh: run as root (apt-get, unshare -m)" >&2; exit 2; }
  ls dist/keepsake_*.deb dist/keepsake-*.tar.gz > /dev/null
  (cd dist && sha256sum --check --quiet SHA256SUMS)
  need=()
  for pkg in tmux man-db zsh fish bash-completion; do dpkg -s "$pkg" > /dev/null 2>&1 || need+=("$pkg"); done
  if [ ${#need[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" > /dev/null
  fi
  if dpkg -s keepsake > /dev/null 2>&1; then
    echo "test-package.sh: a keepsake package is installed already; remove it first" >&2; exit 2
  fi
  toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")  # …/usr/bin/swift
  case "$toolchain" in
    /|/usr|/usr/local) echo "test-package.sh: Swift is installed in $toolchain, which cannot be hidden alone" >&2; exit 2 ;;
  esac
  # A private mount namespace: the empty folder over the toolchain is seen only by this test.
  exec unshare --mount --propagation private env KEEPSAKE_TOOLCHAIN="$toolchain" "$0" --hidden-toolchain
fi

started=$SECONDS
mount -t tmpfs -o size=1m keepsake-hidden-toolchain "$KEEPSAKE_TOOLCHAIN"
if command -v swift > /dev/null || [ -n "$(ls -A "$KEEPSAKE_TOOLCHAIN")" ]; then
  echo "test-package.sh: the toolchain at $KEEPSAKE_TOOLCHAIN is still visible" >&2; exit 1
fi
if ldconfig -p | grep -q libswiftCore; then
  echo "test-package.sh: a Swift runtime is installed system-wide, so the test would prove nothing" >&2; exit 1
fi
echo "== the toolchain at $KEEPSAKE_TOOLCHAIN is hidden"

scratch=$(mktemp -d /tmp/keepsake-test-package.XXXXXX)
socket="keepsake-test-package-$$"
deb_installed=0
cleanup() {
  tmux -L "$socket" kill-server 2> /dev/null || true
  # A failed run removes the package it installed (the run started with none).
  if [ $deb_installed = 1 ]; then apt-get remove --purge -y -qq keepsake > /dev/null 2>&1 || true; fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# Waits (deadline 20 s) until the pane shows $2; fails with the pane's text otherwise.
wait_for_screen() {
  local session=$1 text=$2 deadline=$((SECONDS + 20))
  until tmux -L "$socket" capture-pane -t "$session" -p 2> /dev/null | grep -qF "$text"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "the browser did not show '$text':" >&2
      tmux -L "$socket" capture-pane -t "$session" -p >&2 || true
      exit 1
    fi
    sleep 0.05
  done
}

# Uses an installed keepsake ($1) as the README does, in a fresh copy of the samples.
exercise() {
  local keepsake=$1 work
  work=$(mktemp -d "$scratch/use.XXXXXX")
  cp -r "$repo/Samples" "$work/"
  cd "$work"
  "$keepsake" --version | grep -q "commit"
  test "$("$keepsake" get Samples/people.json '.[1].id')" = 12345678901234567890
  "$keepsake" set Samples/people.json '.[0].age' 32
  test "$("$keepsake" get Samples/people.json '.[0].age')" = 32
  test "$(cd "$repo" && git diff --no-index --numstat Samples/people.json "$work/Samples/people.json" | cut -f1-2)" = "1	1"
  "$keepsake" validate Samples/people.json Samples/usages.json > /dev/null
  if "$keepsake" validate Samples/people.json --model Usage > /dev/null 2>&1; then
    echo "validate accepted people.json as Usage" >&2; exit 1
  fi
  "$keepsake" sample-db store.sqlite > /dev/null
  "$keepsake" db types store.sqlite | grep -q Person
  test "$("$keepsake" db count store.sqlite Person)" -gt 0
  # The browser in a real terminal: the first screen, a move, quitting.
  tmux -L "$socket" new-session -d -s browse -x 100 -y 30 "$keepsake Samples/people.json"
  wait_for_screen browse "Person ×3"
  tmux -L "$socket" send-keys -t browse j
  wait_for_screen browse "row 2 of"
  tmux -L "$socket" send-keys -t browse q
  local deadline=$((SECONDS + 20))
  while tmux -L "$socket" has-session -t browse 2> /dev/null; do
    [ $SECONDS -lt $deadline ] || { echo "the browser did not quit on q" >&2; exit 1; }
    sleep 0.05
  done
  cd "$repo"
}

# The completions as each shell loads them from its standard folders, in an environment given as
# `env` arguments ($2…): completing `keepsake ge` offers `get` in bash and fish; zsh's completer loads
# from the folder $1 on fpath.
check_completions() {
  local zsh_folder=$1
  shift
  env "$@" bash -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion keepsake
    COMP_WORDS=(keepsake ge); COMP_CWORD=1; COMP_LINE="keepsake ge"; COMP_POINT=${#COMP_LINE}
    $(complete -p keepsake | sed -n "s/.* -F \([^ ]*\) keepsake$/\1/p") keepsake ge keepsake
    printf "%s\n" "${COMPREPLY[@]}"' | grep -qx get
  env "$@" fish -c 'complete -C "keepsake ge"' | grep -q '^get'
  env "$@" zsh -f -c "fpath=($zsh_folder \$fpath); autoload -U compinit; compinit -u -D; [[ \${_comps[keepsake]} == _keepsake ]]"
}

echo "== the Debian package"
deb=$(ls "$repo"/dist/keepsake_*.deb)
deb_installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" > "$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log"; exit 1; }
test "$(command -v keepsake)" = /usr/bin/keepsake
exercise /usr/bin/keepsake
MANPAGER=cat man keepsake 2> /dev/null | grep -q "Browse and edit a JSON file"
check_completions /usr/share/zsh/vendor-completions -u XDG_DATA_DIRS
dpkg-deb --contents "$deb" | awk '{print substr($6, 2)}' | grep -v '/$' > "$scratch/deb-files"
DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -qq keepsake > "$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log"; exit 1; }
if dpkg -s keepsake > /dev/null 2>&1; then echo "the package is still installed" >&2; exit 1; fi
deb_installed=0
left=0
while IFS= read -r file; do
  if [ -e "$file" ]; then echo "left behind: $file" >&2; left=1; fi
done < "$scratch/deb-files"
[ $left = 0 ]
[ ! -e /usr/share/doc/keepsake ]
echo "installed, used, removed: $(wc -l < "$scratch/deb-files") files, none left"

echo "== the tarball"
tar -C "$scratch" -xzf "$(ls "$repo"/dist/keepsake-*.tar.gz)"
unpacked=$(ls -d "$scratch"/keepsake-*/)
for prefix in "$scratch/prefix" "$scratch/home/.local"; do
  mkdir -p "$scratch/home"
  if [ "$prefix" = "$scratch/prefix" ]; then
    "$unpacked/install.sh" --prefix "$prefix" > /dev/null
  else
    # The default prefix, where a person's own files already are: removing keepsake keeps them.
    mkdir -p "$prefix/bin" && echo mine > "$prefix/bin/own-tool"
    HOME="$scratch/home" "$unpacked/install.sh" > /dev/null
  fi
  exercise "$prefix/bin/keepsake"
  # man-db finds a prefix's manual from PATH (bin/ → share/man).
  test "$(PATH="$prefix/bin:/usr/bin:/bin" man -w keepsake)" = "$prefix/share/man/man1/keepsake.1.gz"
  if [ "$prefix" = "$scratch/prefix" ]; then  # a prefix of one's own: its share/ named, as install.sh says
    check_completions "$prefix/share/zsh/site-functions" XDG_DATA_DIRS="$prefix/share:/usr/share" PATH="$prefix/bin:$PATH"
  else  # ~/.local: bash-completion and fish look there by themselves
    check_completions "$prefix/share/zsh/site-functions" -u XDG_DATA_DIRS -u XDG_DATA_HOME HOME="$scratch/home" PATH="$prefix/bin:$PATH"
  fi
  HOME="$scratch/home" "$unpacked/install.sh" --prefix "$prefix" --uninstall > /dev/null
  if [ "$prefix" = "$scratch/home/.local" ]; then
    test "$(cat "$prefix/bin/own-tool")" = mine  # the person's file, and its folder, stay
    rm "$prefix/bin/own-tool" && rmdir "$prefix/bin"
  fi
  if [ -n "$(find "$prefix" -mindepth 1 | head -1)" ]; then
    echo "left behind under $prefix:" >&2; find "$prefix" -mindepth 1 >&2; exit 1
  fi
  echo "installed under $prefix, used, removed: nothing left"
done
echo "== passed in $((SECONDS - started)) s"
