#ifndef WINDOWLAB_PREFETCH_H
#define WINDOWLAB_PREFETCH_H

/// Asks the CPU to start loading the cache lines of `bytes` bytes from `address`
/// (for reading, kept in every cache level). A hint: no effect on results, never a
/// fault, even for an address past the end of an array. Swift has no prefetch of
/// its own; the routing path uses this to overlap the misses of a window's records
/// instead of taking them one after another.
static inline void windowlab_prefetch(const void *address, unsigned long bytes) {
    const char *p = (const char *)address;
    for (unsigned long offset = 0; offset < bytes; offset += 64) {
        __builtin_prefetch(p + offset, 0, 3);
    }
}

#endif
