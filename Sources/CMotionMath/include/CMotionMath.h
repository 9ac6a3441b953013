// The few C math routines the motion core needs that Swift's Foundation does not expose.
#ifndef C_MOTION_MATH_H
#define C_MOTION_MATH_H

#include <stdint.h>

// MARK: - sincos

/// sin x and cos x (x in radians) from one argument reduction, each within 1 ulp.
///
/// The spring's closed form calls this once per term and evaluation, thousands of times per
/// animation, for arguments ω_d·t of at most a few thousand radians. For |x| < 2^19·π/2 it reduces
/// x by π/2 in three Cody–Waite parts (the method of fdlibm's `__ieee754_rem_pio2`, good to 118
/// bits, a third part where the first two cancel more than 49 bits) and evaluates fdlibm's
/// minimax kernels (`__kernel_sin`, `__kernel_cos`, degree 13 and 14 on [−π/4, π/4], error below
/// one ulp), picking the quadrant without a branch. Larger, infinite and NaN arguments go to the
/// C library (`__builtin_sincos`). Cheaper than glibc's `sincos` here, which saves and
/// restores the rounding mode on every call. Always inlined: as a call (the compiler's choice for
/// a body this size), each caller spilled its live doubles around it, since the x86-64 calling
/// convention preserves no xmm register. O(1).
static inline __attribute__((always_inline)) void motionsync_sincos(double x, double *s, double *c) {
    union Bits { double d; uint64_t u; };
    union Bits bx = { x };
    uint64_t magnitude = bx.u & 0x7FFFFFFFFFFFFFFFull;
    // 2^19·π/2 ≈ 823,549.6: beyond it (and for inf, NaN) the library's full reduction.
    if (magnitude >= 0x41292D7A00000000ull) {
        __builtin_sincos(x, s, c);
        return;
    }
    const double invpio2 = 6.36619772367581382433e-01;
    const double pio2_1 = 1.57079632673412561417e+00, pio2_1t = 6.07710050650619224932e-11;
    const double pio2_2 = 6.07710050630396597660e-11, pio2_2t = 2.02226624879595063154e-21;
    const double pio2_3 = 2.02226624871116645580e-21, pio2_3t = 8.47842766036889956997e-32;
    // n = x·2/π rounded to nearest (the 1.5·2^52 trick: no call to `rint` on plain x86-64).
    const double shifter = 6755399441055744.0;
    double fn = (x * invpio2 + shifter) - shifter;
    int n = (int)fn;
    // Reduction: y0 + y1 = x − n·π/2 to about 118 bits (three parts where needed).
    double r = x - fn * pio2_1;
    double w = fn * pio2_1t;
    double y0 = r - w;
    {
        // The exponents of x and of y0: how many bits the first part's subtraction cancelled.
        union Bits by0 = { y0 };
        int j = (int)((bx.u >> 52) & 0x7FF);
        int i = j - (int)((by0.u >> 52) & 0x7FF);
        if (i > 16) {
            double t = r;
            w = fn * pio2_2;
            r = t - w;
            w = fn * pio2_2t - ((t - r) - w);
            y0 = r - w;
            union Bits by1 = { y0 };
            i = j - (int)((by1.u >> 52) & 0x7FF);
            if (i > 49) {
                t = r;
                w = fn * pio2_3;
                r = t - w;
                w = fn * pio2_3t - ((t - r) - w);
                y0 = r - w;
            }
        }
    }
    double y1 = (r - y0) - w;
    // Kernels on [−π/4, π/4] (fdlibm k_sin.c, k_cos.c).
    const double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                 S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                 S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
    const double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                 C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                 C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
    double z = y0 * y0;
    double v = z * y0;
    double rs = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    double sine = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * S1);
    double rc = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    double hz = 0.5 * z;
    double ww = 1.0 - hz;
    double cosine = ww + (((1.0 - ww) - hz) + (z * rc - y0 * y1));
    // Quadrant n mod 4: odd n swaps sine and cosine; n ≡ 2, 3 negates the sine, n ≡ 1, 2 the
    // cosine. Bit masks, no branch (the quadrant is unpredictable from call to call).
    union Bits bs = { sine }, bc = { cosine };
    uint64_t swap = 0 - (uint64_t)(n & 1);
    uint64_t first = (bs.u & ~swap) | (bc.u & swap), second = (bc.u & ~swap) | (bs.u & swap);
    union Bits outS, outC;
    outS.u = first ^ ((uint64_t)(n & 2) << 62);
    outC.u = second ^ ((uint64_t)((n + 1) & 2) << 62);
    *s = outS.d;
    *c = outC.d;
}

