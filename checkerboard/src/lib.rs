//! # dama-checkerboard
//!
//! Dama as a CheckerBoard engine: the DLL interface CheckerBoard (Windows) loads from its
//! `engines` folder. One library plays one game, chosen when it is built ([`Game`]):
//! - Italian draughts (game type 22), the default: `damacb.dll` for 64-bit Windows
//!   (cross-compiled with mingw) and `libdamacb.so` on Linux, where the test harnesses load it;
//! - English draughts (checkers, game type 21) with the cargo feature `english`: the same file
//!   names, installed as `damacb_english.dll` (`libdamacb_english.so` for the harnesses);
//! - Russian draughts (game type 25) with the feature `russian`, installed as
//!   `damacb_russian.dll`, and Brazilian draughts (26) with `brazilian`, installed as
//!   `damacb_brazilian.dll` ([`flying`]).
//!
//! CheckerBoard asks the engine `get gametype` and sets its own game to the answer; it passes no
//! game to the engine, so a library cannot serve two. The code is one, generic over the game
//! ([`game::CbGame`]): the board conversion, the engine, the commands; every game is compiled and
//! tested in every build, and the feature only chooses the one the exports serve.
//!
//! Three functions are exported with the C calling convention (`extern "system"`: `__stdcall`,
//! which on x86-64 Windows is the one C convention):
//! - `getmove`: searches the board it is given and writes the position after its move back;
//! - `enginecommand`: `name`, `about`, `help`, `get`/`set` of the settings, `get movelist`,
//!   `set gamehist`;
//! - `islegal`: whether a move from one square to another is legal.
//!
//! The engine's state is one [`engine::Engine`] per game behind a lock, held by `getmove` for its
//! whole search (see [`ffi`]). No panic crosses the boundary (each export catches it and answers
//! an error), and nothing is printed.

pub mod board;
pub mod commands;
pub mod engine;
pub mod ffi;
pub mod flying;
pub mod game;
pub mod movelist;
pub mod request;
pub mod route;

use board::CbMove;
use std::ffi::{c_char, c_double, c_int};

pub use ffi::{COMMAND_BYTES, TEXT_BYTES};

#[cfg(any(
    all(feature = "english", feature = "russian"),
    all(feature = "english", feature = "brazilian"),
    all(feature = "russian", feature = "brazilian")
))]
compile_error!(
    "one library plays one game: the features english, russian and brazilian exclude each other"
);

/// The game the library's exports play: Italian draughts.
#[cfg(not(any(feature = "english", feature = "russian", feature = "brazilian")))]
pub type Game = dama_engine::italian::Italian;

/// The game the library's exports play: English draughts (feature `english`).
#[cfg(feature = "english")]
pub type Game = dama_engine::english::English;

/// The game the library's exports play: Russian draughts (feature `russian`).
#[cfg(feature = "russian")]
pub type Game = dama_engine::flying8::Russian;

/// The game the library's exports play: Brazilian draughts (feature `brazilian`).
#[cfg(feature = "brazilian")]
pub type Game = dama_engine::flying8::Brazilian;

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
    ffi::getmove::<Game>(board, color, maxtime, str, playnow, info, moreinfo, cbmove)
}

/// CheckerBoard's `enginecommand`: carries out `command` and writes the reply; 1 when the
/// command was understood and done, 0 otherwise (`?` for a command Dama does not know).
///
/// # Safety
/// `command` must be a NUL-terminated string (CheckerBoard passes a 256-byte buffer) and
/// `reply` must have 1024 writable bytes.
#[no_mangle]
pub unsafe extern "system" fn enginecommand(command: *const c_char, reply: *mut c_char) -> c_int {
    ffi::enginecommand::<Game>(command, reply)
}

/// CheckerBoard's `islegal`: 1 and `cbmove` filled when `color` may move from square `from` to
/// square `to` (1-32, as CheckerBoard numbers the game's squares) on `board`, else 0.
/// (CheckerBoard checks English moves with its own generator and does not call it for English,
/// nor for any game once the engine answers `get movelist`; it answers all the same.)
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
    ffi::islegal::<Game>(board, color, from, to, cbmove)
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::CbGame;

    #[test]
    fn the_exports_serve_the_game_the_library_was_built_for() {
        let mut reply = [0 as c_char; TEXT_BYTES];
        let understood = unsafe { enginecommand(c"get gametype".as_ptr(), reply.as_mut_ptr()) };
        assert_eq!(understood, 1);
        let text = unsafe { std::ffi::CStr::from_ptr(reply.as_ptr()) }.to_str().unwrap();
        assert_eq!(text, Game::GAME_TYPE.to_string());
        let expected = if cfg!(feature = "english") {
            "21"
        } else if cfg!(feature = "russian") {
            "25"
        } else if cfg!(feature = "brazilian") {
            "26"
        } else {
            "22"
        };
        assert_eq!(text, expected);
    }
}
