//! The tests of the International rules (rules.rs).

use super::*;
use crate::international::counts::endgame_count;
use crate::international::geometry::{bit, coordinates, next, square_at};
use crate::international::movegen::count_moves;
use crate::international::moves::IntlMove;
use crate::movelist::List;

/// A random placement: `count` pieces on the squares `allowed` gives, each a king with
/// chance `kings` (always on a man's crowning row), White's with chance one half.
fn placement(
    rng: &mut impl rand::Rng,
    count: usize,
    kings: f64,
    allowed: impl Fn(u8) -> bool,
) -> Position {
    let mut p = Position { white: 0, black: 0, kings: 0, side: Color::White };
    for _ in 0..count {
        let s = rng.gen_range(1..=50u8);
        if (p.white | p.black) & bit(s) != 0 || !allowed(s) {
            continue;
        }
        let white = rng.gen_bool(0.5);
        if white {
            p.white |= bit(s);
        } else {
            p.black |= bit(s);
        }
        let (row, _) = coordinates(s);
        let crowning = if white { row == 0 } else { row == 9 };
        if crowning || rng.gen_bool(kings) {
            p.kings |= bit(s);
        }
    }
    if rng.gen_bool(0.5) {
        p.side = Color::Black;
    }
    p
}

/// Positions for the differential tests: random games from the start; king-rich random
/// placements; a few kings among many scattered pieces (long flying captures); crowded far
/// rows (men reaching the far row in the middle of a capture); each followed by random play.
fn sample_positions() -> Vec<Position> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut out = Vec::new();
    for game in 0..1000 {
        let mut p = match game % 4 {
            0 => Position::start(),
            1 => {
                let n = rng.gen_range(2..14);
                placement(&mut rng, n, 0.4, |_| true)
            }
            2 => {
                let n = rng.gen_range(10..30);
                placement(&mut rng, n, 0.15, |_| true)
            }
            _ => far_row_capture(&mut rng),
        };
        if p.white.count_ones() > 20 || p.black.count_ones() > 20 {
            continue;
        }
        for _ in 0..rng.gen_range(0..60) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(p);
            p = p.play(&moves[rng.gen_range(0..moves.len())]);
        }
        out.push(p);
    }
    out
}

/// A white man on row 2 that can jump to the far row and on, backward, from there (the two
/// enemy men and the two landing squares placed), among random pieces on rows 0-6; turned
/// half the time so that it is Black's man that does it.
fn far_row_capture(rng: &mut impl rand::Rng) -> Position {
    let man = rng.gen_range(11..=15u8);
    let d = rng.gen_range(0..2);
    let (Some(first), Some(far)) = (next(man, d), next(man, d).and_then(|s| next(s, d))) else {
        return Position::start();
    };
    let back = if d == 0 { 2 } else { 3 };
    let (Some(second), Some(end)) = (next(far, back), next(far, back).and_then(|s| next(s, back)))
    else {
        return Position::start();
    };
    let motif = [man, first, far, second, end].iter().fold(0, |m, &s| m | bit(s));
    let n = rng.gen_range(5..20);
    let mut p = placement(rng, n, 0.1, |s| coordinates(s).0 <= 6 && motif & bit(s) == 0);
    p.side = Color::White;
    p.white |= bit(man);
    p.black |= bit(first) | bit(second);
    p.kings &= !(bit(first) | bit(second));
    if rng.gen_bool(0.5) {
        let turn =
            |set: u64| (1..=50u8).filter(|&s| set & bit(s) != 0).fold(0, |m, s| m | bit(51 - s));
        p = Position {
            white: turn(p.black),
            black: turn(p.white),
            kings: turn(p.kings),
            side: Color::Black,
        };
    }
    p
}

/// Whether the path passes its man's crowning row before its last landing.
fn passes_the_far_row(p: &Position, path: &IntlMove) -> bool {
    let far_row = if p.side == Color::White { 0 } else { 9 };
    p.kings & bit(path.from) == 0
        && path.landings[..path.landings.len() - 1].iter().any(|&s| coordinates(s).0 == far_row)
}

#[test]
fn the_search_generator_agrees_with_the_path_generator() {
    let positions = sample_positions();
    let (mut captures, mut long_king_captures, mut far_row_passes) = (0, 0, 0);
    for p in &positions {
        let mut list = List::new();
        generate(p, &mut list);
        let paths = p.legal_moves();
        let reference: Vec<Move> = paths.iter().map(IntlMove::compact).collect();
        // The same moves, each once.
        assert_eq!(list.len(), reference.len(), "{}", to_fen(p));
        assert!(reference.iter().all(|m| list.contains(m)), "{}", to_fen(p));
        // In the same order (the search breaks ties by it).
        assert_eq!(list.as_slice(), reference.as_slice(), "{}", to_fen(p));
        assert_eq!(count_moves(p), list.len(), "{}", to_fen(p));
        assert_eq!(p.has_capture(), list.iter().any(Move::is_capture), "{}", to_fen(p));
        // The same positions after them, each as the rules describe it.
        let mut after: Vec<u64> = list.iter().map(|m| p.play_move(m).key()).collect();
        let mut expected: Vec<u64> = paths.iter().map(|m| p.play(m).key()).collect();
        after.sort_unstable();
        expected.sort_unstable();
        assert_eq!(after, expected, "{}", to_fen(p));
        for path in &paths {
            check_path_and_play(p, path, &p.play_move(&path.compact()));
        }
        captures += usize::from(p.has_capture());
        long_king_captures +=
            usize::from(paths.iter().any(|m| p.kings & bit(m.from) != 0 && m.captured.len() >= 3));
        far_row_passes += usize::from(paths.iter().any(|m| passes_the_far_row(p, m)));
    }
    assert!(positions.len() >= 3000, "{} positions", positions.len());
    assert!(captures >= 300, "{captures} positions with captures");
    assert!(long_king_captures >= 100, "{long_king_captures} with king captures of 3 or more");
    assert!(far_row_passes >= 100, "{far_row_passes} with a man passing the far row");
}

