//! Russian and Brazilian squares against CheckerBoard's formulas and the Russian board, and
//! flying-king moves as CheckerBoard is told them, on concrete squares worked out by hand.

use super::*;
use crate::board::{cb_move, position_from_board, write_board, CbBoard, CB_BLACK, CB_WHITE};
use crate::engine::Engine;
use crate::movelist::movelist_reply;
use dama_engine::flying8::fen::parse_fen as parse_pdn_fen;
use dama_engine::flying8::squares::{algebraic, number as pdn_number};
use dama_engine::rules::Rules;

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

/// A position written in the game's own notation (algebraic squares, or PDN's numbers).
fn pdn(fen: &str) -> Position {
    parse_pdn_fen(fen).unwrap()
}

#[test]
fn squares_follow_checkerboards_default_formula() {
    for n in 1..=32 {
        // cb_interface.h, numbertocoors and coorstonumber: the default case (no case for 25, 26).
        let y = (n - 1) / 4;
        let x = 2 * (3 - (n - 1) % 4) + y % 2;
        for c in [Russian::coor(sq(n as u8)), Brazilian::coor(sq(n as u8))] {
            assert_eq!(c, Coor { x, y }, "square {n}");
            assert_eq!(4 * (c.y + 1) - c.x / 2, n);
        }
        assert_eq!(Russian::square_at(Coor { x, y }), Some(sq(n as u8)));
        assert_eq!(Brazilian::square_at(Coor { x, y }), Some(sq(n as u8)));
    }
    for x in -1..9 {
        for y in -1..9 {
            let on = (0..8).contains(&x) && (0..8).contains(&y) && (x + y) % 2 == 0;
            assert_eq!(Russian::square_at(Coor { x, y }).is_some(), on, "x={x} y={y}");
        }
    }
}

#[test]
fn checkerboards_board_is_the_russian_board_seen_from_white() {
    // White's men start on y = 5-7 (InitCheckerBoard) and the dark squares are x + y even, so
    // board[x][y] is file h - x, rank 8 - y: a1 at board[7][7], h8 at board[0][0].
    for square in Square::ALL {
        let c = Russian::coor(square);
        let file = char::from(b'h' - c.x as u8);
        let rank = char::from(b'8' - c.y as u8);
        assert_eq!(algebraic(square), format!("{file}{rank}"), "{c:?}");
    }
    // CheckerBoard's numbers: 1 b8, 4 h8, 5 a7, 29 a1, 32 g1; PDN's are the rows the other way
    // round (1 a1, 29 b8).
    for (n, name, pdn_n) in
        [(1, "b8", 29), (4, "h8", 32), (5, "a7", 25), (29, "a1", 1), (32, "g1", 4)]
    {
        assert_eq!((algebraic(sq(n)), pdn_number(sq(n))), (name.to_string(), pdn_n), "{n}");
    }
    // KestoG (a Russian CheckerBoard engine) numbers board[6][0] 1, board[0][0] 4,
    // board[7][7] 29 and board[1][7] 32 in its islegal.
    for (x, y, n) in [(6, 0, 1), (0, 0, 4), (7, 7, 29), (1, 7, 32)] {
        assert_eq!(Russian::square_at(Coor { x, y }), Some(sq(n)));
    }
}

#[test]
fn the_start_is_checkerboards_start_position() {
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<Russian>(&mut board, &Russian::start());
    for (x, column) in board.iter().enumerate() {
        for (y, &code) in column.iter().enumerate() {
            let expected = match y {
                _ if (x + y) % 2 == 1 => 0,
                0..=2 => CB_BLACK | crate::board::CB_MAN,
                5..=7 => CB_WHITE | crate::board::CB_MAN,
                _ => 0,
            };
            assert_eq!(code, expected, "x={x} y={y}");
        }
    }
    // White (colour 1) to move is the game's start; the PDN start is the same position.
    let start = position_from_board::<Russian>(&board, CB_WHITE).unwrap();
    assert_eq!(start, pdn("W:W1-12:B21-32"));
    assert_eq!(start, Brazilian::start());
    // CheckerBoard starts Brazilian with Black (colour 2): the same board, Black to move.
    let black_first = position_from_board::<Brazilian>(&board, CB_BLACK).unwrap();
    assert_eq!(Brazilian::legal_moves(&black_first).len(), 7);
    assert_eq!(movelist_reply::<Russian>(&start).split(';').count() - 1, 7);
}

#[test]
fn a_flying_king_lands_where_it_can_go_on() {
    // White king a1 takes d4 (landing e5, the one square from which it goes on) then f6,
    // landing on g7 or h8: CheckerBoard's a1 29 (7,7), e5 15 (3,3), d4 18 (4,4), f6 11 (2,2),
    // g7 8 (1,1), h8 4 (0,0).
    let p = pdn("W:WKa1:Bd4,f6");
    let reply = movelist_reply::<Russian>(&p);
    let mut entries: Vec<&str> = reply["movelist 2,".len()..].split_terminator(';').collect();
    entries.sort();
    assert!(reply.starts_with("movelist 2,"), "{reply}");
    assert_eq!(entries, ["2,9,9,29,4,15,18,6,4,11,6", "2,9,9,29,8,15,18,6,8,11,6"]);
    let to_g7 = Russian::legal_moves(&p).into_iter().find(|m| m.to() == sq(8)).unwrap();
    let m = cb_move::<Russian>(&p, &to_g7);
    assert_eq!((m.jumps, m.oldpiece, m.newpiece), (2, 9, 9));
    assert_eq!((m.from, m.to), (Coor { x: 7, y: 7 }, Coor { x: 1, y: 1 }));
    assert_eq!(&m.path[1..3], &[Coor { x: 3, y: 3 }, Coor { x: 1, y: 1 }]);
    assert_eq!(&m.del[..2], &[Coor { x: 4, y: 4 }, Coor { x: 2, y: 2 }]);
    assert_eq!(&m.delpiece[..2], &[6, 6]);
    // Brazilian: the same two moves (both take the most).
    assert_eq!(movelist_reply::<Brazilian>(&p).len(), reply.len());
}

