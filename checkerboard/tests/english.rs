//! The English engine at the interface CheckerBoard uses, on concrete squares: the start position
//! as CheckerBoard sets it up, a king, captures with their path in `CBmove` and `get movelist`,
//! promotion, the game history of `set gamehist` (repetition and the 40-move count), and the
//! same checks of Italian's numbering to show the two differ.

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use damacb::board::{
    cb_move, position_from_board, write_board, CbBoard, Coor, CB_BLACK, CB_DRAW, CB_KING, CB_MAN,
    CB_UNKNOWN, CB_WHITE,
};
use damacb::engine::Engine;
use damacb::game::CbGame;
use damacb::movelist::movelist_reply;
use damacb::request::MoveRequest;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

fn english_board(fen: &str) -> CbBoard {
    let mut board = [[0; 8]; 8];
    write_board::<English>(&mut board, &parse_fen(fen).unwrap());
    board
}

fn at(board: &CbBoard, x: usize, y: usize) -> i32 {
    board[x][y]
}

#[test]
fn the_start_is_checkerboards_start_position() {
    let board = english_board("B:W21-32:B1-12");
    // CheckerBoard's InitCheckerBoard: black men on x+y even of rows 0-2, white men on rows 5-7;
    // English square 4 is board[0][0] and square 1 board[6][0], square 5 board[7][1].
    for x in 0..8 {
        for y in 0..8 {
            let expected = match y {
                _ if (x + y) % 2 == 1 => 0,
                0..=2 => CB_BLACK | CB_MAN,
                5..=7 => CB_WHITE | CB_MAN,
                _ => 0,
            };
            assert_eq!(at(&board, x, y), expected, "x={x} y={y}");
        }
    }
    // Square by square: Black's 1, 4, 5, 12 and White's 21, 29, 32.
    for (n, x, y) in
        [(1, 6, 0), (4, 0, 0), (5, 7, 1), (12, 0, 2), (21, 7, 5), (29, 7, 7), (32, 1, 7)]
    {
        let square = dama_engine::board8::square::Square::from_number(n).unwrap();
        assert_eq!(English::coor(square), Coor { x, y }, "square {n}");
    }
    let start = position_from_board::<English>(&board, CB_BLACK).unwrap();
    assert_eq!(start, dama_engine::english::start());
    // The same array read as Italian is Italian's start: the board is the board, only the
    // numbers differ.
    assert_eq!(position_from_board::<Italian>(&board, CB_WHITE).unwrap(), Italian::start());
}

#[test]
fn a_king_and_a_double_capture_with_its_path() {
    // A white king on 18: board[4][4] holds 9 (white | king).
    let king = english_board("W:WK18:B1");
    assert_eq!(at(&king, 4, 4), CB_WHITE | CB_KING);
    assert_eq!(at(&king, 6, 0), CB_BLACK | CB_MAN);
    assert_eq!(
        position_from_board::<English>(&king, CB_WHITE).unwrap(),
        parse_fen("W:WK18:B1").unwrap()
    );
    // Black's man on 9 takes 14 and 23: 9x18x27, the only move.
    let p = parse_fen("B:W14,23:B9").unwrap();
    let moves = English::legal_moves(&p);
    assert_eq!(moves.len(), 1);
    let m = cb_move::<English>(&p, &moves[0]);
    assert_eq!((m.jumps, m.oldpiece, m.newpiece), (2, CB_BLACK | CB_MAN, CB_BLACK | CB_MAN));
    assert_eq!((m.from, m.to), (Coor { x: 6, y: 2 }, Coor { x: 2, y: 6 }));
    assert_eq!(&m.path[1..3], &[Coor { x: 4, y: 4 }, Coor { x: 2, y: 6 }]);
    assert_eq!(&m.del[..2], &[Coor { x: 5, y: 3 }, Coor { x: 3, y: 5 }]);
    assert_eq!(&m.delpiece[..2], &[CB_WHITE | CB_MAN, CB_WHITE | CB_MAN]);
    assert_eq!(movelist_reply::<English>(&p), "movelist 1,2,6,6,9,27,18,14,5,27,23,5;");
    // The same FEN in Italian numbering is another position: 9 takes nothing there.
    assert!(!Italian::legal_moves(&p).iter().any(|mv| mv.is_capture()));
}

#[test]
fn men_take_kings_and_a_crowning_ends_the_move() {
    // Black's man on 22 takes 26 and is crowned on 31; it may not go on to take 27 as a king.
    let p = parse_fen("B:W26,27:B22").unwrap();
    assert_eq!(movelist_reply::<English>(&p), "movelist 1,1,6,10,22,31,31,26,5;");
    // A man takes a king (Italian men may not).
    let p = parse_fen("B:WK14:B9").unwrap();
    assert_eq!(movelist_reply::<English>(&p), "movelist 1,1,6,6,9,18,18,14,9;");
    // Promotion by a step: 26-30 and 26-31 both crown.
    let p = parse_fen("B:W5:B26").unwrap();
    let reply = movelist_reply::<English>(&p);
    assert!(reply.contains("0,6,10,26,30;") && reply.contains("0,6,10,26,31;"), "{reply}");
}

/// An engine with no endgame tables (not the machine's default directory's: nothing outside the
/// checkout decides a result); a test that wants tables names its own with `set_db_path`.
fn quiet<G: damacb::game::CbGame>(mut engine: Engine<G>) -> Engine<G> {
    engine.set_db_path("").unwrap();
    engine
}

fn request(color: i32, seconds: f64) -> MoveRequest {
    MoveRequest { color, maxtime: seconds, info: 2, moreinfo: 0 }
}