/// Checks a path leg by leg on the board (each leg on one diagonal, jumping exactly the one
/// enemy piece named in the capture order, or nothing for a step) and the position after the
/// move as the rules describe it: the mover on the end square, the captured pieces gone, the
/// man crowned only when it ends on the far row.
fn check_path_and_play(p: &Position, path: &IntlMove, after: &Position) {
    let (ours, theirs) = match p.side {
        Color::White => (p.white, p.black),
        Color::Black => (p.black, p.white),
    };
    let mut at = path.from;
    for (leg, &land) in path.landings.iter().enumerate() {
        let ((r0, c0), (r1, c1)) = (coordinates(at), coordinates(land));
        let (dr, dc) = (r1 - r0, c1 - c0);
        assert!(dr != 0 && dr.abs() == dc.abs(), "{path:?}: leg {at}-{land} is not diagonal");
        let between: Vec<u8> = (1..dr.abs())
            .filter_map(|k| square_at(r0 + k * dr.signum(), c0 + k * dc.signum()))
            .filter(|&s| (p.white | p.black) & bit(s) & !bit(path.from) != 0)
            .collect();
        match path.captured.get(leg) {
            Some(&taken) => assert_eq!(between, [taken], "{path:?}"),
            None => assert!(between.is_empty(), "{path:?}"),
        }
        at = land;
    }
    let taken = path.captured.iter().fold(0u64, |m, &s| m | bit(s));
    assert_eq!(taken & theirs, taken, "{path:?} captures only enemy pieces");
    let to = bit(path.to());
    let (ours_after, theirs_after) = match p.side {
        Color::White => (after.white, after.black),
        Color::Black => (after.black, after.white),
    };
    assert_eq!(ours_after, (ours & !bit(path.from)) | to, "{path:?}");
    assert_eq!(theirs_after, theirs & !taken, "{path:?}");
    let far_row = if p.side == Color::White { 0 } else { 9 };
    let king = p.kings & bit(path.from) != 0 || coordinates(path.to()).0 == far_row;
    assert_eq!(after.kings & to != 0, king, "{path:?}");
    assert_eq!(after.kings & !to, p.kings & !taken & !bit(path.from) & !to, "{path:?}");
    assert_eq!(after.side, p.side.opposite());
}

#[test]
fn hub_position_strings_as_scan_and_pydraughts_write_them() {
    // Written by pydraughts 0.6 (`Board("standard", fen)._game.initial_hub_fen`).
    let hub = "BeeeebeeeeeeBeeeeeweeeeeeeeeeeWeeeeeeeeeeeeeeeeeeee";
    let position = parse_fen("B:W18,K30:B5,K12").unwrap();
    assert_eq!(International::to_hub_position(&position), hub);
    assert_eq!(International::parse_hub_position(hub).unwrap(), position);
    let start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    assert_eq!(International::parse_hub_position(start).unwrap(), Position::start());
    assert!(International::parse_hub_position(&start[..33]).is_err());
    assert!(International::parse_hub_position(&start.replace('e', "x")).is_err());
    // A white man on its crowning row.
    let bad = format!("W{}w{}", "e".repeat(2), "e".repeat(47));
    assert!(International::parse_hub_position(&bad).is_err());
}

#[test]
fn the_fmjd_endgame_counts() {
    let count = |fen: &str| endgame_count(&parse_fen(fen).unwrap()).map(|(plies, _)| plies);
    for fen in ["W:WK1,K2,K3:BK28", "B:WK1,K2,33:BK28", "W:WK1,33,34:BK28", "W:WK28:BK1,K2,K3"] {
        assert_eq!(count(fen), Some(32), "{fen}");
    }
    for fen in ["W:WK1,K2:BK28", "W:WK1,33:BK28", "B:WK28:BK1,20"] {
        assert_eq!(count(fen), Some(10), "{fen}");
    }
    for fen in
        ["W:WK1:BK28", "W:WK1,K2,K3,K4:BK28", "W:WK1,K2:B28", "W:W33,34:BK28", "W:WK1,K2:BK28,K30"]
    {
        assert_eq!(count(fen), None, "{fen}");
    }
}

#[test]
fn keys_tell_positions_and_sides_apart() {
    let start = Position::start();
    let black = Position { side: Color::Black, ..start };
    assert_ne!(start.key(), black.key());
    let moved = start.play_move(&Move { from: 32, to: 28, captured: 0 });
    assert_ne!(moved.key(), black.key());
    assert_eq!(moved.key(), parse_fen("B:W28,31,33-50:B1-20").unwrap().key());
}
