#ifndef CHEAPTUNING_H
#define CHEAPTUNING_H

/// How the C allocator keeps freed memory, set once when motionsync starts.
///
/// glibc gives the top of its heap back to the kernel whenever 128 KB of it are free, and maps
/// blocks over 128 KB one by one (thresholds it raises only after such a block is freed). An
/// import frees and allocates each file's document, timelines and analysis tables in turn, so
/// the heap shrank and grew again file after file: tens of thousands of brk calls and page
/// faults, about a fifth of an import's CPU spent in the kernel. Keeping up to 256 MB of freed
/// top and mapping only blocks over 32 MB on their own removes that; the peak memory does not
/// grow (freed memory is reused, not added to). Nothing on other C libraries.
///
/// SQLite's allocation statistics are turned off too (the mutex every allocation took for them);
/// call this before SQLite is first used.
void motionsync_tune_heap(void);

#endif
