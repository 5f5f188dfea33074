//! # dama-checkerboard
//!
//! Dama as a CheckerBoard engine: the DLL interface CheckerBoard (Windows) loads from its
//! `engines` folder, for Italian checkers (game type 22). Built as `damacb.dll` for 64-bit Windows
//! (cross-compiled with mingw) and `libdamacb.so` on Linux, where the test harnesses load it.
//!
//! Three functions are exported with the C calling convention (`extern "system"`: `__stdcall`,
//! which on x86-64 Windows is the one C convention):
//! - `getmove`: searches the board it is given and writes the position after its move back;
//! - `enginecommand`: `name`, `about`, `help`, `get`/`set` of the settings, `get movelist`,
//!   `set gamehist`;
//! - `islegal`: whether a move from one square to another is legal.
//!
//! The engine's state is one [`engine::Engine`] behind a lock, held by `getmove` for its whole
//! search; `islegal` and the commands that need no state (`get movelist`, `name`, ...) do not
//! take it, so they are answered at once during a search, and the settings wait for the move.
//! No panic crosses the boundary (each export catches it and answers an error), and nothing is
//! printed.

pub mod board;
pub mod commands;
pub mod engine;
pub mod request;

use board::{CbBoard, CbMove, CB_UNKNOWN};
use engine::Engine;
use request::{apply_answer, MoveRequest};
use std::ffi::{c_char, c_double, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// Size of `getmove`'s status string and `enginecommand`'s reply.
pub const TEXT_BYTES: usize = 1024;
/// Size of `enginecommand`'s command buffer.
pub const COMMAND_BYTES: usize = 256;

/// The one engine of the loaded library.
fn engine() -> MutexGuard<'static, Engine> {
    static ENGINE: OnceLock<Mutex<Engine>> = OnceLock::new();
    // A panic while the lock was held leaves settings intact (the search state is rebuilt on
    // a failed search), so a poisoned lock is taken over.
    ENGINE.get_or_init(|| Mutex::new(Engine::new())).lock().unwrap_or_else(|e| e.into_inner())
}

