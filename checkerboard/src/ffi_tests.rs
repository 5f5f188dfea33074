//! The FFI functions through C buffers, for each game.

use super::*;
use crate::board::{self, write_board, CB_BLACK, CB_MAN, CB_WHITE};
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;

/// Reads a NUL-terminated command of at most `capacity` bytes.
///
/// # Safety
/// `text` must point to a NUL-terminated string or to `capacity` readable bytes.
pub(super) unsafe fn read_text(text: *const c_char, capacity: usize) -> String {
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

/// The library engines with no endgame tables, not the machine's default directory's: nothing
/// outside the checkout decides a result. Every test that searches calls it first.
pub(super) fn no_tables() {
    let mut reply = [0 as c_char; TEXT_BYTES];
    let off = b"set dbpath\0";
    unsafe { enginecommand::<Italian>(off.as_ptr().cast(), reply.as_mut_ptr()) };
    unsafe { enginecommand::<English>(off.as_ptr().cast(), reply.as_mut_ptr()) };
    unsafe { enginecommand::<Russian>(off.as_ptr().cast(), reply.as_mut_ptr()) };
    unsafe { enginecommand::<Brazilian>(off.as_ptr().cast(), reply.as_mut_ptr()) };
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
    let understood =
        unsafe { enginecommand::<Italian>(command.as_ptr().cast(), reply.as_mut_ptr()) };
    assert_eq!(understood, 1);
    assert_eq!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }, "22");
    let unknown = b"frobnicate\0";
    let understood =
        unsafe { enginecommand::<Italian>(unknown.as_ptr().cast(), reply.as_mut_ptr()) };
    assert_eq!(understood, 0);
    assert_eq!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }, "?");
}

