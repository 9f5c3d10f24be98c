#!/bin/bash
# Builds, without a module proxy, the module trees the harness needs and a go.work that points
# at them: each line of modules.txt names a module, the owner+name of its GitHub repository,
# the revision the reference's go.mod pins and, for a module in a subdirectory, that directory.
#
# usage: offline-setup.sh <git mirrors> <out>
#   <git mirrors>  a directory with a bare clone of each repository as <owner>+<name>/repo
#                  (or <owner>+<name>.git)
#   <out>          where the module trees and go.work are written
# then:  GOWORK=<out>/go.work GOPROXY=off GOTOOLCHAIN=local go build -o goref .
set -euo pipefail
mirrors=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

gitdir() {
  if [ -d "$mirrors/$1/repo" ]; then echo "$mirrors/$1/repo"; else echo "$mirrors/$1.git"; fi
}

while read -r mod repo rev sub; do
  case "$mod" in ''|'#'*) continue ;; esac
  dir="$out/m/$mod"
  [ -f "$dir/go.mod" ] && continue
  git_dir=$(gitdir "$repo")
  tmp=$(mktemp -d "$out/extract.XXXXXX")
  # A snapshot may lack large data files (golang.org/x/text's collation tables): take the
  # files one by one then, and name each one left out; the harness imports none of them.
  if ! git --git-dir="$git_dir" archive "$rev" ${sub:+"$sub"} 2>/dev/null | tar -x -C "$tmp" 2>/dev/null; then
    rm -rf "$tmp" && mkdir -p "$tmp"
    git --git-dir="$git_dir" ls-tree -r --name-only "$rev" -- ${sub:-.} | while read -r f; do
      mkdir -p "$tmp/$(dirname "$f")"
      git --git-dir="$git_dir" show "$rev:$f" > "$tmp/$f" 2>/dev/null || { rm -f "$tmp/$f"; echo "left out: $mod $f" >&2; }
    done
  fi
  mkdir -p "$(dirname "$dir")"
  mv "$tmp/${sub:-}" "$dir"
  rm -rf "$tmp"
  # Modules older than Go modules have no go.mod.
  [ -f "$dir/go.mod" ] || echo "module $mod" > "$dir/go.mod"
done < "$here/modules.txt"

{
  echo "go 1.26.0"
  echo
  echo "use $here"
  echo
  while read -r mod _; do
    case "$mod" in ''|'#'*) ;; *) echo "replace $mod => $out/m/$mod" ;; esac
  done < "$here/modules.txt"
} > "$out/go.work"
echo "wrote $out/go.work"
