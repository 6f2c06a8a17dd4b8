# Driver (written for curvekit's hsntor tests): runs tor's hs_ntor_ref.py
# functions on fixed inputs and prints their outputs.
import hashlib, sys
import slownacl_curve25519 as sc
import hs_ntor_ref as R

def key(secret):
    k = sc.Private()
    k.private = secret  # hs_ntor_ref's EXP() clamps the scalar itself
    return k

def h(label, n):
    return hashlib.sha512(label.encode()).digest()[:n]

for i in range(4):
    lab = "curvekit hsntor vector %d" % i
    b = key(h(lab + " b", 32)); B = b.get_public()
    x = key(h(lab + " x", 32)); X = x.get_public()
    y = key(h(lab + " y", 32))
    auth = h(lab + " auth", 32)
    sub = h(lab + " subcredential", 32)
    ek, mk = R.client_part1(auth, B, X, x, sub)
    R.PrivateKey = lambda: y
    sek, smk, sseed, smac, Y = R.service_part1(auth, X, b, B, sub)
    assert (ek, mk) == (sek, smk)
    cseed, cmac = R.client_part2(auth, X, x, B, Y)
    assert (cseed, cmac) == (sseed, smac)
    hx = lambda v: v.hex()
    print("auth_key =", hx(auth))
    print("subcredential =", hx(sub))
    print("b =", hx(b.serialize()))
    print("B =", hx(B.serialize()))
    print("x =", hx(x.serialize()))
    print("X =", hx(X.serialize()))
    print("y =", hx(y.serialize()))
    print("Y =", hx(Y.serialize()))
    print("enc_key =", hx(ek))
    print("mac_key =", hx(mk))
    print("ntor_key_seed =", hx(sseed))
    print("auth_input_mac =", hx(smac))
    print()
