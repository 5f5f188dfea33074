//! The DXP game: positions and moves as the messages carry them, the end of a game, take-backs
//! and the clock.

use super::*;
use dama_engine::history::play_line;
use dama_frontend::dxp::message::BackRequest;
use rand::{Rng, SeedableRng};

fn game_after(moves: &str) -> DxpGame {
    let mut game = DxpGame::new(1, International::start(), Color::White, 0, 0);
    for word in moves.split_whitespace() {
        let mv = International::parse_move(&game.position, word).unwrap();
        game.play(mv);
    }
    game
}

#[test]
fn setups_and_positions_convert_both_ways() {
    let start = International::start();
    let setup = setup_of(&start);
    assert_eq!(setup.squares, format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20)));
    assert_eq!(position_from_setup(&setup), Ok(start));
    let kings = International::parse_fen("B:WK3,40:BK46,10").unwrap();
    let setup = setup_of(&kings);
    assert_eq!(setup.to_move, Color::Black);
    assert_eq!(&setup.squares[2..3], "W");
    assert_eq!(&setup.squares[45..46], "Z");
    assert_eq!(position_from_setup(&setup), Ok(kings));
    // A man on its crowning row is refused by the rules.
    let mut bad = setup_of(&start);
    bad.squares.replace_range(0..1, "w");
    assert!(position_from_setup(&bad).is_err());
}

#[test]
fn moves_are_found_by_their_squares() {
    let game = game_after("32-28 19-23");
    let step = MoveMessage { seconds: 0, from: 31, to: 27, captured: vec![] };
    let capture = MoveMessage { seconds: 3, from: 28, to: 19, captured: vec![23] };
    let mv = find_move(&game.position, &capture).unwrap();
    assert_eq!((mv.from, mv.to), (28, 19));
    assert_eq!(move_message(&mv, 3), capture);
    // Without its captured squares: the only capture from 28 to 19.
    let bare = MoveMessage { captured: vec![], ..capture.clone() };
    assert_eq!(find_move(&game.position, &bare), Ok(mv));
    // A capture must be taken: the step is refused, and the message lists the legal moves.
    let error = find_move(&game.position, &step).unwrap_err();
    assert!(error.contains("31-27: not a legal move here"), "{error}");
    assert!(error.contains("28x19 (captures 23)"), "{error}");
    let wrong = MoveMessage { captured: vec![24], ..capture };
    assert!(find_move(&game.position, &wrong).is_err());
}

#[test]
fn a_capture_without_its_squares_is_refused_when_several_join_them() {
    // Random king-rich positions until two captures join the same squares.
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for _ in 0..200_000 {
        let mut fen = String::from("W:W");
        let mut used = Vec::new();
        for side in ["", ":B"] {
            fen.push_str(side);
            let mut listed = Vec::new();
            for _ in 0..rng.gen_range(1..7) {
                let square = rng.gen_range(6..=45u8);
                if !used.contains(&square) {
                    used.push(square);
                    listed.push(format!("{}{square}", if rng.gen_bool(0.5) { "K" } else { "" }));
                }
            }
            fen.push_str(&listed.join(","));
        }
        let Ok(position) = International::parse_fen(&fen) else { continue };
        let legal = International::legal_moves(&position);
        let twin = legal.iter().enumerate().find_map(|(i, a)| {
            legal[i + 1..].iter().find(|b| (a.from, a.to) == (b.from, b.to)).map(|_| a)
        });
        if let Some(mv) = twin {
            let bare = MoveMessage { seconds: 0, from: mv.from, to: mv.to, captured: vec![] };
            let error = find_move(&position, &bare).unwrap_err();
            assert!(error.contains("several captures"), "{error}");
            assert_eq!(find_move(&position, &move_message(mv, 0)), Ok(*mv));
            return;
        }
    }
    panic!("no position with two captures joining the same squares");
}