// MARK: - exp

/// e^x within one ulp.
///
/// The spring's closed form calls this once per term and evaluation (twice over-damped), with
/// arguments −λt ≤ 0. For |x| < 708 it reduces x = k·ln 2 + r, |r| ≤ ½ ln 2,
/// with ln 2 in two parts (the first with 32 trailing zero bits, so that x − k·ln2_hi is exact),
/// and evaluates e^r in the rational form of fdlibm's `__ieee754_exp` (a degree-5 minimax
/// polynomial R in r², e^r = 1 + r + r·c/(2 − c) with c = r − r²·R(r²), error below one ulp),
/// then scales by 2^k through the exponent bits (k ∈ [−1021, 1022]: a normal number, no
/// overflow). Other arguments (beyond ±708, infinite, NaN) go to the C library. No call, no
/// table, no errno check: inline in the term's loop, where glibc's `exp` is a call through its
/// wrapper. Always inlined, as `motionsync_sincos` (the keyframe tracks' springs called it). O(1).
static inline __attribute__((always_inline)) double motionsync_exp(double x) {
    if (!(x > -708.0 && x < 708.0)) return __builtin_exp(x);
    const double invln2 = 1.44269504088896338700e+00;
    const double ln2hi = 6.93147180369123816490e-01, ln2lo = 1.90821492927058770002e-10;
    const double P1 = 1.66666666666666019037e-01, P2 = -2.77777777770155933842e-03,
                 P3 = 6.61375632143793436117e-05, P4 = -1.65339022054652515390e-06,
                 P5 = 4.13813679705723846039e-08;
    // k = x/ln 2 rounded to nearest (the 1.5·2^52 trick, as in `motionsync_sincos`).
    const double shifter = 6755399441055744.0;
    double fk = (x * invln2 + shifter) - shifter;
    int k = (int)fk;
    double hi = x - fk * ln2hi;
    double lo = fk * ln2lo;
    double r = hi - lo;
    double t = r * r;
    double c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    double y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
    union { double d; uint64_t u; } scale;
    scale.u = (uint64_t)(k + 1023) << 52;
    return y * scale.d;
}

// MARK: - Pairs

/// Two lanes of doubles and of 64-bit integers (clang's vector extension: SSE2 registers on
/// x86-64). Internal to the pair routines below.
typedef double motionsync_double2 __attribute__((vector_size(16)));
typedef int64_t motionsync_int2 __attribute__((vector_size(16)));
typedef uint64_t motionsync_uint2 __attribute__((vector_size(16)));

/// `v` in both lanes.
static inline __attribute__((always_inline)) motionsync_double2 motionsync_splat(double v) {
    const motionsync_double2 both = {v, v};
    return both;
}

/// x·scale rounded to the nearest integer in each lane, as a double (returned) and as an integer
/// (`n`): the 1.5·2^52 trick of `motionsync_exp` and `motionsync_sincos`, the integer read from
/// the low bits of x·scale + 1.5·2^52 (its binade has unit spacing) where they convert it.
static inline __attribute__((always_inline)) motionsync_double2 motionsync_round_pair(motionsync_double2 x, double scale, motionsync_int2 *n) {
    const motionsync_double2 shifter = motionsync_splat(6755399441055744.0);
    motionsync_double2 shifted = x * motionsync_splat(scale) + shifter;
    *n = (motionsync_int2)shifted - (motionsync_int2)shifter;
    return shifted - shifter;
}