/// Plays `board` with `engine` and returns the verdict and the squares moved.
fn play(engine: &mut Engine<English>, fen: &str, seconds: f64) -> (i32, String) {
    let board = english_board(fen);
    let color = if fen.starts_with('W') { CB_WHITE } else { CB_BLACK };
    let answer = engine.get_move(&board, &request(color, seconds), &|| false, &mut |_| {}).unwrap();
    let m = answer.cb_move.unwrap();
    let number = |c: Coor| 4 * (c.y + 1) - c.x / 2;
    (answer.verdict, format!("{}-{}", number(m.from), number(m.to)))
}

#[test]
fn gamehist_as_checkerboard_sends_it_and_a_repetition() {
    let mut engine = quiet(Engine::<English>::new());
    // The kind of history CheckerBoard's API reference shows: a FEN, then king moves.
    let example = "B:WK12,K27,30,32:B21,K24,28,K31 24-19 27-24 19-15 12-16";
    engine.set_game_history(example).unwrap();
    // In Italian numbering 24-19 is no move.
    assert!(quiet(Engine::<Italian>::new()).set_game_history(example).is_err());
    // White's lone king against three: 32-28 repeats the position a third time, a draw.
    engine.set_game_history("B:WK28:BK1,K13,K16 1-5 28-32 5-1 32-28 1-5 28-32 5-1").unwrap();
    assert_eq!(play(&mut engine, "W:WK32:BK1,K13,K16", 0.3), (CB_DRAW, "32-28".to_string()));
    engine.set_game_history("W:WK32:BK1,K13,K16").unwrap();
    let (verdict, _) = play(&mut engine, "W:WK32:BK1,K13,K16", 0.3);
    assert_ne!(verdict, CB_DRAW, "no repetition without the history");
}

/// A walk of `plies` quiet king moves from `fen` that never offers a capture and never meets a
/// position twice: the moves and the position at its end.
fn quiet_walk(fen: &str, plies: usize, seed: u64) -> (Vec<String>, Position) {
    let mut rng = StdRng::seed_from_u64(seed);
    'walk: loop {
        let mut p = parse_fen(fen).unwrap();
        let (mut moves, mut seen) = (Vec::new(), HashSet::from([p.key()]));
        while moves.len() < plies {
            let legal = English::legal_moves(&p);
            let fresh: Vec<_> =
                legal.iter().filter(|mv| !seen.contains(&English::play(&p, mv).key())).collect();
            if legal.iter().any(|mv| mv.is_capture()) || fresh.is_empty() {
                continue 'walk;
            }
            let mv = *fresh[rng.gen_range(0..fresh.len())];
            moves.push(English::path_text(&p, &mv));
            p = English::play(&p, &mv);
            seen.insert(p.key());
        }
        if !English::legal_moves(&p).iter().any(|mv| mv.is_capture()) {
            return (moves, p);
        }
    }
}

#[test]
fn the_fortieth_quiet_move_is_a_draw() {
    // 79 quiet plies since the last capture: the engine's move is the 80th, 40 moves each.
    let start = "W:WK1,K3:BK30,K32";
    let (moves, end) = quiet_walk(start, 79, 40);
    let fen = English::to_fen(&end);
    let mut engine = quiet(Engine::<English>::new());
    engine.set_game_history(&format!("{start} {}", moves.join(" "))).unwrap();
    assert_eq!(play(&mut engine, &fen, 0.2).0, CB_DRAW, "{fen} after {moves:?}");
    // Two plies fewer in the history: no draw yet.
    let mut after_two = parse_fen(start).unwrap();
    for text in &moves[..2] {
        after_two = English::play(&after_two, &English::parse_move(&after_two, text).unwrap());
    }
    let shorter = format!("{} {}", English::to_fen(&after_two), moves[2..].join(" "));
    engine.set_game_history(&shorter).unwrap();
    assert_eq!(play(&mut engine, &fen, 0.2).0, CB_UNKNOWN, "{fen}");
}

#[test]
fn the_english_engine_probes_english_endgame_tables() {
    use dama_egdb::{build, BuildOptions};
    use std::sync::atomic::AtomicU64;
    let dir = std::env::temp_dir().join(format!("dama-cb-english-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let options = BuildOptions { dir: dir.clone(), pieces: 4, distance_pieces: 4 };
    build::<English>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
    let mut engine = quiet(Engine::<English>::new());
    assert!(engine.set_db_path(&dir.display().to_string()).is_ok());
    let about = engine.tables_text();
    assert!(about.contains(&dir.display().to_string()) && about.contains("up to 6"), "{about}");
    // The First Position with White to move: won (docs/egdb.md); the tables say so at once.
    let board = english_board("W:WK19,K23:B12,K28");
    let answer = engine.get_move(&board, &request(CB_WHITE, 0.1), &|| false, &mut |_| {}).unwrap();
    assert_eq!(answer.verdict, damacb::board::CB_WIN, "{}", answer.status);
    // An Italian engine's tables are another game's: the English directory is refused for it.
    let mut italian = quiet(Engine::<Italian>::new());
    let refused = italian.set_db_path(&dir.join("english").display().to_string()).unwrap_err();
    assert!(refused.contains("English"), "{refused}");
    // Off with max_dbpieces 0: the same position is no longer claimed won at once.
    engine.set_db_pieces(0).unwrap();
    assert!(engine.tables_text().contains("off"), "{}", engine.tables_text());
    std::fs::remove_dir_all(&dir).unwrap();
}