#[test]
fn the_game_ends_by_the_rules_and_the_agreed_moves() {
    let blocked = International::parse_fen("W:W46:B41,37").unwrap();
    let game = DxpGame::new(1, blocked, Color::White, 0, 0);
    assert!(International::legal_moves(&blocked).is_empty());
    assert_eq!(game.verdict().unwrap().0, Outcome::Win(Color::Black));
    let mut limited = game_after("32-28 19-23");
    assert_eq!(limited.verdict(), None);
    limited.move_limit = 1;
    let (outcome, reason) = limited.verdict().unwrap();
    assert_eq!(outcome, Outcome::Unknown);
    assert!(reason.contains("1 moves"), "{reason}");
    // Kings shuffling: the third occurrence is a draw.
    let kings = International::parse_fen("W:WK50,36:BK1,15").unwrap();
    let mut game = DxpGame::new(1, kings, Color::White, 0, 0);
    for word in "50-45 1-6 45-50 6-1 50-45 1-6 45-50 6-1".split(' ') {
        assert_eq!(game.verdict(), None, "{word}");
        game.play(International::parse_move(&game.position, word).unwrap());
    }
    assert_eq!(game.verdict().map(|v| v.0), Some(Outcome::Draw));
    assert_eq!(Outcome::Draw.text(), "1/2-1/2");
}

#[test]
fn backup_requests_name_plies_from_the_start() {
    let game = game_after("32-28 19-23 28x19 14x23");
    let at = |move_number, to_move| game.plies_for(&BackRequest { move_number, to_move });
    assert_eq!(at(1, Color::White), Some(0));
    assert_eq!(at(1, Color::Black), Some(1));
    assert_eq!(at(3, Color::White), Some(4));
    assert_eq!(at(3, Color::Black), None, "not reached yet");
    let black_first = International::parse_fen("B:W31-50:B1-20").unwrap();
    let game = DxpGame::new(1, black_first, Color::White, 0, 0);
    assert_eq!(game.plies_for(&BackRequest { move_number: 1, to_move: Color::White }), None);
    assert_eq!(game.plies_for(&BackRequest { move_number: 1, to_move: Color::Black }), Some(0));
}

#[test]
fn taking_back_replays_the_moves_kept() {
    let mut game = game_after("32-28 19-23 28x19 14x23");
    game.opponent = "Other".into();
    game.take_back_to(1);
    let mut history = GameHistory::new::<International>(&International::start());
    let expected =
        play_line::<International>(International::start(), &mut history, "32-28").unwrap();
    assert_eq!((game.position, game.moves.len()), (expected, 1));
    assert_eq!(game.history.keys(), history.keys());
    assert_eq!(game.opponent, "Other");
    assert!(!game.our_turn());
}

#[test]
fn the_clock_is_the_agreed_time_less_what_was_used() {
    let mut game = game_after("32-28 19-23 28x19 14x23");
    let movetime = Duration::from_millis(300);
    let overhead = Duration::from_millis(45);
    let limits = game.limits(movetime, overhead);
    assert_eq!(limits.move_time, Some(movetime));
    assert_eq!((limits.clock, limits.move_overhead), (None, overhead));
    game.minutes = 2;
    game.move_limit = 40;
    game.used = [Duration::from_secs(30), Duration::from_secs(5)];
    let limits = game.limits(Duration::ZERO, overhead);
    assert_eq!((limits.move_time, limits.move_overhead), (None, overhead));
    let clock = limits.clock.unwrap();
    assert_eq!(clock.time, Duration::from_secs(90));
    assert_eq!(clock.increment, Duration::ZERO);
    assert_eq!(clock.moves_to_go, Some(38), "2 of 40 moves played");
    assert_eq!(game.patience_for_opponent(Duration::from_secs(10)), Duration::from_secs(125));
    game.move_limit = 0;
    assert_eq!(game.limits(Duration::ZERO, overhead).clock.unwrap().moves_to_go, None);
}
