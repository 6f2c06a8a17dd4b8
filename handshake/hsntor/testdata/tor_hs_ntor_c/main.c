/* Driver (curvekit): runs C tor's hs_ntor.c on the inputs of
 * tor-hs_ntor_ref.txt (hex lines "name = value" on stdin, records separated
 * by blank lines) and prints each record with hs_ntor.c's outputs. */
#include "core/or/or.h"
#include "core/crypto/hs_ntor.h"
#include <openssl/evp.h>

static void hexin(const char *s, uint8_t *out, size_t n) {
  for (size_t i = 0; i < n; i++) sscanf(s + 2 * i, "%2hhx", &out[i]);
}
static void hexout(const char *name, const uint8_t *b, size_t n) {
  printf("%s = ", name);
  for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
  printf("\n");
}
static void pub(const uint8_t *sk, uint8_t *pk) {
  EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
  size_t n = 32;
  EVP_PKEY_get_raw_public_key(k, pk, &n);
  EVP_PKEY_free(k);
}

int main(void) {
  char line[4096], name[64], val[4096];
  uint8_t auth[32], sub[32], b[32], x[32], y[32];
  int have = 0;
  for (;;) {
    char *ok = fgets(line, sizeof line, stdin);
    if (ok && sscanf(line, "%63s = %4095s", name, val) == 2) {
      if (!strcmp(name, "auth_key")) hexin(val, auth, 32);
      if (!strcmp(name, "subcredential")) hexin(val, sub, 32);
      if (!strcmp(name, "b")) hexin(val, b, 32);
      if (!strcmp(name, "x")) hexin(val, x, 32);
      if (!strcmp(name, "y")) hexin(val, y, 32);
      have = 1;
      continue;
    }
    if (have) {
      ed25519_public_key_t ak; memcpy(ak.pubkey, auth, 32);
      hs_subcredential_t sc; memcpy(sc.subcred, sub, 32);
      curve25519_keypair_t bk, xk, yk;
      memcpy(bk.seckey.secret_key, b, 32); pub(b, bk.pubkey.public_key);
      memcpy(xk.seckey.secret_key, x, 32); pub(x, xk.pubkey.public_key);
      memcpy(yk.seckey.secret_key, y, 32); pub(y, yk.pubkey.public_key);
      hs_ntor_intro_cell_keys_t ci, si;
      hs_ntor_rend_cell_keys_t sr, cr;
      if (hs_ntor_client_get_introduce1_keys(&ak, &bk.pubkey, &xk, &sc, &ci) ||
          hs_ntor_service_get_introduce1_keys(&ak, &bk, &xk.pubkey, &sc, &si) ||
          hs_ntor_service_get_rendezvous1_keys(&ak, &bk, &yk, &xk.pubkey, &sr) ||
          hs_ntor_client_get_rendezvous1_keys(&ak, &xk, &bk.pubkey, &yk.pubkey, &cr) ||
          memcmp(&ci, &si, sizeof ci) || memcmp(&sr, &cr, sizeof sr) ||
          !hs_ntor_client_rendezvous2_mac_is_good(&cr, sr.rend_cell_auth_mac)) {
        fprintf(stderr, "hs_ntor.c: handshake failed\n");
        return 1;
      }
      uint8_t keys[HS_NTOR_KEY_EXPANSION_KDF_OUT_LEN];
      hs_ntor_circuit_key_expansion(sr.ntor_key_seed, 32, keys, sizeof keys);
      hexout("auth_key", auth, 32); hexout("subcredential", sub, 32);
      hexout("b", b, 32); hexout("B", bk.pubkey.public_key, 32);
      hexout("x", x, 32); hexout("X", xk.pubkey.public_key, 32);
      hexout("y", y, 32); hexout("Y", yk.pubkey.public_key, 32);
      hexout("enc_key", ci.enc_key, 32); hexout("mac_key", ci.mac_key, 32);
      hexout("ntor_key_seed", sr.ntor_key_seed, 32);
      hexout("auth_input_mac", sr.rend_cell_auth_mac, 32);
      hexout("circuit_keys", keys, sizeof keys);
      printf("\n");
      have = 0;
    }
    if (!ok) break;
  }
  return 0;
}
