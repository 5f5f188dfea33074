//! Russian and Brazilian moves on CheckerBoard's board, over every move of random games: a man
//! steps one square forward, a king flies along an empty diagonal, and every capture of a route
//! (`CBmove`'s `path` and `del`, `get movelist`'s landed and captured squares) takes the one enemy
//! piece between two landing squares of one diagonal, over empty squares, a man's jump two
//! squares long; the route is one of the move's, the routes are the legal moves, and playing
//! `CBmove` as CheckerBoard does (its `domove`) gives Dama's position after the move.

use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;
use dama_engine::flying8::{every_route, Brazilian, Ruleset, Russian};
use damacb::board::{cb_move, position_from_board, write_board, CbBoard, CbMove, Coor, CB_KING};
use damacb::game::CbGame;
use damacb::movelist::movelist_reply;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions met in `games` random games of `G` from its start, at most 150 plies each.
fn random_positions<G: CbGame>(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = G::start();
        for _ in 0..150 {
            let moves = G::legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            out.push(p);
            p = G::play(&p, &moves[rng.gen_range(0..moves.len())]);
        }
    }
    out
}

/// `count` random positions with few pieces, most of them kings (the flying kings' long moves
/// and captures, and lists of more than 28 moves), either side to move.
fn king_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let pieces = rng.gen_range(3..=9);
        let mut squares: Vec<Square> = Square::ALL.to_vec();
        let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        for i in 0..pieces {
            let square = squares.swap_remove(rng.gen_range(0..squares.len()));
            if i % 2 == 0 {
                white.insert(square)
            } else {
                black.insert(square)
            }
            if rng.gen_bool(0.7) || square.row() == 0 || square.row() == 7 {
                kings.insert(square);
            }
        }
        let side = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        if let Ok(p) = Position::from_parts(white, black, kings, side) {
            out.push(p);
        }
    }
    out
}

/// The squares strictly between `a` and `b` on CheckerBoard's board, which must share a diagonal.
fn between(a: Coor, b: Coor) -> Vec<Coor> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    assert!(dx != 0 && dx.abs() == dy.abs(), "{a:?} to {b:?} is no diagonal");
    let (sx, sy) = (dx.signum(), dy.signum());
    (1..dx.abs()).map(|i| Coor { x: a.x + i * sx, y: a.y + i * sy }).collect()
}

/// CheckerBoard's `domove`: the moving piece off its square, the captured pieces off theirs,
/// `newpiece` on the end square.
fn domove(board: &CbBoard, m: &CbMove) -> CbBoard {
    let mut after = *board;
    after[m.from.x as usize][m.from.y as usize] = 0;
    for d in &m.del[..m.jumps as usize] {
        after[d.x as usize][d.y as usize] = 0;
    }
    after[m.to.x as usize][m.to.y as usize] = m.newpiece;
    after
}

#[derive(Debug, Default)]
struct Seen {
    captures: usize,
    multiple: usize,
    long_jumps: usize,
    crowned_in_capture: usize,
    over_28: usize,
}

