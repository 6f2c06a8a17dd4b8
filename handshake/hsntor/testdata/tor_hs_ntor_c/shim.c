/* Shim (curvekit): tor's primitives, as tor defines them, on OpenSSL. */
#include "core/or/or.h"
#include <openssl/evp.h>

void curve25519_handshake(uint8_t *out, const curve25519_secret_key_t *sk, const curve25519_public_key_t *pk) {
  EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk->secret_key, 32);
  EVP_PKEY *p = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, pk->public_key, 32);
  EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(k, NULL);
  size_t n = 32;
  memset(out, 0, 32); /* OpenSSL refuses an all-zero result: leave zeros, as tor's curve25519 would return */
  if (EVP_PKEY_derive_init(c) <= 0 || EVP_PKEY_derive_set_peer(c, p) <= 0 || EVP_PKEY_derive(c, out, &n) <= 0)
    memset(out, 0, 32);
  EVP_PKEY_CTX_free(c); EVP_PKEY_free(k); EVP_PKEY_free(p);
}

/* tor: SHA3-256(htonll(key_len) | key | msg), truncated to len_out. */
void crypto_mac_sha3_256(uint8_t *mac_out, size_t len_out, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len) {
  uint8_t n[8], d[32];
  unsigned int dl = 32;
  for (int i = 0; i < 8; i++) n[i] = (uint8_t)((uint64_t)key_len >> (56 - 8 * i));
  EVP_MD_CTX *c = EVP_MD_CTX_new();
  EVP_DigestInit_ex(c, EVP_sha3_256(), NULL);
  EVP_DigestUpdate(c, n, 8);
  EVP_DigestUpdate(c, key, key_len);
  EVP_DigestUpdate(c, msg, msg_len);
  EVP_DigestFinal_ex(c, d, &dl);
  EVP_MD_CTX_free(c);
  memcpy(mac_out, d, len_out < 32 ? len_out : 32);
}

/* tor: SHAKE-256 of in, out_len bytes. */
void crypto_xof(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len) {
  EVP_MD_CTX *c = EVP_MD_CTX_new();
  EVP_DigestInit_ex(c, EVP_shake256(), NULL);
  EVP_DigestUpdate(c, in, in_len);
  EVP_DigestFinalXOF(c, out, out_len);
  EVP_MD_CTX_free(c);
}

int safe_mem_is_zero(const void *mem, size_t sz) {
  const uint8_t *p = mem; uint8_t acc = 0;
  for (size_t i = 0; i < sz; i++) acc |= p[i];
  return acc == 0;
}
void memwipe(void *mem, uint8_t byte, size_t sz) { memset(mem, byte, sz); }
int tor_memeq(const void *a, const void *b, size_t sz) { return memcmp(a, b, sz) == 0; }
