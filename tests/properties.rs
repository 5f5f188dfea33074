//! Property tests of the rules crate over two kinds of positions: those reached by random play
//! from the start, and random king-rich placements (men never on their own promotion row, at most
//! 12 pieces a side). Proptest shrinks a failure to a short game or a sparse placement, printed
//! as FEN. Raise the number of cases with `PROPTEST_CASES=5000`.
//!
//! The seeded `rand` tests below play whole games and survey many placements deterministically.

#[path = "common/positions.rs"]
mod positions;
#[path = "common/reference.rs"]
mod reference;

use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::fen::{parse_fen, to_fen};
use dama_engine::board8::hubpos::{parse_hub_position, to_hub_position};
use dama_engine::board8::moves::{Move, MoveList};
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;
use dama_engine::italian::notation::{hub_notation, parse_move, path_notation, short_notation};
use dama_engine::italian::PathMode;
use dama_engine::movelist::MOVE_LIST_CAPACITY;
use positions::{any_position, king_rich_position, random_placement};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Checks shared by the proptest and the seeded tests
// ---------------------------------------------------------------------------------------------

/// The invariants of a single position.
fn check_position(p: &Position) {
    let (white, black) = (p.pieces(Color::White), p.pieces(Color::Black));
    assert!(!white.intersects(black), "colours overlap in {p:?}");
    assert!((p.kings() - (white | black)).is_empty(), "a king on an empty square in {p:?}");
    assert!(!p.men(Color::White).intersects(Bitboard::WHITE_PROMOTION), "{p:?}");
    assert!(!p.men(Color::Black).intersects(Bitboard::BLACK_PROMOTION), "{p:?}");
    assert!(white.count() <= 12 && black.count() <= 12, "{p:?}");
    assert_eq!(p.key(), p.compute_key(), "incremental key drifted in {p:?}");
}

/// The legal moves obey the capture rules and the counters agree. Returns the number of moves.
fn check_moves(p: &Position) -> usize {
    let legal = p.legal_moves();
    let n = legal.len();
    assert!(n < MOVE_LIST_CAPACITY, "{n} moves in {p:?}");
    assert_eq!(p.count_legal_moves(PathMode::Unique), n, "{p:?}");
    assert_eq!(p.has_legal_move(), n > 0, "{p:?}");
    let mut paths = MoveList::new();
    p.generate_moves(&mut paths, PathMode::EveryPath);
    assert!(paths.len() < MOVE_LIST_CAPACITY, "{} paths in {p:?}", paths.len());
    assert_eq!(p.count_legal_moves(PathMode::EveryPath), paths.len(), "{p:?}");
    assert!(paths.len() >= n, "{p:?}");
    // Same moves either way: every path is a legal move and every legal move has a path.
    assert!(paths.iter().all(|m| legal.contains(m)), "{p:?}");
    assert!(legal.iter().all(|m| paths.contains(m)), "{p:?}");
    // Captures are compulsory, and all legal captures take the same number of pieces (rule 1).
    let capture = p.has_capture();
    assert!(legal.iter().all(|m| m.is_capture() == capture), "{p:?}");
    if let Some(first) = legal.first() {
        assert!(legal.iter().all(|m| m.capture_count() == first.capture_count()), "{p:?}");
    }
    // Perft's last two plies, counted in bulk, against the moves of every position one ply on.
    for (mode, moves) in [(PathMode::Unique, &legal[..]), (PathMode::EveryPath, &paths[..])] {
        let two_plies: usize = moves.iter().map(|m| p.play(m).legal_moves_in(mode)).sum();
        assert_eq!(p.count_two_plies(mode), two_plies as u64, "{mode:?} {p:?}");
    }
    n
}

/// The moves of a position listed (not counted) under `mode`.
trait ListedMoves {
    fn legal_moves_in(&self, mode: PathMode) -> usize;
}

impl ListedMoves for Position {
    fn legal_moves_in(&self, mode: PathMode) -> usize {
        let mut list = MoveList::new();
        self.generate_moves(&mut list, mode);
        list.len()
    }
}

/// The effect of playing `mv` from `before`, which gave `after`.
fn check_ply(before: &Position, mv: &Move, after: &Position) {
    let us = before.side_to_move();
    let them = us.opposite();
    let (from, to) = (Bitboard::from_square(mv.from()), Bitboard::from_square(mv.to()));
    assert_eq!(after.side_to_move(), them, "side to move after {mv:?} in {before:?}");
    check_position(after);
    // Exactly the captured pieces leave the board, and they were the opponent's.
    let captured = mv.captured();
    assert!((captured - before.pieces(them)).is_empty(), "{mv:?} in {before:?}");
    assert_eq!(after.pieces(them), before.pieces(them) - captured, "{mv:?} in {before:?}");
    assert_eq!(after.pieces(us), (before.pieces(us) - from) | to, "{mv:?} in {before:?}");
    let total = |p: &Position| p.occupied().count();
    assert_eq!(total(after), total(before) - captured.count(), "{mv:?} in {before:?}");
    // The mover is a king afterwards when it was one or ended on its promotion row.
    let promotion = match us {
        Color::White => Bitboard::WHITE_PROMOTION,
        Color::Black => Bitboard::BLACK_PROMOTION,
    };
    let king_after = before.kings().intersects(from) || promotion.intersects(to);
    assert_eq!(after.kings().intersects(to), king_after, "{mv:?} in {before:?}");
    let untouched = !(from | to | captured);
    assert_eq!(after.kings() & untouched, before.kings() & untouched, "{mv:?} in {before:?}");
}

