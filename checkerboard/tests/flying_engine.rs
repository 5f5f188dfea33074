//! The Russian and Brazilian engines at the interface CheckerBoard uses: the game history of
//! `set gamehist` in CheckerBoard's numbers (a repetition, a material count of the rules), the
//! game's endgame tables and the other game's refused, and CheckerBoard's Brazilian game, which
//! Black starts.

use dama_egdb::{build, BuildOptions};
use dama_engine::board8::position::Position;
use dama_engine::flying8::fen::parse_fen as parse_pdn_fen;
use dama_engine::flying8::{Brazilian, Russian};
use damacb::board::{write_board, CbBoard, CB_BLACK, CB_DRAW, CB_UNKNOWN, CB_WHITE, CB_WIN};
use damacb::engine::Engine;
use damacb::game::CbGame;
use damacb::request::{MoveAnswer, MoveRequest};
use std::sync::atomic::AtomicU64;

/// An engine with no endgame tables (not the machine's default directory's).
fn quiet<G: CbGame>() -> Engine<G> {
    let mut engine = Engine::<G>::new();
    engine.set_db_path("").unwrap();
    engine
}

/// `G`'s move in `position` (CheckerBoard's board of it), in `seconds`.
fn play<G: CbGame>(engine: &mut Engine<G>, position: &Position, seconds: f64) -> MoveAnswer {
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<G>(&mut board, position);
    let color = if G::side_to_move(position) == dama_engine::color::Color::White {
        CB_WHITE
    } else {
        CB_BLACK
    };
    let request = MoveRequest { color, maxtime: seconds, info: 2, moreinfo: 0 };
    engine.get_move(&board, &request, &|| false, &mut |_| {}).unwrap()
}

/// The move of an answer in CheckerBoard's numbers.
fn squares(answer: &MoveAnswer) -> String {
    let m = answer.cb_move.unwrap();
    let number = |c: damacb::board::Coor| 4 * (c.y + 1) - c.x / 2;
    format!("{}-{}", number(m.from), number(m.to))
}

#[test]
fn gamehist_makes_a_repetition_visible() {
    // CheckerBoard's numbers: White's lone king h2 (28) / g1 (32) against kings b8 (1) / a7 (5),
    // a5 (13) and f6 (11), which also holds the main road. 32-28 repeats the position a third
    // time: a draw the lone king takes, and claims.
    let mut engine = quiet::<Russian>();
    engine.set_game_history("B:WK28:BK1,K13,K11 1-5 28-32 5-1 32-28 1-5 28-32 5-1").unwrap();
    let now = damacb::board::position_from_board::<Russian>(&board("W:WK32:BK1,K13,K11"), 1);
    let answer = play(&mut engine, &now.unwrap(), 0.3);
    assert_eq!(
        (answer.verdict, squares(&answer).as_str()),
        (CB_DRAW, "32-28"),
        "{}",
        answer.status
    );
    engine.set_game_history("W:WK32:BK1,K13,K11").unwrap();
    let answer = play(&mut engine, &parse_cb("W:WK32:BK1,K13,K11"), 0.3);
    assert_ne!(answer.verdict, CB_DRAW, "no repetition without the history: {}", answer.status);
}

/// CheckerBoard's board of a FEN in its numbers.
fn board(fen: &str) -> CbBoard {
    let mut board: CbBoard = [[0; 8]; 8];
    write_board::<Russian>(&mut board, &parse_cb(fen));
    board
}

/// A FEN in CheckerBoard's numbers (Dama's 8x8 square order).
fn parse_cb(fen: &str) -> Position {
    dama_engine::board8::fen::parse_fen(fen).unwrap()
}