/// e^x0 and e^x1, each bit for bit what `motionsync_exp` gives: the same operations, in the two
/// lanes of one register (one packed division instead of two, one polynomial pass instead of
/// two: cheaper than two calls). The reduction's k is read from the low bits
/// of x/ln 2 + 1.5·2^52 (its binade has unit spacing), as `motionsync_exp` converts it. Either
/// argument outside (−708, 708) sends both to `motionsync_exp`. Always inlined. O(1).
static inline __attribute__((always_inline)) void motionsync_exp_pair(double x0, double x1, double *y0, double *y1) {
    if (!(x0 > -708.0 && x0 < 708.0 && x1 > -708.0 && x1 < 708.0)) {
        *y0 = motionsync_exp(x0); *y1 = motionsync_exp(x1); return;
    }
    const motionsync_double2 ln2hi = motionsync_splat(6.93147180369123816490e-01), ln2lo = motionsync_splat(1.90821492927058770002e-10);
    const motionsync_double2 P1 = motionsync_splat(1.66666666666666019037e-01), P2 = motionsync_splat(-2.77777777770155933842e-03),
                             P3 = motionsync_splat(6.61375632143793436117e-05), P4 = motionsync_splat(-1.65339022054652515390e-06),
                             P5 = motionsync_splat(4.13813679705723846039e-08);
    motionsync_double2 x = {x0, x1};
    motionsync_int2 k;
    motionsync_double2 fk = motionsync_round_pair(x, 1.44269504088896338700e+00, &k);
    motionsync_double2 hi = x - fk * ln2hi;
    motionsync_double2 lo = fk * ln2lo;
    motionsync_double2 r = hi - lo;
    motionsync_double2 t = r * r;
    motionsync_double2 c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    motionsync_double2 y = motionsync_splat(1.0) - ((lo - (r * c) / (motionsync_splat(2.0) - c)) - hi);
    motionsync_uint2 bits = (motionsync_uint2)(k + 1023) << 52;
    motionsync_double2 scale = (motionsync_double2)bits;
    motionsync_double2 out = y * scale;
    *y0 = out[0]; *y1 = out[1];
}

/// One more part of π/2 taken off the reduction of `motionsync_sincos_pair` (its second or third:
/// `part` and its `tail`), as `motionsync_sincos` takes it, kept only in the lanes of `need` (all
/// bits set) and the others left as they were.
static inline __attribute__((always_inline)) void motionsync_reduce_pair_part(motionsync_double2 fn, double part, double tail, motionsync_int2 need,
                                                                          motionsync_double2 *r, motionsync_double2 *w, motionsync_double2 *y0) {
    const motionsync_double2 p = motionsync_splat(part), pt = motionsync_splat(tail);
    motionsync_double2 t = *r;
    motionsync_double2 w2 = fn * p;
    motionsync_double2 r2 = t - w2;
    w2 = fn * pt - ((t - r2) - w2);
    motionsync_double2 y02 = r2 - w2;
    *r = (motionsync_double2)(((motionsync_int2)r2 & need) | ((motionsync_int2)*r & ~need));
    *w = (motionsync_double2)(((motionsync_int2)w2 & need) | ((motionsync_int2)*w & ~need));
    *y0 = (motionsync_double2)(((motionsync_int2)y02 & need) | ((motionsync_int2)*y0 & ~need));
}

