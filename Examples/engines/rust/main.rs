//! rwindows: a WindowLab engine in Rust, standard library only.
//!
//! Build from the repository root (any rustc from 1.63 on):
//!
//! ```text
//! rustc --edition 2021 -O -o Examples/engines/rust/rwindows Examples/engines/rust/main.rs
//! ```
//!
//! It speaks the engine protocol, version 1, on standard input and output. This file
//! is the request loop: it reads whatever input is available, answers every
//! complete line into one output buffer, and writes that buffer only when no
//! complete request is left, just before it blocks on the next read. The harness
//! may send a whole batch in one write; answering it costs one write back.
//!
//! Planted bugs (mutants, see README.md) are `#[cfg(bug = "NAME")]` alternatives,
//! built with `--cfg 'bug="NAME"'`; the plain build has none.

mod engine;
mod geometry;
mod hit;
mod protocol;
mod touches;
mod x11;

use std::io::{self, Read, Write};

/// Writes and flushes; a closed output means the harness is gone, so stop.
fn send(stdout: &mut io::StdoutLock, out: &mut Vec<u8>) {
    if out.is_empty() {
        return;
    }
    if stdout.write_all(out).and_then(|_| stdout.flush()).is_err() {
        std::process::exit(0);
    }
    out.clear();
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let mut engine = engine::Engine::new();
    // `--x11`: the X server's dialect, limits and unsupported answers (x11.rs).
    if std::env::args().skip(1).any(|a| a == "--x11") {
        engine.x11 = Some(x11::X11::default());
    }
    let mut pending: Vec<u8> = Vec::new();
    let mut out: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(ref e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        pending.extend_from_slice(&chunk[..n]);
        let mut start = 0;
        while let Some(len) = pending[start..].iter().position(|&b| b == b'\n') {
            protocol::handle(&mut engine, &pending[start..start + len], &mut out);
            start += len + 1;
        }
        pending.drain(..start);
        // Nothing complete is left: the next read may block, so answer now.
        send(&mut output, &mut out);
    }
    // End of input: a last request without its newline still gets its answer.
    if pending.iter().any(|b| !b.is_ascii_whitespace()) {
        protocol::handle(&mut engine, &pending, &mut out);
    }
    send(&mut output, &mut out);
}
