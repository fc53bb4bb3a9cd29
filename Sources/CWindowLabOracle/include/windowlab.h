/* windowlab.h: WindowLab's reference model as a differential oracle for a fuzz
 * target in C, C++ or Rust that links your window engine beside it
 * (docs/fuzz-your-engine.md).
 *
 * Each fuzz input is decoded to a command list of WindowLab's binary encoding (so
 * the corpus packs in corpus/ seed it and windowlab_mutate() mutates it by its
 * structure), run on the reference model and on your engine in lockstep, and
 * compared after every command under what your engine declares (its features,
 * deviations and numeric domain), exactly as `windowlab check --engine exec:` does.
 * Your engine answers through one callback that speaks the engine protocol
 * (docs/engine-protocol.md): a request line in, its answer's text out.
 *
 *     static windowlab_oracle *oracle;
 *     int LLVMFuzzerInitialize(int *argc, char ***argv) {
 *         windowlab_engine engine = { my_answer, &my_state, NULL };
 *         char why[512];
 *         if (!(oracle = windowlab_oracle_new(&engine, why, sizeof why))) { fprintf(stderr, "%s\n", why); exit(2); }
 *         return 0;
 *     }
 *     int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
 *         return windowlab_fuzz_one(oracle, data, size);
 *     }
 *     size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
 *         return windowlab_mutate(oracle, data, size, max_size, seed);
 *     }
 *
 * Link: the static library libWindowLabOracle.a (`swift build -c release --product
 * WindowLabOracle`) and the Swift runtime; scripts/oracle/link-flags.sh prints the
 * flags for the toolchain on PATH. Not thread-safe: one oracle is used from one
 * thread at a time (libFuzzer calls from one thread). */
#ifndef WINDOWLAB_H
#define WINDOWLAB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; windowlab_api_version() returns the library's. */
#define WINDOWLAB_API_VERSION 1

/* What windowlab_check() found. */
#define WINDOWLAB_AGREE 0      /* the engine agreed on every command of the input */
#define WINDOWLAB_DIFFERENT 1  /* it differs (a wrong answer, a fault or broken invariants): see windowlab_report() */
#define WINDOWLAB_UNREADABLE 2 /* the bytes are of another version of the encoding: nothing ran */
#define WINDOWLAB_DECLINED 3   /* no difference, but the engine answered `unsupported` to a statement: it, and
                                  (for one that changes state) the rest of the input, were not compared. Not an
                                  agreement: a target that sees it for most inputs compares nothing */
