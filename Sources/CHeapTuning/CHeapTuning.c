#include "CHeapTuning.h"

// Any libc header defines __GLIBC__ on glibc: stdlib.h first, then the test.
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>

void motionsync_tune_heap(void) {
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
#else
void motionsync_tune_heap(void) {}
#endif
