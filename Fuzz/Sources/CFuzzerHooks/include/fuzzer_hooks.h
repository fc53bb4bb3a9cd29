// libFuzzer's own byte mutator, callable from a custom mutator (libFuzzer defines
// it; every target here is linked with -fsanitize=fuzzer).
#include <stddef.h>
#include <stdint.h>

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
