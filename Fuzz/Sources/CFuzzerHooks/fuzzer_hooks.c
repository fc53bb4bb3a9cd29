// Declarations only: see include/fuzzer_hooks.h.