/// Checks every legal move of every position of `G`.
fn check_game<G: CbGame + Ruleset>(positions: &[Position]) -> Seen {
    let mut seen = Seen::default();
    for p in positions {
        let us = G::side_to_move(p);
        let forward = if us == Color::Black { 1 } else { -1 };
        let mut board: CbBoard = [[0; 8]; 8];
        write_board::<G>(&mut board, p);
        let colour = if us == Color::White { 1 } else { 2 };
        assert_eq!(position_from_board::<G>(&board, colour).as_ref(), Ok(p));
        let occupied = |c: Coor| board[c.x as usize][c.y as usize] != 0;
        let routes = G::routes(p);
        let legal = G::legal_moves(p);
        assert_eq!(routes.len(), legal.len());
        seen.over_28 += usize::from(routes.len() > 28);
        let every = every_route::<G>(p);
        for route in &routes {
            let mv = route.mv;
            assert!(legal.contains(&mv), "{mv:?}");
            // The route is one of Dama's routes of the move.
            assert!(every.iter().any(|r| r.mv() == mv
                && r.landings == route.landings
                && r.captured == route.captured));
            let m = cb_move::<G>(p, &mv);
            let (from, to) = (G::coor(mv.from()), G::coor(mv.to()));
            assert_eq!((m.from, m.to, m.jumps as usize), (from, to, route.captured.len()));
            let mut king = p.kings().contains(mv.from());
            assert_eq!(m.oldpiece & CB_KING != 0, king);
            if !mv.is_capture() {
                let path = between(from, to);
                assert!(path.iter().all(|&c| !occupied(c)), "a king flies over empty squares");
                assert!(king || (path.is_empty() && to.y - from.y == forward), "{mv:?}");
                assert_eq!(m.path[1], to);
            } else {
                seen.captures += 1;
                seen.multiple += usize::from(route.captured.len() > 1);
                let mut at = from;
                for (i, (&taken, &landing)) in
                    route.captured.iter().zip(&route.landings).enumerate()
                {
                    let (over, land) = (G::coor(taken), G::coor(landing));
                    let path = between(at, land);
                    assert!(path.contains(&over), "jump {i} of {mv:?} passes over its piece");
                    let enemy = board[over.x as usize][over.y as usize];
                    assert!(enemy != 0 && enemy & colour == 0, "an enemy piece is taken");
                    for c in path.iter().filter(|&&c| c != over) {
                        assert!(!occupied(*c) || *c == from, "jump {i}: over empty squares only");
                    }
                    assert!(!occupied(land) || land == from, "jump {i} lands on an empty square");
                    assert!(king || path.len() == 1, "a man jumps two squares");
                    seen.long_jumps += usize::from(path.len() > 1);
                    assert_eq!((m.path[i + 1], m.del[i]), (land, over), "{mv:?}");
                    assert_eq!(m.delpiece[i], enemy);
                    if !king && G::CROWNS_IN_CAPTURE && land.y == if forward < 0 { 0 } else { 7 } {
                        king = true;
                        seen.crowned_in_capture += usize::from(i + 1 < route.captured.len());
                    }
                    at = land;
                }
                let taken: std::collections::HashSet<Square> =
                    route.captured.iter().copied().collect();
                assert_eq!(taken.len(), route.captured.len(), "no piece taken twice");
                assert_eq!(*route.landings.last().unwrap(), mv.to());
            }
            // CheckerBoard playing CBmove reaches Dama's position after the move.
            let after = G::play(p, &mv);
            let mut expected: CbBoard = [[0; 8]; 8];
            write_board::<G>(&mut expected, &after);
            assert_eq!(domove(&board, &m), expected, "{mv:?}");
        }
        // The move list as CheckerBoard reads it: its count (at most 28) of these moves.
        let reply = movelist_reply::<G>(p);
        let count: usize = reply["movelist ".len()..]
            .split(',')
            .next()
            .unwrap()
            .trim_end_matches(';')
            .parse()
            .unwrap();
        assert_eq!(count, routes.len().min(28), "{reply}");
        assert!(reply.len() <= 1023);
    }
    seen
}

#[test]
fn russian_moves_on_checkerboards_board() {
    let mut positions = random_positions::<Russian>(40, 25);
    positions.extend(king_positions(1000, 25));
    let seen = check_game::<Russian>(&positions);
    println!("Russian: {} positions, {seen:?}", positions.len());
    assert!(seen.captures >= 300 && seen.multiple >= 20, "{seen:?}");
    assert!(seen.long_jumps >= 20 && seen.crowned_in_capture >= 1, "{seen:?}");
    assert!(seen.over_28 >= 1, "{seen:?}");
}

#[test]
fn brazilian_moves_on_checkerboards_board() {
    let mut positions = random_positions::<Brazilian>(40, 26);
    positions.extend(king_positions(1000, 26));
    let seen = check_game::<Brazilian>(&positions);
    println!("Brazilian: {} positions, {seen:?}", positions.len());
    assert!(seen.captures >= 300 && seen.multiple >= 20, "{seen:?}");
    assert!(seen.long_jumps >= 20 && seen.crowned_in_capture == 0, "{seen:?}");
    assert!(seen.over_28 >= 1, "{seen:?}");
}
