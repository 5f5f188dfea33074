//! The three functions CheckerBoard calls, for the game `G`: pointers in, pointers out. The
//! library's exports ([`crate::getmove`], [`crate::enginecommand`], [`crate::islegal`]) call these
//! with the game it was built for; the tests call them for each game.
//!
//! No panic leaves these functions (each catches it and answers an error), and nothing is
//! printed. `getmove` holds the game's engine lock for its whole search; `islegal` and the
//! commands that need no state (`get movelist`, `name`, ...) do not take it, so they are answered
//! at once during a search, and the settings wait for the move.

use crate::board::{CbBoard, CbMove, CB_UNKNOWN};
use crate::commands;
use crate::engine::{is_legal, LibraryEngine};
use crate::game::CbGame;
use crate::request::{apply_answer, MoveRequest};
use std::ffi::{c_char, c_double, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Size of `getmove`'s status string and `enginecommand`'s reply.
pub const TEXT_BYTES: usize = 1024;
/// Size of `enginecommand`'s command buffer.
pub const COMMAND_BYTES: usize = 256;

/// Copies `text` into a C buffer of `capacity` bytes, cut at a character boundary and
/// NUL-terminated.
///
/// # Safety
/// `out` must be valid for writes of `capacity` bytes.
pub unsafe fn write_text(out: *mut c_char, capacity: usize, text: &str) {
    if out.is_null() || capacity == 0 {
        return;
    }
    let mut end = text.len().min(capacity - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    std::ptr::copy_nonoverlapping(text.as_ptr(), out.cast::<u8>(), end);
    *out.add(end) = 0;
}

/// Reads a NUL-terminated string of unknown length (CheckerBoard's commands end with a NUL).
///
/// # Safety
/// `text` must be a valid NUL-terminated string.
unsafe fn read_c_string(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    CStr::from_ptr(text).to_string_lossy().into_owned()
}

/// `getmove` for the game `G` (see [`crate::getmove`]).
///
/// # Safety
/// As [`crate::getmove`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn getmove<G: LibraryEngine>(
    board: *mut [[c_int; 8]; 8],
    color: c_int,
    maxtime: c_double,
    str: *mut c_char,
    playnow: *const c_int,
    info: c_int,
    moreinfo: c_int,
    cbmove: *mut CbMove,
) -> c_int {
    if board.is_null() {
        write_text(str, TEXT_BYTES, "error: no board");
        return CB_UNKNOWN;
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let mut cb_board: CbBoard = *board;
        let request = MoveRequest { color, maxtime, info, moreinfo };
        let stop = || !playnow.is_null() && std::ptr::read_volatile(playnow) != 0;
        let mut status = |text: &str| write_text(str, TEXT_BYTES, text);
        let answer = G::engine().get_move(&cb_board, &request, &stop, &mut status);
        match answer {
            Ok(answer) => {
                let mut out = if cbmove.is_null() { CbMove::default() } else { *cbmove };
                apply_answer::<G>(&mut cb_board, &mut out, &answer);
                *board = cb_board;
                if !cbmove.is_null() {
                    *cbmove = out;
                }
                answer.verdict
            }
            Err(message) => {
                write_text(str, TEXT_BYTES, &format!("error: {message}"));
                CB_UNKNOWN
            }
        }
    }));
    outcome.unwrap_or_else(|_| {
        write_text(str, TEXT_BYTES, "error: internal failure (the engine recovered)");
        CB_UNKNOWN
    })
}

/// `enginecommand` for the game `G` (see [`crate::enginecommand`]).
///
/// # Safety
/// As [`crate::enginecommand`].
pub unsafe fn enginecommand<G: LibraryEngine>(command: *const c_char, reply: *mut c_char) -> c_int {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let text = read_c_string(command);
        // Commands that need no engine state do not wait for a search holding the engine.
        let answer = commands::stateless::<G>(&text)
            .unwrap_or_else(|| commands::run(&mut G::engine(), &text));
        write_text(reply, TEXT_BYTES, &answer.text);
        c_int::from(answer.understood)
    }));
    outcome.unwrap_or_else(|_| {
        write_text(reply, TEXT_BYTES, "error: internal failure");
        0
    })
}

/// `islegal` for the game `G` (see [`crate::islegal`]).
///
/// # Safety
/// As [`crate::islegal`].
pub unsafe fn islegal<G: CbGame>(
    board: *const [[c_int; 8]; 8],
    color: c_int,
    from: c_int,
    to: c_int,
    cbmove: *mut CbMove,
) -> c_int {
    if board.is_null() {
        return 0;
    }
    let outcome =
        catch_unwind(AssertUnwindSafe(|| match is_legal::<G>(&*board, color, from, to) {
            Ok(Some(m)) => {
                if !cbmove.is_null() {
                    *cbmove = m;
                }
                1
            }
            _ => 0,
        }));
    outcome.unwrap_or(0)
}

#[cfg(test)]
#[path = "ffi_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "ffi_flying_tests.rs"]
mod flying_tests;
