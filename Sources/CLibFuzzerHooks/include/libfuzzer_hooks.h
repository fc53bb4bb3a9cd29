// libFuzzer's byte mutator, for a custom mutator to fall back on, without making
// libFuzzer a link-time requirement: programs that are not linked with
// -fsanitize=fuzzer (the tests, a replay build) still link.
#ifndef WINDOWLAB_LIBFUZZER_HOOKS_H
#define WINDOWLAB_LIBFUZZER_HOOKS_H
#include <stddef.h>
#include <stdint.h>

/// `LLVMFuzzerMutate(data, size, max_size)` when libFuzzer is linked in; otherwise
/// a change of one byte (or one byte written into an empty input), so a custom mutator
/// always changes something. Returns the new size (at most `max_size`).
size_t windowlab_libfuzzer_mutate(uint8_t *data, size_t size, size_t max_size);

/// Whether libFuzzer's `LLVMFuzzerMutate` is linked in.
int windowlab_libfuzzer_linked(void);

#endif
