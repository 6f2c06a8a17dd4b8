#!/usr/bin/env bash
# Portability matrix: runs the test suite on every target curvekit supports and
# prints pass/fail and wall time per target.
#
#   scripts/crosstest.sh                 # every target
#   scripts/crosstest.sh 386 mips wasm   # some targets
#   scripts/crosstest.sh -list           # the target names
#
# amd64 rows run natively and in full. Every other row runs under emulation
# (qemu-user, or Node.js for js/wasm) with -short, which trims the long random
# loops and the big known-answer files; CROSSTEST_FLAGS adds go test flags
# (e.g. CROSSTEST_FLAGS=-v), CROSSTEST_PKGS replaces "./... ./interop/..." (the
# library and the differential tests against the peers). Installs qemu-user
# (apt) and Node.js (apt) when missing. Exits non-zero if any target failed.
set -uo pipefail
cd "$(dirname "$0")/.."

targets_all=(amd64 amd64-purego amd64-curvekit32 386 armv7 armv5 arm64 riscv64 ppc64le s390x mips wasm)

if [ "${1:-}" = "-list" ]; then printf '%s\n' "${targets_all[@]}"; exit 0; fi
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${targets_all[@]}")

need_qemu=0 need_node=0
for t in "${targets[@]}"; do
  case "$t" in
  amd64*) ;;
  wasm) need_node=1 ;;
  *) need_qemu=1 ;;
  esac
done
apt_install() {
  export DEBIAN_FRONTEND=noninteractive
  local sudo=
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "$@" >/dev/null
}
if [ $need_qemu = 1 ]; then
  for emu in qemu-i386 qemu-arm qemu-aarch64 qemu-riscv64 qemu-ppc64le qemu-s390x qemu-mips; do
    if ! command -v "$emu" >/dev/null 2>&1; then
      echo "installing qemu-user (missing $emu)"; apt_install qemu-user || exit 1; break
    fi
  done
fi
if [ $need_node = 1 ] && ! command -v node >/dev/null 2>&1; then
  echo "installing Node.js"; apt_install nodejs || exit 1
fi

# The go command runs a cross-built test binary through go_$GOOS_$GOARCH_exec
# on PATH; js/wasm's wrapper ships with Go (lib/wasm since Go 1.24, misc/wasm
# before).
bindir=$(mktemp -d)
trap 'rm -rf "$bindir"' EXIT
for arch in 386 arm arm64 riscv64 ppc64le s390x mips; do
  ln -s "$PWD/scripts/qemu_exec" "$bindir/go_linux_${arch}_exec"
done
goroot=$(go env GOROOT)
for d in "$goroot/lib/wasm" "$goroot/misc/wasm"; do
  if [ -x "$d/go_js_wasm_exec" ]; then wasmdir=$d; break; fi
done
export PATH="$bindir:${wasmdir:+$wasmdir:}$PATH"

pkgs=${CROSSTEST_PKGS:-./... ./interop/...}
extra=${CROSSTEST_FLAGS:-}
declare -a summary
failed=0
for t in "${targets[@]}"; do
  env=() flags=(-short -timeout 90m)
  case "$t" in
  amd64) env=(GOARCH=amd64) flags=(-timeout 30m) ;;
  amd64-purego) env=(GOARCH=amd64) flags=(-tags purego -timeout 30m) ;;
  amd64-curvekit32) env=(GOARCH=amd64) flags=(-tags curvekit32 -timeout 30m) ;;
  386) env=(GOARCH=386) ;;
  armv7) env=(GOARCH=arm GOARM=7) ;;
  armv5) env=(GOARCH=arm GOARM=5) ;;
  arm64 | riscv64 | ppc64le | s390x | mips) env=(GOARCH=$t) ;;
  wasm) env=(GOOS=js GOARCH=wasm) ;;
  *) echo "unknown target $t (see -list)"; exit 2 ;;
  esac
  printf '\n=== %s: %s go test %s %s %s\n' "$t" "${env[*]}" "${flags[*]}" "$extra" "$pkgs"
  start=$(date +%s)
  # shellcheck disable=SC2086
  env "${env[@]}" go test "${flags[@]}" $extra $pkgs
  rc=$?
  secs=$(($(date +%s) - start))
  if [ $rc = 0 ]; then res=pass; else res=FAIL; failed=1; fi
  summary+=("$(printf '%-18s %-4s %5ds  %s' "$t" "$res" "$secs" "${flags[*]}")")
  printf -- '--- %s: %s in %ds\n' "$t" "$res" "$secs"
done

printf '\n=== crosstest summary (%s)\n' "$(go version)"
printf '%s\n' "${summary[@]}"
exit $failed