#[test]
fn a_man_crowned_in_a_capture_goes_on_as_a_king_in_russian_only() {
    // White man b6 (9) takes c7 (6) and reaches d8 (2). Russian: crowned, it goes on as a king
    // over f6 (11) to g5 (16) or h4 (20). Brazilian: it stays a man, cannot go on, and is crowned
    // where the move ends.
    let p = pdn("W:Wb6:Bc7,f6");
    let russian = movelist_reply::<Russian>(&p);
    assert!(russian.starts_with("movelist 2,"), "{russian}");
    assert!(russian.contains("2,5,9,9,16,2,6,6,16,11,6;"), "{russian}");
    assert!(russian.contains("2,5,9,9,20,2,6,6,20,11,6;"), "{russian}");
    assert_eq!(movelist_reply::<Brazilian>(&p), "movelist 1,1,5,9,9,2,2,6,6;");
}

#[test]
fn three_kings_have_more_moves_than_checkerboard_holds() {
    // Three white kings on an open board against one: more than CheckerBoard's 28 moves.
    let p = pdn("W:WKc5,Ke5,Kd2:BKh8");
    let moves = Russian::legal_moves(&p);
    assert_eq!(moves.len(), 32);
    let reply = movelist_reply::<Russian>(&p);
    assert!(reply.starts_with("movelist 28,") && reply.len() <= 1023, "{reply}");
    // Every move is written, the count is CheckerBoard's 28.
    assert_eq!(reply.matches(';').count(), moves.len());
}

#[test]
fn gamehist_moves_are_in_checkerboards_numbers() {
    let mut engine = Engine::<Russian>::new();
    engine.set_db_path("").unwrap();
    // King a1 (29) to b2 (25), b8 (1) to a7 (5), back to a1.
    assert_eq!(engine.set_game_history("W:WK29:BK1 29-25 1-5 25-29"), Ok(()));
    // In PDN's numbers 29-25 would be b8-a7: no piece there in CheckerBoard's numbers either.
    let refused = engine.set_game_history("W:WK29:BK1 25-29").unwrap_err();
    assert!(refused.contains("move 1") && refused.contains("25-29"), "{refused}");
    let mut brazilian = Engine::<Brazilian>::new();
    brazilian.set_db_path("").unwrap();
    assert_eq!(brazilian.set_game_history("B:WK29:BK1 1-5 29-25 5-1"), Ok(()));
    assert!(brazilian.set_game_history("B:WK29:BK1 1-30").is_err());
    // A king on the main road with the other's on the line beyond: the capture is compulsory.
    assert!(engine.set_game_history("B:WK25:BK4 4-8").unwrap_err().contains("not a legal"));
}

#[test]
fn islegal_tells_a_flying_capture_from_its_squares() {
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<Russian>(&mut board, &pdn("W:WKa1:Bd4,f6"));
    let legal = crate::engine::is_legal::<Russian>(&board, CB_WHITE, 29, 4).unwrap().unwrap();
    assert_eq!(
        (legal.jumps, legal.path[1], legal.path[2]),
        (2, Coor { x: 3, y: 3 }, Coor { x: 0, y: 0 })
    );
    // Stopping on e5 is no move (the capture goes on), nor is a quiet move when one must take.
    assert_eq!(crate::engine::is_legal::<Russian>(&board, CB_WHITE, 29, 15), Ok(None));
    assert_eq!(crate::engine::is_legal::<Russian>(&board, CB_WHITE, 29, 25), Ok(None));
    // Black's man d4 (18) steps forward to c3 (22), not back to c5 (14).
    assert!(crate::engine::is_legal::<Russian>(&board, CB_BLACK, 18, 22).unwrap().is_some());
    assert_eq!(crate::engine::is_legal::<Russian>(&board, CB_BLACK, 18, 14), Ok(None));
    assert!(crate::engine::is_legal::<Russian>(&board, 3, 29, 4).is_err());
}

#[test]
fn checkerboards_three_move_start_reaches_islegal_in_these_numbers() {
    // CheckerBoard's start3move plays an English ballot in a game whose start colour is White by
    // its squares 33 - n (Squarelist::reverse_color) through the engine's islegal, asserting it
    // legal. Black's seven English first moves so become White's seven Russian ones.
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<Russian>(&mut board, &Russian::start());
    let english = [(9, 13), (9, 14), (10, 14), (10, 15), (11, 15), (11, 16), (12, 16)];
    for (from, to) in english {
        let reversed = crate::engine::is_legal::<Russian>(&board, CB_WHITE, 33 - from, 33 - to);
        assert!(reversed.unwrap().is_some(), "{}-{}", 33 - from, 33 - to);
        let as_given = crate::engine::is_legal::<Russian>(&board, CB_WHITE, from, to);
        assert_eq!(as_given, Ok(None), "{from}-{to}");
    }
    assert_eq!(Russian::legal_moves(&Russian::start()).len(), english.len());
}
