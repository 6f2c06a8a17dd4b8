/* Shim (curvekit): the few definitions of tor's headers that hs_ntor.c
 * uses, with tor's primitives implemented on OpenSSL in shim.c. */
#ifndef SHIM_OR_H
#define SHIM_OR_H
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#define STMT_BEGIN do {
#define STMT_END } while (0)
#define tor_assert(x) STMT_BEGIN if (!(x)) { fprintf(stderr, "assert %s\n", #x); abort(); } STMT_END
#define BUG(x) (x)
#define DIGEST256_LEN 32
#define CIPHER256_KEY_LEN 32
#define CURVE25519_OUTPUT_LEN 32
#define CURVE25519_PUBKEY_LEN 32
#define CURVE25519_SECKEY_LEN 32
#define ED25519_PUBKEY_LEN 32
typedef struct curve25519_public_key_t { uint8_t public_key[32]; } curve25519_public_key_t;
typedef struct curve25519_secret_key_t { uint8_t secret_key[32]; } curve25519_secret_key_t;
typedef struct curve25519_keypair_t { curve25519_public_key_t pubkey; curve25519_secret_key_t seckey; } curve25519_keypair_t;
typedef struct ed25519_public_key_t { uint8_t pubkey[32]; } ed25519_public_key_t;
void curve25519_handshake(uint8_t *out, const curve25519_secret_key_t *sk, const curve25519_public_key_t *pk);
void crypto_mac_sha3_256(uint8_t *mac_out, size_t len_out, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t msg_len);
void crypto_xof(uint8_t *out, size_t out_len, const uint8_t *in, size_t in_len);
int safe_mem_is_zero(const void *mem, size_t sz);
void memwipe(void *mem, uint8_t byte, size_t sz);
int tor_memeq(const void *a, const void *b, size_t sz);
#endif