/// sin and cos of x0 and of x1, each bit for bit what `motionsync_sincos` gives: the same
/// operations in the two lanes of one register; the second and third parts of the reduction are
/// worked out where either lane needs them and kept only in that lane (they are pure, so the
/// other lane's values are those of the scalar path). Either argument at or beyond 2^19·π/2 (or
/// not finite) sends both to `motionsync_sincos`. Cheaper than two calls. Always inlined. O(1).
static inline __attribute__((always_inline)) void motionsync_sincos_pair(double x0, double x1, double *s0, double *c0, double *s1, double *c1) {
    motionsync_double2 x = {x0, x1};
    motionsync_uint2 bx = (motionsync_uint2)x;
    const motionsync_uint2 absMask = {0x7FFFFFFFFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull};
    motionsync_uint2 magnitude = bx & absMask;
    if (magnitude[0] >= 0x41292D7A00000000ull || magnitude[1] >= 0x41292D7A00000000ull) {
        motionsync_sincos(x0, s0, c0); motionsync_sincos(x1, s1, c1); return;
    }
    const motionsync_double2 pio2_1 = motionsync_splat(1.57079632673412561417e+00), pio2_1t = motionsync_splat(6.07710050650619224932e-11);
    motionsync_int2 n;
    motionsync_double2 fn = motionsync_round_pair(x, 6.36619772367581382433e-01, &n);
    motionsync_double2 r = x - fn * pio2_1;
    motionsync_double2 w = fn * pio2_1t;
    motionsync_double2 y0 = r - w;
    {
        motionsync_int2 j = (motionsync_int2)((bx >> 52) & 0x7FF);
        motionsync_int2 i = j - (motionsync_int2)((((motionsync_uint2)y0) >> 52) & 0x7FF);
        if (i[0] > 16 || i[1] > 16) {
            // The second part, in the lanes that need it (the scalar routine's steps, lane by lane).
            motionsync_int2 need = i > 16;
            motionsync_reduce_pair_part(fn, 6.07710050630396597660e-11, 2.02226624879595063154e-21, need, &r, &w, &y0);
            motionsync_int2 need3 = need & ((j - (motionsync_int2)((((motionsync_uint2)y0) >> 52) & 0x7FF)) > 49);
            if (need3[0] || need3[1]) {
                motionsync_reduce_pair_part(fn, 2.02226624871116645580e-21, 8.47842766036889956997e-32, need3, &r, &w, &y0);
            }
        }
    }
    motionsync_double2 y1 = (r - y0) - w;
    const motionsync_double2 S1 = motionsync_splat(-1.66666666666666324348e-01), S2 = motionsync_splat(8.33333333332248946124e-03),
                             S3 = motionsync_splat(-1.98412698298579493134e-04), S4 = motionsync_splat(2.75573137070700676789e-06),
                             S5 = motionsync_splat(-2.50507602534068634195e-08), S6 = motionsync_splat(1.58969099521155010221e-10);
    const motionsync_double2 C1 = motionsync_splat(4.16666666666666019037e-02), C2 = motionsync_splat(-1.38888888888741095749e-03),
                             C3 = motionsync_splat(2.48015872894767294178e-05), C4 = motionsync_splat(-2.75573143513906633035e-07),
                             C5 = motionsync_splat(2.08757232129817482790e-09), C6 = motionsync_splat(-1.13596475577881948265e-11);
    const motionsync_double2 half = motionsync_splat(0.5), one = motionsync_splat(1.0);
    motionsync_double2 z = y0 * y0;
    motionsync_double2 v = z * y0;
    motionsync_double2 rs = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    motionsync_double2 sine = y0 - ((z * (half * y1 - v * rs) - y1) - v * S1);
    motionsync_double2 rc = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    motionsync_double2 hz = half * z;
    motionsync_double2 ww = one - hz;
    motionsync_double2 cosine = ww + (((one - ww) - hz) + (z * rc - y0 * y1));
    motionsync_uint2 bs = (motionsync_uint2)sine, bc = (motionsync_uint2)cosine;
    const motionsync_uint2 zero = {0, 0}; motionsync_uint2 swap = zero - ((motionsync_uint2)n & 1);
    motionsync_uint2 first = (bs & ~swap) | (bc & swap), second = (bc & ~swap) | (bs & swap);
    motionsync_uint2 outS = first ^ (((motionsync_uint2)n & 2) << 62);
    motionsync_uint2 outC = second ^ ((((motionsync_uint2)n + 1) & 2) << 62);
    motionsync_double2 os = (motionsync_double2)outS, oc = (motionsync_double2)outC;
    *s0 = os[0]; *s1 = os[1]; *c0 = oc[0]; *c1 = oc[1];
}

#endif
