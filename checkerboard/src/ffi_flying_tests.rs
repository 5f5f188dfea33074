//! The FFI functions of the Russian and Brazilian engines through C buffers: the commands
//! CheckerBoard sends, `getmove` from CheckerBoard's start of each game (Russian with White,
//! Brazilian with Black, as CheckerBoard 1.77 starts them), `islegal`.

use super::tests::{no_tables, read_text};
use super::*;
use crate::board::{self, write_board, CB_BLACK, CB_MAN, CB_WHITE};
use crate::game::CbGame;
use dama_engine::board8::position::Position;
use dama_engine::flying8::fen::parse_fen as parse_pdn_fen;
use dama_engine::flying8::{Brazilian, Russian};

/// A command's answer from the functions of the game `G`.
fn command<G: LibraryEngine>(text: &str) -> (c_int, String) {
    let text = std::ffi::CString::new(text).unwrap();
    let mut reply = [0 as c_char; TEXT_BYTES];
    let understood = unsafe { enginecommand::<G>(text.as_ptr(), reply.as_mut_ptr()) };
    (understood, unsafe { read_text(reply.as_ptr(), TEXT_BYTES) })
}

fn answers_as_its_game<G: LibraryEngine>(game_type: &str, name: &str, about: &str) {
    assert_eq!(command::<G>("get gametype"), (1, game_type.to_string()));
    assert_eq!(command::<G>("name"), (1, name.to_string()));
    assert_eq!(command::<G>("get protocolversion"), (1, "2".to_string()));
    assert_eq!(command::<G>("get movelist B:W1:B"), (1, "movelist 0".to_string()));
    // No book: CheckerBoard greys the option out.
    for text in ["get book", "set book 2", "set allscores 1"] {
        assert_eq!(command::<G>(text), (0, "?".to_string()), "{text}");
    }
    let (ok, reply) = command::<G>("set dbpath /nonexistent/dama-flying-tables");
    assert!(ok == 0 && reply.contains("/nonexistent/dama-flying-tables"), "{reply}");
    let (ok, text) = command::<G>("about");
    assert!(ok == 1 && text.contains(about) && !text.contains(", book "), "{text}");
    // CheckerBoard's FEN of the start (its numbers: White's men on 21-32): 7 moves, the men of
    // the third row from White (21-24) stepping up.
    let (ok, reply) = command::<G>("get movelist W:W21-32:B1-12");
    assert!(ok == 1 && reply.starts_with("movelist 7,0,5,5,2"), "{reply}");
}

#[test]
fn the_flying_engines_answer_as_their_games() {
    no_tables();
    answers_as_its_game::<Russian>("25", "Dama Russian", "Russian draughts");
    answers_as_its_game::<Brazilian>("26", "Dama Brazilian", "Brazilian draughts");
}

/// Plays `colour`'s move on CheckerBoard's start board with `G`'s `getmove`; returns the move
/// played and checks the board written back and CBmove.
fn plays_from_the_start<G: LibraryEngine>(colour: i32) {
    let start = Position::start().with_side_to_move(board::color_of(colour).unwrap());
    let mut cb_board = [[0; 8]; 8];
    write_board::<G>(&mut cb_board, &start);
    let mut status = [0 as c_char; TEXT_BYTES];
    let mut m = CbMove::default();
    let verdict = unsafe {
        getmove::<G>(
            &mut cb_board,
            colour,
            0.05,
            status.as_mut_ptr(),
            std::ptr::null(),
            2,
            0,
            &mut m,
        )
    };
    let text = unsafe { read_text(status.as_ptr(), TEXT_BYTES) };
    assert_eq!(verdict, board::CB_UNKNOWN, "{text}");
    assert!(text.starts_with("Dama  depth"), "{text}");
    let after = board::position_from_board::<G>(&cb_board, colour ^ 3).unwrap();
    let played = G::legal_moves(&start).into_iter().find(|mv| G::play(&start, mv) == after);
    let played = played.expect("the board after getmove follows a legal move");
    assert_eq!(m, board::cb_move::<G>(&start, &played));
    assert_eq!(m.oldpiece, colour | CB_MAN);
    // A man's step forward: towards y = 0 for White, y = 7 for Black.
    assert_eq!(m.to.y - m.from.y, if colour == CB_WHITE { -1 } else { 1 });
}

#[test]
fn getmove_plays_from_checkerboards_start_of_each_game() {
    no_tables();
    plays_from_the_start::<Russian>(CB_WHITE);
    // CheckerBoard 1.77 starts a Brazilian game with Black; the engine plays either colour.
    plays_from_the_start::<Brazilian>(CB_BLACK);
    plays_from_the_start::<Brazilian>(CB_WHITE);
}

#[test]
fn islegal_through_the_c_interface() {
    let mut cb_board = [[0; 8]; 8];
    // White king a1 (29) takes d4 and f6, ending on g7 (8) or h8 (4); Brazilian the same.
    write_board::<Russian>(&mut cb_board, &parse_pdn_fen("W:WKa1:Bd4,f6").unwrap());
    let mut m = CbMove::default();
    assert_eq!(unsafe { islegal::<Russian>(&cb_board, CB_WHITE, 29, 8, &mut m) }, 1);
    assert_eq!((m.jumps, m.del[0], m.del[1]), (2, Russian::coor(sq(18)), Russian::coor(sq(11))));
    assert_eq!(unsafe { islegal::<Brazilian>(&cb_board, CB_WHITE, 29, 4, &mut m) }, 1);
    assert_eq!(unsafe { islegal::<Russian>(&cb_board, CB_WHITE, 29, 15, &mut m) }, 0);
    assert_eq!(unsafe { islegal::<Russian>(&cb_board, 0, 29, 8, &mut m) }, 0);
    assert_eq!(unsafe { islegal::<Russian>(std::ptr::null(), CB_WHITE, 29, 8, &mut m) }, 0);
    // A piece on a light square is no board: 0, no panic.
    cb_board[0][1] = CB_BLACK | CB_MAN;
    assert_eq!(unsafe { islegal::<Brazilian>(&cb_board, CB_WHITE, 29, 8, &mut m) }, 0);
}

fn sq(n: u8) -> dama_engine::board8::square::Square {
    dama_engine::board8::square::Square::from_number(n).unwrap()
}
