// C code that uses include/windowlab.h as a C fuzz target does, for the tests of
// WindowLabOracleTests: they pass engines in, this file calls the oracle.
#ifndef ORACLE_TEST_DRIVER_H
#define ORACLE_TEST_DRIVER_H
#include "windowlab.h"

/// oracle_driver_check's result when the oracle could not be made.
#define ORACLE_DRIVER_NO_ORACLE (-100)

/// Makes an oracle for `engine`, checks `data` once, copies the report (cut to fit)
/// and frees the oracle. Returns the WINDOWLAB_* status, or ORACLE_DRIVER_NO_ORACLE
/// with why in `error`.
int oracle_driver_check(const windowlab_engine *engine, const uint8_t *data, size_t size, char *report,
                        size_t report_size, char *error, size_t error_size);

/// The ways oracle_spoiling_answer spoils an answer.
enum oracle_spoil {
    ORACLE_SPOIL_GARBAGE = 1,   // a line before it that is no observation
    ORACLE_SPOIL_NO_END,        // without its last line (its end)
    ORACLE_SPOIL_NULL,          // no answer: NULL
    ORACLE_SPOIL_BINARY,        // bytes that are not UTF-8, and a NUL, before it (explicit length)
    ORACLE_SPOIL_HUGE_LINE,     // a line of 2 MiB before it
    ORACLE_SPOIL_UNTERMINATED,  // its last line break left out, NUL-terminated (still a whole answer)
};

/// An engine in C that wraps another and spoils its answers to requests that start
/// with `trigger`.
typedef struct oracle_spoiling_engine {
    windowlab_engine inner;
    const char *trigger;
    enum oracle_spoil spoil;
    char *buffer;
    size_t capacity;
} oracle_spoiling_engine;

/// A windowlab_answer_fn whose context is an oracle_spoiling_engine.
const char *oracle_spoiling_answer(void *context, const char *request, size_t request_length, size_t *answer_length);

/// Frees what oracle_spoiling_answer allocated.
void oracle_spoiling_free(oracle_spoiling_engine *engine);

/// Calls every function of windowlab.h the wrong ways it says are handled (NULLs,
/// small error buffers); 0 when each was, else the number of the first that was not.
/// `engine` is a working engine.
int oracle_driver_misuse(const windowlab_engine *engine);

/// windowlab_mutate with an oracle for `engine` (NULL: none), then windowlab_cross_over
/// of the result with the input; returns the mutated size, or (size_t)-1 when either
/// broke its contract (more than the sizes allowed).
size_t oracle_driver_mutate(const windowlab_engine *engine, uint8_t *data, size_t size, size_t max_size,
                            unsigned int seed);
#endif
