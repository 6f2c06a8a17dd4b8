#!/usr/bin/env bash
# Before/after benchmarks of two revisions, interleaved: builds each
# package's test binary at OLDREV and in the working tree, runs the two
# alternately ROUNDS times, and prints benchstat's comparison. On the
# interleaved Compare benchmarks (internal/benchutil) the speedup-<peer>
# rows are the peer-normalized figures, the ones to quote on a shared
# machine; sec/op moves with the machine's load.
#
#   scripts/benchcmp.sh [-rounds 6] [-tags purego] [-bench Compare] [-benchtime 1s] \
#       OLDREV PKG[=OLDPKG][@BENCH] ...
#
#   scripts/benchcmp.sh a5558d9 ./p256 ./interop/curve25519=./curve25519 ./ed25519@Interleaved
#
# PKG is a package directory relative to the root (a nested module's too:
# go.work covers them); OLDPKG is where it was at OLDREV, if it moved;
# BENCH replaces -bench for that package.
# BENCHCMP_OUT keeps the raw files (PKG.old.txt, PKG.new.txt) in a folder.
# The files carry no pkg: line, so that a package that moved is compared
# with its old self.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

rounds=6 tags="" bench=Compare benchtime=1s
while [[ $# -gt 0 && $1 == -* ]]; do
  case $1 in
  -rounds) rounds=$2; shift 2 ;;
  -tags) tags=$2; shift 2 ;;
  -bench) bench=$2; shift 2 ;;
  -benchtime) benchtime=$2; shift 2 ;;
  *) echo "benchcmp: unknown flag $1" >&2; exit 2 ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "usage: scripts/benchcmp.sh [-rounds N] [-tags T] [-bench RE] [-benchtime D] OLDREV PKG[=OLDPKG][@BENCH] ..." >&2
  exit 2
fi
oldrev=$1
shift

work=$(mktemp -d)
cleanup() {
  git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
git worktree add -q --detach "$work/old" "$oldrev"
out=${BENCHCMP_OUT:-$work/out}
mkdir -p "$out"
benchstat="go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da"
tagflag=()
[[ -n $tags ]] && tagflag=(-tags "$tags")

for spec in "$@"; do
  pkgbench=$bench
  if [[ $spec == *@* ]]; then
    pkgbench=${spec#*@}
    spec=${spec%%@*}
  fi
  newpkg=${spec%%=*}
  oldpkg=${spec#*=}
  name=$(echo "${newpkg#./}" | tr / _)
  go test -c "${tagflag[@]}" -o "$work/$name.new" "$newpkg"
  (cd "$work/old" && go test -c "${tagflag[@]}" -o "$work/$name.old" "$oldpkg")
  : >"$out/$name.old.txt"
  : >"$out/$name.new.txt"
  for _ in $(seq "$rounds"); do
    (cd "$root/$newpkg" && "$work/$name.new" -test.run '^$' -test.bench "$pkgbench" -test.benchtime "$benchtime") |
      grep -E '^(Benchmark|goos|goarch|cpu)' >>"$out/$name.new.txt"
    (cd "$work/old/$oldpkg" && "$work/$name.old" -test.run '^$' -test.bench "$pkgbench" -test.benchtime "$benchtime") |
      grep -E '^(Benchmark|goos|goarch|cpu)' >>"$out/$name.old.txt"
  done
  echo "## $newpkg (old: $oldrev ${oldpkg}; ${tags:-default build}; $rounds rounds)"
  (cd "$out" && $benchstat "$name.old.txt" "$name.new.txt")
  echo
done
