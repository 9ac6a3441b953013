// SHA-256 (FIPS 180-4) block compression on x86-64's SHA extensions (SHA256RNDS2, SHA256MSG1,
// SHA256MSG2). Each SHA256RNDS2 performs two rounds on the state split as ABEF and CDGH; four
// message words (plus their round constants) feed two such instructions, so a block is 16 steps
// of four rounds. Message words 16…63 come four at a time from the previous sixteen:
// W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16], with MSG1 adding σ0, ALIGNR supplying
// W[t−7] and MSG2 adding σ1. Elsewhere MotionStore's PortableSHA256 runs.
#include "CSHA256.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

/// The round constants: the first 32 bits of the fractional parts of the cube roots of the first
/// 64 primes (FIPS 180-4 §4.2.2).
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

int motionsync_sha256_accelerated(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("ssse3");
}

__attribute__((target("sha,sse4.1,ssse3")))
void motionsync_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    // State words as SHA256RNDS2 wants them: ABEF and CDGH, highest lane first (A in lane 3).
    __m128i abcd = _mm_loadu_si128((const __m128i *)&state[0]);  // lanes: A B C D
    __m128i efgh = _mm_loadu_si128((const __m128i *)&state[4]);  // lanes: E F G H
    __m128i cdab = _mm_shuffle_epi32(abcd, 0xB1);                // lanes: B A D C
    __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B);                // lanes: H G F E
    __m128i abef = _mm_alignr_epi8(cdab, hgfe, 8);               // lanes: F E B A
    __m128i cdgh = _mm_blend_epi16(hgfe, cdab, 0xF0);            // lanes: H G D C

    while (blocks--) {
        const __m128i savedABEF = abef, savedCDGH = cdgh;
        __m128i w[4];
        for (int step = 0; step < 16; step++) {
            __m128i words;
            if (step < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * step)), swap);
            } else {
                // w[step % 4] holds W[4(step−4) …], the oldest four; w[(step+1) % 4] the next.
                const __m128i oldest = w[step & 3], next = w[(step + 1) & 3];
                const __m128i previous = w[(step + 3) & 3], before = w[(step + 2) & 3];
                words = _mm_sha256msg1_epu32(oldest, next);
                words = _mm_add_epi32(words, _mm_alignr_epi8(previous, before, 4));
                words = _mm_sha256msg2_epu32(words, previous);
            }
            w[step & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&K[4 * step]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, message);
            message = _mm_shuffle_epi32(message, 0x0E);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, message);
        }
        abef = _mm_add_epi32(abef, savedABEF);
        cdgh = _mm_add_epi32(cdgh, savedCDGH);
        data += 64;
    }

    // Back to A B C D and E F G H.
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);                // lanes: A B E F
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);                // lanes: G H C D
    abcd = _mm_blend_epi16(feba, dchg, 0xF0);                    // lanes: A B C D
    efgh = _mm_alignr_epi8(dchg, feba, 8);                       // lanes: E F G H
    _mm_storeu_si128((__m128i *)&state[0], abcd);
    _mm_storeu_si128((__m128i *)&state[4], efgh);
}

#else

int motionsync_sha256_accelerated(void) { return 0; }

void motionsync_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
    (void)state; (void)data; (void)blocks;
}

#endif
