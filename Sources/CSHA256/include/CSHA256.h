// SHA-256 block compression on the CPU's SHA extensions, where the CPU has them.
#ifndef C_SHA256_H
#define C_SHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether `motionsync_sha256_blocks` can run here (x86-64 with the SHA extensions and SSE4.1).
int motionsync_sha256_accelerated(void);

/// Compresses `blocks` whole 64-byte blocks at `data` into `state` (the eight working words
/// H0…H7, in order) with the SHA instructions. Call only when `motionsync_sha256_accelerated()`.
void motionsync_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