/// Plays a game from `start` along `choices`, checking every position and every ply.
fn check_game(start: Position, choices: impl IntoIterator<Item = usize>) {
    let mut position = start;
    check_position(&position);
    for choice in choices {
        if check_moves(&position) == 0 {
            break;
        }
        let moves = position.legal_moves();
        let mv = moves[choice % moves.len()];
        let next = position.play(&mv);
        check_ply(&position, &mv, &next);
        position = next;
    }
}

// ---------------------------------------------------------------------------------------------
// Properties (proptest)
// ---------------------------------------------------------------------------------------------

/// Proptest's defaults (256 cases a property unless `PROPTEST_CASES` says otherwise); failures
/// are saved next to this file and replayed first.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fen_round_trip_gives_the_same_position(p in any_position()) {
        let fen = to_fen(&p);
        prop_assert_eq!(parse_fen(&fen), Ok(p), "{}", fen);
    }

    #[test]
    fn hub_string_round_trip_gives_the_same_position(p in any_position()) {
        let hub = to_hub_position(&p);
        prop_assert_eq!(parse_hub_position(&hub), Ok(p), "{}", hub);
    }

    #[test]
    fn every_legal_move_reads_back_from_path_hub_and_short_notation(p in any_position()) {
        for mv in p.legal_moves().iter() {
            for text in [path_notation(mv), hub_notation(mv), short_notation(&p, mv)] {
                let parsed = parse_move(&p, &text);
                prop_assert_eq!(parsed.as_ref(), Ok(mv), "{} in {:?}", text, p);
                // The generator's own path comes back, not just an equal move.
                prop_assert_eq!(path_notation(&parsed.unwrap()), path_notation(mv));
            }
        }
    }

    #[test]
    fn move_counts_agree_and_fit_the_move_list(p in any_position()) {
        check_moves(&p);
    }

    #[test]
    fn legal_captures_share_one_precedence_key(p in any_position()) {
        // Rules 1-4 leave only ties: same count, same kind of capturing piece, same number of
        // captured kings met at the same positions of the sequence.
        let key = |m: &Move| {
            let king = |s: Square| p.kings().contains(s);
            let positions: Vec<usize> = m
                .captured_in_order()
                .enumerate()
                .filter(|(_, s)| king(*s))
                .map(|(i, _)| i)
                .collect();
            (m.capture_count(), m.is_capture() && king(m.from()), positions)
        };
        let legal = p.legal_moves();
        if let Some(first) = legal.first() {
            for mv in legal.iter() {
                prop_assert_eq!(key(mv), key(first), "{} in {:?}", path_notation(mv), p);
            }
        }
    }

    #[test]
    fn every_path_moves_match_the_naive_reference_generator(p in any_position()) {
        let mut paths = MoveList::new();
        p.generate_moves(&mut paths, PathMode::EveryPath);
        let mut engine: Vec<reference::ReferenceMove> = paths
            .iter()
            .map(|m| reference::ReferenceMove {
                from: m.from().number(),
                to: m.to().number(),
                captured_in_order: m.captured_in_order().map(|s| s.number()).collect(),
            })
            .collect();
        let mut expected = reference::legal_paths(&p);
        engine.sort();
        expected.sort();
        prop_assert_eq!(engine, expected, "{:?}", p);
    }

    #[test]
    fn random_games_keep_the_position_invariants(
        start in prop_oneof![Just(Position::start()), king_rich_position()],
        choices in vec(any::<u16>(), 0..200),
    ) {
        check_game(start, choices.into_iter().map(usize::from));
    }
}

// ---------------------------------------------------------------------------------------------
// Seeded random games and surveys (rand)
// ---------------------------------------------------------------------------------------------

/// Whole games from the start and from placements, to the end or 400 plies.
#[test]
fn seeded_random_games_keep_the_position_invariants() {
    let mut rng = StdRng::seed_from_u64(0x00da_3a17);
    for game in 0..200 {
        let start = if game % 2 == 0 { Position::start() } else { random_placement(&mut rng) };
        let choices: Vec<usize> = (0..400).map(|_| rng.gen()).collect();
        check_game(start, choices);
    }
}