#[test]
fn move_lists_are_answered_while_getmove_searches() {
    let start = Position::start();
    let searching = std::thread::spawn(move || {
        let mut board = [[0; 8]; 8];
        write_board::<Italian>(&mut board, &start);
        let mut status = [0 as c_char; TEXT_BYTES];
        let mut m = CbMove::default();
        // Book off through the lock first, then a 1.5 s search holding it.
        let off = b"set book 0\0";
        let mut reply = [0 as c_char; TEXT_BYTES];
        unsafe { enginecommand::<Italian>(off.as_ptr().cast(), reply.as_mut_ptr()) };
        no_tables();
        unsafe {
            getmove::<Italian>(
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
    let understood =
        unsafe { enginecommand::<Italian>(command.as_ptr().cast(), reply.as_mut_ptr()) };
    let took = asked.elapsed();
    assert_eq!(understood, 1);
    assert!(unsafe { read_text(reply.as_ptr(), TEXT_BYTES) }.starts_with("movelist 7,"));
    assert!(took < std::time::Duration::from_millis(500), "waited {took:?} for the search");
    searching.join().unwrap();
}

#[test]
fn getmove_plays_a_legal_move_and_writes_the_board_back() {
    no_tables();
    let start = Position::start();
    let mut board = [[0; 8]; 8];
    write_board::<Italian>(&mut board, &start);
    let mut status = [0 as c_char; TEXT_BYTES];
    let playnow: c_int = 0;
    let mut m = CbMove::default();
    // Exact time 0.05 s; the book is on, so the first move may come from it.
    let verdict = unsafe {
        getmove::<Italian>(&mut board, CB_WHITE, 0.05, status.as_mut_ptr(), &playnow, 2, 0, &mut m)
    };
    assert_eq!(verdict, board::CB_UNKNOWN);
    let after = board::position_from_board::<Italian>(&board, CB_BLACK).unwrap();
    let played = start.legal_moves().iter().find(|mv| start.play(mv) == after).copied();
    let played = played.expect("the board after getmove follows a legal move");
    assert_eq!(m, board::cb_move::<Italian>(&start, &played));
    assert_eq!(m.oldpiece, CB_WHITE | CB_MAN);
}

#[test]
fn bad_input_is_answered_not_panicked() {
    no_tables();
    let mut board = [[0; 8]; 8];
    board[1][0] = CB_WHITE | CB_MAN; // a light square
    let mut status = [0 as c_char; TEXT_BYTES];
    let mut m = CbMove::default();
    let before = board;
    let verdict = unsafe {
        getmove::<Italian>(
            &mut board,
            CB_WHITE,
            0.05,
            status.as_mut_ptr(),
            std::ptr::null(),
            0,
            0,
            &mut m,
        )
    };
    assert_eq!(verdict, CB_UNKNOWN);
    assert_eq!(board, before);
    assert!(unsafe { read_text(status.as_ptr(), TEXT_BYTES) }.starts_with("error:"));
    let null = unsafe {
        getmove::<Italian>(
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
    write_board::<Italian>(&mut board, &p);
    assert_eq!(unsafe { islegal::<Italian>(&board, CB_WHITE, 22, 13, &mut m) }, 1);
    assert_eq!(m.jumps, 1);
    assert_eq!(
        unsafe { islegal::<Italian>(&board, CB_WHITE, 22, 19, &mut m) },
        0,
        "capture is compulsory"
    );
    assert_eq!(unsafe { islegal::<Italian>(&board, 7, 22, 13, &mut m) }, 0);
}

/// A command's answer from the English library functions.
fn english_command(command: &str) -> (c_int, String) {
    let command = std::ffi::CString::new(command).unwrap();
    let mut reply = [0 as c_char; TEXT_BYTES];
    let understood = unsafe { enginecommand::<English>(command.as_ptr(), reply.as_mut_ptr()) };
    (understood, unsafe { read_text(reply.as_ptr(), TEXT_BYTES) })
}

#[test]
fn the_english_functions_answer_as_an_english_engine() {
    no_tables();
    assert_eq!(english_command("get gametype"), (1, "21".to_string()));
    assert_eq!(english_command("name"), (1, "Dama English".to_string()));
    assert_eq!(english_command("get protocolversion"), (1, "2".to_string()));
    // No book in English: CheckerBoard greys the option out.
    for command in ["get book", "set book 2"] {
        assert_eq!(english_command(command), (0, "?".to_string()), "{command}");
    }
    // Endgame tables: a missing directory is refused and named, and nothing changes.
    assert_eq!(english_command("get max_dbpieces"), (1, "6".to_string()));
    let (ok, reply) = english_command("set dbpath /nonexistent/dama-english-tables");
    assert!(ok == 0 && reply.contains("/nonexistent/dama-english-tables"), "{reply}");
    assert_eq!(english_command("get dbpath"), (1, String::new()));
    let (ok, about) = english_command("about");
    assert!(ok == 1 && about.contains("English draughts"), "{about}");
    assert!(about.contains("endgame tables none") && !about.contains(", book "), "{about}");
    // CheckerBoard's English start (black men on 1-12, Black to move): 7 moves.
    let (ok, reply) = english_command("get movelist B:W21-32:B1-12");
    assert_eq!(ok, 1);
    assert!(reply.starts_with("movelist 7,0,6,6,"), "{reply}");
    // A man takes a king in English (not in Italian): black 9 takes the white king on 14.
    assert_eq!(
        english_command("get movelist B:WK14:B9"),
        (1, "movelist 1,1,6,6,9,18,18,14,9;".into())
    );
}

#[test]
fn english_getmove_plays_black_first_and_writes_the_board_back() {
    no_tables();
    let start = dama_engine::english::start();
    let mut board = [[0; 8]; 8];
    write_board::<English>(&mut board, &start);
    // CheckerBoard's own start position: black men at x+y even on rows 0-2, square 4 at x=0.
    assert_eq!(board[0][0], CB_BLACK | CB_MAN);
    assert_eq!(board[7][7], CB_WHITE | CB_MAN);
    let mut status = [0 as c_char; TEXT_BYTES];
    let mut m = CbMove::default();
    let verdict = unsafe {
        getmove::<English>(
            &mut board,
            CB_BLACK,
            0.05,
            status.as_mut_ptr(),
            std::ptr::null(),
            2,
            0,
            &mut m,
        )
    };
    assert_eq!(verdict, board::CB_UNKNOWN, "{}", unsafe { read_text(status.as_ptr(), TEXT_BYTES) });
    let after = board::position_from_board::<English>(&board, CB_WHITE).unwrap();
    let played = English::legal_moves(&start).into_iter().find(|mv| start.play(mv) == after);
    let played = played.expect("the board after getmove follows a legal English move");
    assert_eq!(m, board::cb_move::<English>(&start, &played));
    assert_eq!(m.oldpiece, CB_BLACK | CB_MAN);
    // White (colour 1) to move in the start position is a position too, but not Black's move.
    let mut white_board = [[0; 8]; 8];
    write_board::<English>(&mut white_board, &start);
    let before = white_board;
    unsafe {
        getmove::<English>(
            &mut white_board,
            CB_WHITE,
            0.02,
            status.as_mut_ptr(),
            std::ptr::null(),
            2,
            0,
            &mut m,
        )
    };
    assert_ne!(white_board, before);
    assert_eq!(m.oldpiece, CB_WHITE | CB_MAN);
}

#[test]
fn english_islegal_follows_the_english_rules() {
    let mut m = CbMove::default();
    let board_of = |fen: &str| {
        let mut board = [[0; 8]; 8];
        write_board::<English>(&mut board, &parse_fen(fen).unwrap());
        board
    };
    let start = board_of("B:W21-32:B1-12");
    assert_eq!(unsafe { islegal::<English>(&start, CB_BLACK, 9, 13, &mut m) }, 1);
    assert_eq!(unsafe { islegal::<English>(&start, CB_BLACK, 9, 14, &mut m) }, 1);
    assert_eq!(unsafe { islegal::<English>(&start, CB_BLACK, 9, 18, &mut m) }, 0);
    assert_eq!(unsafe { islegal::<English>(&start, CB_BLACK, 12, 16, &mut m) }, 1);
    // 12-15 is an Italian step, not an English one.
    assert_eq!(unsafe { islegal::<English>(&start, CB_BLACK, 12, 15, &mut m) }, 0);
    assert_eq!(
        unsafe { islegal::<English>(&start, CB_WHITE, 9, 13, &mut m) },
        0,
        "not White's man"
    );
    // A man takes a king; the capture is compulsory.
    let king = board_of("B:WK14:B9,1");
    assert_eq!(unsafe { islegal::<English>(&king, CB_BLACK, 9, 18, &mut m) }, 1);
    assert_eq!((m.jumps, m.delpiece[0]), (1, CB_WHITE | board::CB_KING));
    assert_eq!(unsafe { islegal::<English>(&king, CB_BLACK, 1, 5, &mut m) }, 0);
    // Men do not capture backwards.
    let back = board_of("B:W9:B14");
    assert_eq!(unsafe { islegal::<English>(&back, CB_BLACK, 14, 5, &mut m) }, 0);
    assert_eq!(unsafe { islegal::<English>(&back, CB_BLACK, 14, 17, &mut m) }, 1);
    assert_eq!(unsafe { islegal::<English>(&back, 3, 14, 17, &mut m) }, 0);
}
