//! rwindows as a static library for an in-process fuzz target: the engine's own
//! modules (the files beside this folder) and one C function, `rwindows_answer`, that
//! answers a request line as the request loop of main.rs would write it. The C
//! harness `fuzz_rwindows.c` gives it to WindowLab's oracle (include/windowlab.h).
//!
//! Build (README.md here has the whole recipe): `rustc --edition 2021 -O
//! --crate-type staticlib` with the sanitizer-coverage flags, so libFuzzer sees the
//! engine's branches. Planted bugs: `--cfg 'bug="NAME"'`, as for the binary.

#[path = "../engine.rs"]
mod engine;
#[path = "../geometry.rs"]
mod geometry;
#[path = "../hit.rs"]
mod hit;
#[path = "../protocol.rs"]
mod protocol;
#[path = "../touches.rs"]
mod touches;
#[path = "../x11.rs"]
mod x11;

use std::panic::{catch_unwind, AssertUnwindSafe};

/// One engine and the buffer of its last answer.
pub struct Rwindows {
    engine: engine::Engine,
    out: Vec<u8>,
}

/// A fresh engine (only `main`), for `rwindows_answer`.
#[no_mangle]
pub extern "C" fn rwindows_new() -> *mut Rwindows {
    Box::into_raw(Box::new(Rwindows { engine: engine::Engine::new(), out: Vec::new() }))
}

/// The answer to one request (`request_length` bytes), as the protocol's text; it
/// stays valid until the next call. A panic of the engine is no answer (null): the
/// oracle reports it as the engine's fault, with the scenario.
///
/// # Safety
/// `state` comes from `rwindows_new`; `request` points to `request_length` bytes;
/// `answer_length` points to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn rwindows_answer(
    state: *mut Rwindows,
    request: *const u8,
    request_length: usize,
    answer_length: *mut usize,
) -> *const u8 {
    let state = &mut *state;
    let raw = std::slice::from_raw_parts(request, request_length);
    state.out.clear();
    let answered = catch_unwind(AssertUnwindSafe(|| protocol::handle(&mut state.engine, raw, &mut state.out)));
    if answered.is_err() {
        return std::ptr::null();
    }
    *answer_length = state.out.len();
    state.out.as_ptr()
}
