// Header-only: the routines are static inline in include/CMotionMath.h.
#include "CMotionMath.h"
