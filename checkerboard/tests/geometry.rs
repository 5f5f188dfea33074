//! CheckerBoard's coordinates of each game's squares agree with the game's moves: on
//! CheckerBoard's `board[x][y]` every step Dama generates is one diagonal square (forward for a
//! man: Black towards y = 7, White towards y = 0), every jump passes over the piece it takes, and
//! the capture paths written into `CBmove` and `get movelist` are those of Dama's reference path
//! generator. Positions come from random games of each game.

use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use damacb::board::{cb_move, Coor};
use damacb::game::CbGame;
use damacb::route::short_jump_route;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Positions met in `games` random games of `G` from its start, at most 120 plies each.
fn random_positions<G: CbGame>(games: usize, seed: u64) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = G::start();
        for _ in 0..120 {
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

/// Checks every legal move of every position; returns (captures, multiple captures, paths
/// compared with the reference).
fn check_game<G: CbGame>(positions: &[Position]) -> (usize, usize, usize) {
    let (mut captures, mut multiple, mut compared) = (0, 0, 0);
    for p in positions {
        let forward = if G::side_to_move(p) == Color::Black { 1 } else { -1 };
        let paths = G::paths(p);
        let routes = G::routes(p);
        assert_eq!(routes.len(), G::legal_moves(p).len());
        for route in routes {
            let mv = route.mv;
            assert!(G::legal_moves(p).contains(&mv));
            let (from, to) = (G::coor(mv.from()), G::coor(mv.to()));
            let is_king = p.kings().contains(mv.from());
            let landings = &route.landings;
            let m = cb_move::<G>(p, &mv);
            assert_eq!((m.from, m.to), (from, to));
            if !mv.is_capture() {
                let (dx, dy) = (to.x - from.x, to.y - from.y);
                assert!(dx.abs() == 1 && dy.abs() == 1, "{from:?} to {to:?}");
                assert!(is_king || dy == forward, "a man steps forward: {from:?} to {to:?}");
                continue;
            }
            captures += 1;
            multiple += usize::from(mv.capture_count() > 1);
            assert_eq!(landings.len(), mv.capture_count());
            assert_eq!(*landings.last().unwrap(), mv.to());
            let mut at = from;
            assert!(route.captured.iter().copied().eq(mv.captured_in_order()));
            for (i, (jumped, landing)) in mv.captured_in_order().zip(landings).enumerate() {
                let (over, land) = (G::coor(jumped), G::coor(*landing));
                let (dx, dy) = (over.x - at.x, over.y - at.y);
                assert!(dx.abs() == 1 && dy.abs() == 1, "jump {i} of {mv:?}");
                assert_eq!(land, Coor { x: over.x + dx, y: over.y + dy }, "jump {i} of {mv:?}");
                assert_eq!((m.path[i + 1], m.del[i]), (land, over));
                at = land;
            }
            // The reference path generator's route, when it takes the pieces in this order.
            let reference = paths.iter().find(|path| {
                path.mv == mv
                    && path.captured.iter().copied().eq(mv.captured_in_order().map(|s| s.number()))
            });
            if let Some(path) = reference {
                let numbers: Vec<u8> = landings.iter().map(|s| s.number()).collect();
                assert_eq!(numbers, path.landings, "{mv:?}");
                compared += 1;
            }
        }
    }
    (captures, multiple, compared)
}

#[test]
fn english_moves_are_diagonal_on_checkerboards_board() {
    let positions = random_positions::<English>(60, 21);
    let (captures, multiple, compared) = check_game::<English>(&positions);
    assert!(captures >= 300 && multiple >= 20, "{captures} captures, {multiple} multiple");
    assert!(compared * 10 >= captures * 9, "{compared} of {captures} compared");
}

#[test]
fn italian_moves_are_diagonal_on_checkerboards_board() {
    let positions = random_positions::<Italian>(60, 22);
    let (captures, multiple, compared) = check_game::<Italian>(&positions);
    assert!(captures >= 300 && multiple >= 20, "{captures} captures, {multiple} multiple");
    assert!(compared * 10 >= captures * 9, "{compared} of {captures} compared");
    // The coordinate walk gives the Italian DLL the paths Dama keeps in its moves.
    for p in &positions {
        for mv in Italian::legal_moves(p) {
            assert_eq!(short_jump_route::<Italian>(&mv).landings, mv.landing_squares());
        }
    }
}
