#!/usr/bin/env bash
# Instruction counts of P-384 (and every other group) on 32-bit targets:
# ../shared/tools/icount with a P-384 op group added and its handshake
# group following Ace's current API. The tool has P-256
# rows but none for P-384; this script copies it to a temporary directory,
# adds the group (cmd/bench/p384 from p384.go.txt beside this script, and
# its row in the driver's group list) and runs it on this checkout.
#
#   scripts/icount/run.sh -arch 386,arm7 -ops p384 -repeat 3
#   scripts/icount/run.sh -arch 386,arm7 -ops handshake -repeat 3   # Ace ÷ ntor
#   ICOUNT=/path/to/icount scripts/icount/run.sh …   # the tool elsewhere
set -eu -o pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
ROOT=$(cd "$HERE/../.." && pwd -P)
SRC=${ICOUNT:-$ROOT/../shared/tools/icount}
[ -f "$SRC/run.sh" ] || { echo "icount not found at $SRC (set ICOUNT)"; exit 1; }
TMP=$(mktemp -d -t icount384.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cp -r "$SRC/." "$TMP/"
mkdir -p "$TMP/cmd/bench/p384"
cp "$HERE/p384.go.txt" "$TMP/cmd/bench/p384/main.go"
grep -q '"p384/keygen"' "$TMP/main.go" ||
	sed -i 's|^\(\t{"p256", \[\]string{"p256/keygen", "p256/sign", "p256/verify", "p256/ecdh"}},\)$|\1\n\t{"p384", []string{"p384/keygen", "p384/sign", "p384/verify", "p384/ecdh"}},|' "$TMP/main.go"
grep -q '"p384/keygen"' "$TMP/main.go" || { echo "could not add the p384 group to $SRC/main.go"; exit 1; }
# The tool's handshake group was written against an earlier Ace API; map it
# to the current one (the relay is a method receiver, keys come first).
sed -i -e 's/ace\.NodeIDSize/ace.IDSize/' \
	-e 's/ace\.NewClientHandshake(aceID, B)/ace.ClientHandshakePrecomputed(rand.Reader, aceID, B)/' \
	-e 's/ace\.ServerHandshake(msg, relay)/relay.ServerHandshake(rand.Reader, msg)/' \
	-e 's/ace\.NewClientHandshakeWithKeys(\([a-zA-Z]*\), \([a-zA-Z().]*\), \([a-z0-9]*\), \([a-z0-9]*\))/ace.ClientHandshakePrecomputedWithKeys(\3, \4, \1, \2)/' \
	-e 's/ace\.ServerHandshakeWithKey(msg, relay, \([a-z]*\))/relay.ServerHandshakeWithKey(\1, msg)/' \
	"$TMP/cmd/bench/handshake/main.go"
CHECKOUT=$ROOT "$TMP/run.sh" "$@"