#define WINDOWLAB_MISUSE (-1)  /* a null oracle, data null with a size, or a call made while this oracle
                                  checks an input (from the engine's answer callback, or another thread) */

/* Your engine's answer to one request, as the engine protocol's text: the request
 * (`hello 1`, `reset`, `snapshot`, `invariants`, or a statement in wire form, such
 * as `hit 5 5 in main`) is NUL-terminated, `request_length` bytes, without its line
 * break. Return its answer as the engine would write it on standard output: zero or
 * more lines, each ending in '\n', then its end, `ok` (protocol version 1) or `ok N`
 * (version 2, N counting requests from 1), or one `error MESSAGE` line instead. A
 * statement the engine does not do is answered `unsupported REASON` and the end:
 * counted, no difference (docs/engine-protocol.md).
 * Set *answer_length to the answer's length in bytes, or leave it untouched for a
 * NUL-terminated answer. The memory stays yours and must stay valid until your
 * next answer. A null return is a fault of the engine, reported as a difference. */
typedef const char *(*windowlab_answer_fn)(void *context, const char *request, size_t request_length,
                                           size_t *answer_length);

/* Your engine: its answer callback, the context it is given, and optionally its
 * declaration. */
typedef struct windowlab_engine {
    windowlab_answer_fn answer;
    void *context;
    /* The engine's answer line to `hello 1` (`hello 1 NAME FEATURE... [deviates
     * RULE...] [numbers DOMAIN] [range MIN MAX] [sizes MIN MAX] [points screen] [positions screen]`),
     * read as the protocol's handshake is read; NULL asks the engine itself (it is
     * sent `hello 1` through `answer`). */
    const char *declaration;
} windowlab_engine;

/* An oracle for one engine (opaque). */
typedef struct windowlab_oracle windowlab_oracle;

/* Greets the engine (or reads `declaration`) and makes its oracle. The engine's
 * struct is copied. On failure returns NULL and writes why, NUL-terminated, into
 * `error` (up to `error_size` bytes; `error` may be NULL). */
windowlab_oracle *windowlab_oracle_new(const windowlab_engine *engine, char *error, size_t error_size);

/* Frees the oracle (NULL is fine). */
void windowlab_oracle_free(windowlab_oracle *oracle);

/* Decodes `data` (any bytes), runs the commands on the reference and the engine
 * (sending `reset` first) and compares them. Returns one of
 * WINDOWLAB_AGREE, WINDOWLAB_DIFFERENT, WINDOWLAB_UNREADABLE, WINDOWLAB_DECLINED, WINDOWLAB_MISUSE.
 * Never aborts, whatever the bytes and whatever the engine answers. */
int windowlab_check(windowlab_oracle *oracle, const uint8_t *data, size_t size);

/* After WINDOWLAB_DIFFERENT: the difference as a scenario file (`.wls` text whose
 * `#` lines say what differed; the reference's answers as `expect` lines), the
 * shrunk one when shrinking is on. `windowlab run --engine exec:YOUR-ENGINE FILE`
 * replays it. Else "". Owned by the oracle, valid until its next check. */
const char *windowlab_report(const windowlab_oracle *oracle);

/* The fuzz target's body: windowlab_check(), and on a difference the report on
 * standard error, then abort(), so that libFuzzer saves the input. Returns 0.
 * The environment tunes it: WINDOWLAB_FUZZ_SHRINK=SECONDS (10 by default; 0 prints
 * the unshrunk scenario only), WINDOWLAB_FUZZ_FINDINGS=DIR (also writes the scenario
 * there), WINDOWLAB_FUZZ_KEEP_GOING=1 (no abort: each new cause of difference is
 * shrunk, written into the findings folder, `windowlab-findings` by default, and
 * printed; inputs of a recorded cause are counted; at the end of the run one line per
 * cause, and exit 1 when there was one). Under libFuzzer a run that compared too
 * little (the engine declined most of what it was sent) also ends with exit 1. */
int windowlab_fuzz_one(windowlab_oracle *oracle, const uint8_t *data, size_t size);

/* A custom mutator for LLVMFuzzerCustomMutator: six times in ten it edits the
 * input's command list (inserts a command, deletes, duplicates or swaps some, moves
 * a number onto an edge) and encodes it again; otherwise libFuzzer's own byte
 * mutator runs. With an oracle, inserted commands need only the engine's features;
 * `oracle` may be NULL. Returns the new size (at most `max_size`). */
size_t windowlab_mutate(const windowlab_oracle *oracle, uint8_t *data, size_t size, size_t max_size,
                        unsigned int seed);

/* A custom crossover for LLVMFuzzerCustomCrossOver: the commands of one input up to
 * a point, then the other's from a point, made valid. Returns the size written to
 * `out`, 0 when nothing useful came out. */
size_t windowlab_cross_over(const uint8_t *data1, size_t size1, const uint8_t *data2, size_t size2, uint8_t *out,
                            size_t max_out_size, unsigned int seed);

/* A benchmark program's main: `return windowlab_benchmark_main(&engine, argc, argv);`.
 * Builds `windowlab bench`'s routing workloads on the engine (fitted to its declaration)
 * and times each `hit` statement and update through `answer` (wall clock, p50 and p99;
 * the protocol text each way included), or with `--instructions` counts the
 * instructions of each under valgrind's callgrind and checks them against a thresholds
 * file (`--update` writes it): a gate for the engine's own CI. `--help` lists the
 * options (docs/benchmarks.md). Returns the exit status: 0, 1 (a count off its
 * threshold), 2 (could not run), 64 (bad options). */
int windowlab_benchmark_main(const windowlab_engine *engine, int argc, char **argv);

/* The library's WINDOWLAB_API_VERSION. */
int windowlab_api_version(void);

#ifdef __cplusplus
}
#endif

#endif
