#include "CHeapTuning.h"

#include <sqlite3.h>

// Any libc header defines __GLIBC__ on glibc: stdlib.h first, then the test.
#include <stdlib.h>

// SQLite counts every allocation it makes, under a process-wide mutex, for
// sqlite3_memory_used() and a soft heap limit; motionsync asks for neither. Set before SQLite
// is first used (sqlite3_config refuses afterwards, harmlessly).
static void motionsync_tune_sqlite(void) {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#if defined(__GLIBC__)
#include <malloc.h>

void motionsync_tune_heap(void) {
    motionsync_tune_sqlite();
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
}
#else
void motionsync_tune_heap(void) { motionsync_tune_sqlite(); }
#endif
