#!/bin/sh
# Builds C tor's src/core/crypto/hs_ntor.c, unmodified, with tor's
# primitives (curve25519_handshake, crypto_mac_sha3_256, crypto_xof, …)
# supplied by shim.c on OpenSSL, and runs it on the inputs of
# ../tor-hs_ntor_ref.txt. Its output is ../tor-hs_ntor_c.txt.
#
#   TOR=/path/to/tor/checkout sh build.sh > ../tor-hs_ntor_c.txt
#
# (tor commit 3cb6a690be60fcdab60130402ff88dcfc0657596; needs gcc and the
# OpenSSL 3 headers.)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/inc/core/or" "$work/inc/core/crypto" "$work/inc/lib/crypt_ops"
cp "$here/inc/core/or/or.h" "$work/inc/core/or/"
cp "$TOR/src/core/crypto/hs_ntor.c" "$work/"
cp "$TOR/src/core/crypto/hs_ntor.h" "$work/inc/core/crypto/"
for f in crypto_util crypto_curve25519 crypto_ed25519; do
  echo '#include "core/or/or.h"' > "$work/inc/lib/crypt_ops/$f.h"
done
gcc -O1 -Wall -I"$work/inc" -o "$work/hsntorc" "$work/hs_ntor.c" "$here/shim.c" "$here/main.c" -lcrypto
"$work/hsntorc" < "$here/../tor-hs_ntor_ref.txt" | sed '$d'