/// Copies `text` into a C buffer of `capacity` bytes, cut at a character boundary and
/// NUL-terminated.
///
/// # Safety
/// `out` must be valid for writes of `capacity` bytes.
unsafe fn write_text(out: *mut c_char, capacity: usize, text: &str) {
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

/// CheckerBoard's `getmove`: plays a move on `board` (written back), fills `cbmove`, updates
/// `str` while searching, stops early when `*playnow` becomes non-zero, and returns
/// `CB_WIN`/`CB_LOSS`/`CB_DRAW`/`CB_UNKNOWN`. On an invalid board it writes the reason into
/// `str`, leaves the board as it is and returns `CB_UNKNOWN`.
///
/// # Safety
/// `board` must point to an `int[8][8]`, `str` to 1024 writable bytes, `playnow` to an `int`
/// (or be null), `cbmove` to a `struct CBmove` (or be null), all valid for the whole call.
#[no_mangle]
pub unsafe extern "system" fn getmove(
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
        let answer = engine().get_move(&cb_board, &request, &stop, &mut status);
        match answer {
            Ok(answer) => {
                let mut out = if cbmove.is_null() { CbMove::default() } else { *cbmove };
                apply_answer(&mut cb_board, &mut out, &answer);
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

/// CheckerBoard's `enginecommand`: carries out `command` and writes the reply; 1 when the
/// command was understood and done, 0 otherwise (`?` for a command Dama does not know).
///
/// # Safety
/// `command` must be a NUL-terminated string (CheckerBoard passes a 256-byte buffer) and
/// `reply` must have 1024 writable bytes.
#[no_mangle]
pub unsafe extern "system" fn enginecommand(command: *const c_char, reply: *mut c_char) -> c_int {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let text = read_c_string(command);
        // Commands that need no engine state do not wait for a search holding the engine.
        let answer =
            commands::stateless(&text).unwrap_or_else(|| commands::run(&mut engine(), &text));
        write_text(reply, TEXT_BYTES, &answer.text);
        c_int::from(answer.understood)
    }));
    outcome.unwrap_or_else(|_| {
        write_text(reply, TEXT_BYTES, "error: internal failure");
        0
    })
}

/// CheckerBoard's `islegal`: 1 and `cbmove` filled when `color` may move from square `from` to
/// square `to` (numbers 1-32) on `board`, else 0.
///
/// # Safety
/// `board` must point to an `int[8][8]` and `cbmove` to a `struct CBmove` (or be null).
#[no_mangle]
pub unsafe extern "system" fn islegal(
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
        catch_unwind(AssertUnwindSafe(|| match engine::is_legal(&*board, color, from, to) {
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
mod tests {
    use super::*;
    use board::{write_board, CB_BLACK, CB_MAN, CB_WHITE};
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::board8::position::Position;

    /// Reads a NUL-terminated command of at most `capacity` bytes.
    ///
    /// # Safety
    /// `text` must point to a NUL-terminated string or to `capacity` readable bytes.
    unsafe fn read_text(text: *const c_char, capacity: usize) -> String {
        if text.is_null() {
            return String::new();
        }
        let bytes = std::slice::from_raw_parts(text.cast::<u8>(), capacity);
        let bytes = match bytes.iter().position(|&b| b == 0) {
            Some(end) => &bytes[..end],
            None => bytes,
        };
        String::from_utf8_lossy(bytes).into_owned()
    }

    #[test]
    fn text_is_cut_at_the_buffer_and_terminated() {
        let mut buffer = [1 as c_char; 8];
        unsafe { write_text(buffer.as_mut_ptr(), buffer.len(), "abcdefghijk") };
        let read = unsafe { read_text(buffer.as_ptr(), buffer.len()) };
        assert_eq!(read, "abcdefg");
        // A multi-byte character is not split.
        unsafe { write_text(buffer.as_mut_ptr(), 3, "aé") };
        assert_eq!(unsafe { read_text(buffer.as_ptr(), 3) }, "a");
    }

    #[test]
    fn enginecommand_answers_through_c_buffers() {
        let command = b"get gametype\0";
        let mut reply = [0 as c_char; TEXT_BYTES];
        let understood = unsafe { enginecommand(command.as_ptr().cast(), reply.as_mut_ptr()) };
        assert_eq!(understood, 1);
        assert_eq!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }, "22");
        let unknown = b"frobnicate\0";
        let understood = unsafe { enginecommand(unknown.as_ptr().cast(), reply.as_mut_ptr()) };
        assert_eq!(understood, 0);
        assert_eq!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }, "?");
    }

    #[test]
    fn move_lists_are_answered_while_getmove_searches() {
        let start = Position::start();
        let searching = std::thread::spawn(move || {
            let mut board = [[0; 8]; 8];
            write_board(&mut board, &start);
            let mut status = [0 as c_char; TEXT_BYTES];
            let mut m = CbMove::default();
            // Book off through the lock first, then a 1.5 s search holding it.
            let off = b"set book 0\0";
            let mut reply = [0 as c_char; TEXT_BYTES];
            unsafe { enginecommand(off.as_ptr().cast(), reply.as_mut_ptr()) };
            unsafe {
                getmove(
                    &mut board,
                    CB_WHITE,
                    1.5,
                    status.as_mut_ptr(),
                    std::ptr::null(),
                    2,
                    0,
                    &mut m,
                )
            }
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        let command = b"get movelist W:W21-32:B1-12\0";
        let mut reply = [0 as c_char; TEXT_BYTES];
        let asked = std::time::Instant::now();
        let understood = unsafe { enginecommand(command.as_ptr().cast(), reply.as_mut_ptr()) };
        let took = asked.elapsed();
        assert_eq!(understood, 1);
        assert!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }.starts_with("movelist 7,"));
        assert!(took < std::time::Duration::from_millis(500), "waited {took:?} for the search");
        searching.join().unwrap();
    }

    #[test]
    fn getmove_plays_a_legal_move_and_writes_the_board_back() {
        let start = Position::start();
        let mut board = [[0; 8]; 8];
        write_board(&mut board, &start);
        let mut status = [0 as c_char; TEXT_BYTES];
        let playnow: c_int = 0;
        let mut m = CbMove::default();
        // Exact time 0.05 s; the book is on, so the first move may come from it.
        let verdict = unsafe {
            getmove(&mut board, CB_WHITE, 0.05, status.as_mut_ptr(), &playnow, 2, 0, &mut m)
        };
        assert_eq!(verdict, board::CB_UNKNOWN);
        let after = board::position_from_board(&board, CB_BLACK).unwrap();
        let played = start.legal_moves().iter().find(|mv| start.play(mv) == after).copied();
        let played = played.expect("the board after getmove follows a legal move");
        assert_eq!(m, board::cb_move(&start, &played));
        assert_eq!(m.oldpiece, CB_WHITE | CB_MAN);
    }

    #[test]
    fn bad_input_is_answered_not_panicked() {
        let mut board = [[0; 8]; 8];
        board[1][0] = CB_WHITE | CB_MAN; // a light square
        let mut status = [0 as c_char; TEXT_BYTES];
        let mut m = CbMove::default();
        let before = board;
        let verdict = unsafe {
            getmove(&mut board, CB_WHITE, 0.05, status.as_mut_ptr(), std::ptr::null(), 0, 0, &mut m)
        };
        assert_eq!(verdict, CB_UNKNOWN);
        assert_eq!(board, before);
        assert!(unsafe { read_text(status.as_ptr(), TEXT_BYTES) }.starts_with("error:"));
        let null = unsafe {
            getmove(
                std::ptr::null_mut(),
                1,
                0.1,
                status.as_mut_ptr(),
                std::ptr::null(),
                0,
                0,
                &mut m,
            )
        };
        assert_eq!(null, CB_UNKNOWN);
        let p = parse_fen("W:W22:B18").unwrap();
        let mut board = [[0; 8]; 8];
        write_board(&mut board, &p);
        assert_eq!(unsafe { islegal(&board, CB_WHITE, 22, 13, &mut m) }, 1);
        assert_eq!(m.jumps, 1);
        assert_eq!(
            unsafe { islegal(&board, CB_WHITE, 22, 19, &mut m) },
            0,
            "capture is compulsory"
        );
        assert_eq!(unsafe { islegal(&board, 7, 22, 13, &mut m) }, 0);
    }
}