/// Positions found by a hill-climbing search for many moves: 42 king steps, 18 single captures,
/// and 12 capture paths of 9 pieces (2 distinct moves, each reachable along 6 paths).
const CRAFTED_EXTREMES: [&str; 3] = [
    "W:WK2,K3,K9,K10,K11,K12,K18,K19,K20,K26,K27,K28:B4,K17,25",
    "W:WK13,K14,K15,K16,K29,K30,K31,K32:B4,9,K10,K11,K12,K18,K19,K20,K26,K27,K28",
    "W:WK1,8,K24,K25,K30,K32:B5-7,13-15,21-23",
];

/// Counts legal moves over many placements and the crafted extremes; the largest must stay far
/// below the list's capacity. Quiet moves are at most 48 (12 kings, 4 steps each).
#[test]
fn legal_move_count_stays_below_a_sane_maximum() {
    const SANE_MAXIMUM: usize = 64;
    let mut rng = StdRng::seed_from_u64(7);
    let crafted = CRAFTED_EXTREMES.map(|fen| parse_fen(fen).expect("crafted FEN"));
    let sample = (0..50_000).map(|_| random_placement(&mut rng));
    let (mut most_moves, mut most_paths) = ((0, Position::start()), (0, Position::start()));
    for p in sample.chain(crafted) {
        let moves = p.count_legal_moves(PathMode::Unique);
        let paths = p.count_legal_moves(PathMode::EveryPath);
        if moves > most_moves.0 {
            most_moves = (moves, p);
        }
        if paths > most_paths.0 {
            most_paths = (paths, p);
        }
    }
    eprintln!("most legal moves: {} in {:?}", most_moves.0, most_moves.1);
    eprintln!("most legal paths: {} in {:?}", most_paths.0, most_paths.1);
    assert!(most_moves.0 <= SANE_MAXIMUM, "{:?}", most_moves.1);
    assert!(most_paths.0 <= SANE_MAXIMUM, "{:?}", most_paths.1);
    let counts = crafted.map(|p| (p.legal_moves().len(), p.count_legal_moves(PathMode::EveryPath)));
    assert_eq!(counts, [(42, 42), (18, 18), (2, 12)]);
}

fn play_line(texts: &[&str]) -> Position {
    texts.iter().fold(Position::start(), |p, text| {
        let mv = parse_move(&p, text).unwrap_or_else(|e| panic!("{e}"));
        p.play(&mv)
    })
}

#[test]
fn key_is_independent_of_move_order_in_a_known_transposition() {
    let a = play_line(&["21-17", "12-16", "22-18"]);
    let b = play_line(&["22-18", "12-16", "21-17"]);
    assert_eq!(to_fen(&a), to_fen(&b));
    assert_eq!(a.key(), b.key());
    assert_eq!(a, b);
    // The same pieces with the other side to move must differ.
    assert_ne!(a.key(), a.with_side_to_move(Color::White).key());
}

/// Records every position reached; checks that one FEN always has one key and one key one FEN.
#[derive(Default)]
struct KeyLedger {
    key_of_fen: HashMap<String, (u64, Vec<u16>)>,
    fen_of_key: HashMap<u64, String>,
    transpositions: usize,
}

impl KeyLedger {
    fn record(&mut self, p: &Position, path: &[u16]) {
        let fen = to_fen(p);
        if let Some((key, first_path)) = self.key_of_fen.get(&fen) {
            assert_eq!(*key, p.key(), "{fen} via {first_path:?} and {path:?}");
            if first_path.as_slice() != path {
                self.transpositions += 1;
            }
        } else {
            self.key_of_fen.insert(fen.clone(), (p.key(), path.to_vec()));
        }
        let other = self.fen_of_key.entry(p.key()).or_insert_with(|| fen.clone());
        assert_eq!(*other, fen, "two positions share the key {:#x}", p.key());
    }
}

/// Every position of the game tree to depth 6, where move orders transpose all the time.
#[test]
fn key_is_independent_of_move_order_over_the_first_six_plies() {
    fn walk(p: &Position, depth: u32, path: &mut Vec<u16>, ledger: &mut KeyLedger) {
        ledger.record(p, path);
        if depth == 0 {
            return;
        }
        for (i, mv) in p.legal_moves().iter().enumerate() {
            path.push(i as u16);
            walk(&p.play(mv), depth - 1, path, ledger);
            path.pop();
        }
    }
    let mut ledger = KeyLedger::default();
    walk(&Position::start(), 6, &mut Vec::new(), &mut ledger);
    assert!(ledger.transpositions > 1000, "{}", ledger.transpositions);
}

/// Random games from king-rich placements, whose kings wander back and forth.
#[test]
fn key_is_independent_of_move_order_in_random_king_games() {
    let mut rng = StdRng::seed_from_u64(42);
    let mut ledger = KeyLedger::default();
    for _ in 0..200 {
        let mut p = random_placement(&mut rng);
        let mut path = Vec::new();
        ledger.record(&p, &path);
        for _ in 0..100 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let i = rng.gen_range(0..moves.len());
            p = p.play(&moves[i]);
            path.push(i as u16);
            ledger.record(&p, &path);
        }
    }
    assert!(ledger.transpositions > 50, "{}", ledger.transpositions);
}
