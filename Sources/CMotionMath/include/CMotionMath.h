// The few C math routines the motion core needs that Swift's Foundation does not expose.
#ifndef C_MOTION_MATH_H
#define C_MOTION_MATH_H

/// sin x and cos x from one argument reduction (the compiler's sincos builtin; glibc's `sincos`
/// where it exists, two calls elsewhere).
static inline void motionsync_sincos(double x, double *s, double *c) {
    __builtin_sincos(x, s, c);
}

#endif