/// A walk of `plies` quiet king moves of `G` from `fen` (CheckerBoard's numbers) that never
/// offers a capture and never meets a position twice: the moves in CheckerBoard's numbers and
/// the positions, the first being `fen`'s.
fn quiet_walk<G: CbGame>(fen: &str, plies: usize, seed: u64) -> (Vec<String>, Vec<Position>) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    'walk: loop {
        let mut positions = vec![parse_cb(fen)];
        let mut moves = Vec::new();
        while moves.len() < plies {
            let p = *positions.last().unwrap();
            let legal = G::legal_moves(&p);
            let fresh: Vec<_> =
                legal.iter().filter(|mv| !positions.contains(&G::play(&p, mv))).collect();
            if legal.iter().any(|mv| mv.is_capture()) || fresh.is_empty() {
                continue 'walk;
            }
            let mv = *fresh[rng.gen_range(0..fresh.len())];
            moves.push(format!("{}-{}", mv.from().number(), mv.to().number()));
            positions.push(G::play(&p, &mv));
        }
        let last = positions.last().unwrap();
        if !G::legal_moves(last).iter().any(|mv| mv.is_capture()) {
            return (moves, positions);
        }
    }
}

#[test]
fn gamehist_carries_a_material_count() {
    // Two kings against one: drawn after 5 moves each (10 plies) from the capture that made the
    // material, in Russian (FShR) and Brazilian (FMJD) alike. Nine king moves so far: the
    // engine's move is the tenth, a draw it claims; from the history's seventh position it is not.
    for (history, expected) in [(0, CB_DRAW), (2, CB_UNKNOWN)] {
        let (moves, positions) = quiet_walk::<Russian>("W:WK32,K28:BK1", 9, 5);
        let mut engine = quiet::<Russian>();
        let fen = dama_engine::board8::fen::to_fen(&positions[history]);
        let text = format!("{fen} {}", moves[history..].join(" "));
        engine.set_game_history(&text).unwrap();
        let answer = play(&mut engine, positions.last().unwrap(), 0.1);
        assert_eq!(answer.verdict, expected, "{text}: {}", answer.status);
        let (moves, positions) = quiet_walk::<Brazilian>("B:WK32,K28:BK1", 9, 6);
        let mut engine = quiet::<Brazilian>();
        let fen = dama_engine::board8::fen::to_fen(&positions[history]);
        engine.set_game_history(&format!("{fen} {}", moves[history..].join(" "))).unwrap();
        let answer = play(&mut engine, positions.last().unwrap(), 0.1);
        assert_eq!(answer.verdict, expected, "Brazilian {fen}: {}", answer.status);
    }
}

#[test]
fn the_russian_engine_probes_russian_tables_and_brazilian_refuses_them() {
    let dir = std::env::temp_dir().join(format!("dama-cb-russian-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let options = BuildOptions { dir: dir.clone(), pieces: 3, distance_pieces: 3 };
    build::<Russian>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
    let mut engine = quiet::<Russian>();
    assert_eq!(engine.set_db_path(&dir.display().to_string()), Ok(()));
    let about = engine.tables_text();
    assert!(about.contains(&dir.display().to_string()) && about.contains("up to 6"), "{about}");
    // A king and a man against a man (PDN's numbers: king b8, man c7, man b4), won in 11 plies:
    // the tables say so at the root.
    let won = parse_pdn_fen("W:WK29,26:B13").unwrap();
    let answer = play(&mut engine, &won, 0.05);
    assert_eq!(answer.verdict, CB_WIN, "{}", answer.status);
    assert!(answer.status.contains("tb win"), "{}", answer.status);
    // Off with max_dbpieces 0: no table answers.
    engine.set_db_pieces(0).unwrap();
    let answer = play(&mut engine, &won, 0.05);
    assert!(!answer.status.contains("tb"), "{}", answer.status);
    // The Brazilian engine has no tables there: the directory is refused, both games named.
    let refused = quiet::<Brazilian>().set_db_path(&dir.display().to_string()).unwrap_err();
    assert!(refused.contains("Brazilian") && refused.contains("Russian"), "{refused}");
    std::fs::remove_dir_all(&dir).unwrap();
}
