//! The tests of the rules of both games: the rules' own examples ("this position has exactly
//! these moves"), and the search's generator against the path generator on many positions.

use super::movegen::{count_moves, generate, generate_counted_routes, has_capture};
use super::paths::{after_route, counted_routes, every_route, legal_routes, Route};
use super::play::play;
use super::samples::sample_positions;
use super::{parse_fen, Brazilian, Ruleset, Russian};
use crate::board8::moves::{Move, MoveList};
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::english::geometry::column;
use crate::rules::Rules;

/// The moves of `fen` under `G` in algebraic notation, sorted, each with whether the piece is a
/// king after it (`K` appended).
fn moves<G: Ruleset>(fen: &str) -> Vec<String> {
    let p = parse_fen(fen).unwrap();
    let mut out: Vec<String> = legal_routes::<G>(&p)
        .iter()
        .map(|r| {
            let after = play::<G>(&p, &r.mv());
            let king = after.kings().contains(r.to());
            format!("{}{}", r.algebraic_text(), if king { " K" } else { "" })
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_start_has_seven_moves_in_both_games() {
    let expected = ["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"];
    assert_eq!(moves::<Russian>("W:W1-12:B21-32"), expected);
    assert_eq!(moves::<Brazilian>("W:W1-12:B21-32"), expected);
    assert_eq!(moves::<Russian>("B:W1-12:B21-32").len(), 7);
}

#[test]
fn men_capture_backward_and_capturing_is_compulsory() {
    // The man on d4 takes c3 behind it; the man on a1 may not step instead.
    assert_eq!(moves::<Russian>("W:Wd4,a1:Bc3"), ["d4:b2"]);
    assert_eq!(moves::<Brazilian>("W:Wd4,a1:Bc3"), ["d4:b2"]);
    // Black's man on d4 takes e5 behind it.
    assert_eq!(moves::<Russian>("B:We5:Bd4"), ["d4:f6"]);
}

#[test]
fn kings_fly_and_capture_from_afar() {
    let steps = ["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7"].map(|m| format!("{m} K"));
    assert_eq!(moves::<Russian>("W:WKa1:Bh8"), steps);
    let captures = ["a1:e5 K", "a1:f6 K", "a1:g7 K", "a1:h8 K"];
    assert_eq!(moves::<Russian>("W:WKa1:Bd4"), captures);
    assert_eq!(moves::<Brazilian>("W:WKa1:Bd4"), captures);
}

#[test]
fn a_russian_man_crowned_in_a_capture_goes_on_as_a_king() {
    // b6 takes c7 and reaches d8, the far row: crowned at once, it takes f6 from afar as a king
    // and lands on g5 or h4. A Brazilian man stops on d8 (it cannot take f6 as a man) and is
    // crowned there.
    assert_eq!(moves::<Russian>("W:Wb6:Bc7,f6"), ["b6:d8:g5 K", "b6:d8:h4 K"]);
    assert_eq!(moves::<Brazilian>("W:Wb6:Bc7,f6"), ["b6:d8 K"]);
}

#[test]
fn a_brazilian_man_passing_the_far_row_stays_a_man() {
    // After d8 the man takes e7 backward as a man and ends on f6, not crowned; the Russian man,
    // a king from d8 on, may land on f6, g5 or h4, a king.
    assert_eq!(moves::<Brazilian>("W:Wb6:Bc7,e7"), ["b6:d8:f6"]);
    assert_eq!(moves::<Russian>("W:Wb6:Bc7,e7"), ["b6:d8:f6 K", "b6:d8:g5 K", "b6:d8:h4 K"]);
    // The same for Black, toward rank 1.
    assert_eq!(moves::<Brazilian>("B:Wf2,d2:Bg3"), ["g3:e1:c3"]);
    assert_eq!(moves::<Russian>("B:Wf2,d2:Bg3"), ["g3:e1:a5 K", "g3:e1:b4 K", "g3:e1:c3 K"]);
}

#[test]
fn a_russian_king_lands_where_it_can_go_on_capturing() {
    // Beyond c3 the king could stop on d4, e5, f6, g7 or h8; only from e5 can it go on (taking
    // f4), so it must land there.
    assert_eq!(moves::<Russian>("W:WKa1:Bc3,f4"), ["a1:e5:g3 K", "a1:e5:h2 K"]);
    assert_eq!(moves::<Brazilian>("W:WKa1:Bc3,f4"), ["a1:e5:g3 K", "a1:e5:h2 K"]);
}

#[test]
fn the_turkish_strike_captured_pieces_block_until_the_move_ends() {
    // a1 takes c3, f4 and f2 and ends on e1: c3 is still on the board, so the king cannot run
    // on from e1 through c3 to take b4 (it would, were c3 lifted at once). d4 is a landing too
    // (from it the king takes f2). Russian: either capture; Brazilian: the longer.
    assert_eq!(moves::<Russian>("W:WKa1:Bc3,f4,f2,b4"), ["a1:d4:g1 K", "a1:e5:g3:e1 K"]);
    assert_eq!(moves::<Brazilian>("W:WKa1:Bc3,f4,f2,b4"), ["a1:e5:g3:e1 K"]);
}

#[test]
fn majority_capture_in_brazilian_free_choice_in_russian() {
    // c3 takes d4 and f6; h2 takes g3 alone. A king counts as one piece, as a man does.
    assert_eq!(moves::<Russian>("W:Wc3,h2:Bd4,f6,g3"), ["c3:e5:g7", "h2:f4"]);
    assert_eq!(moves::<Brazilian>("W:Wc3,h2:Bd4,f6,g3"), ["c3:e5:g7"]);
    assert_eq!(moves::<Brazilian>("W:Wc3,h2:BKd4,Kf6,g3"), ["c3:e5:g7"]);
}

#[test]
fn a_loop_taken_either_way_round_is_one_move() {
    // The king on d2 takes c3, c5, e5 and e3 around d4, one way or the other, and ends on d2
    // (its start, empty during the move) or beyond the last piece taken, on c1 one way round
    // and on e1 the other: three moves, four routes (two of them end on d2).
    let p = parse_fen("W:WKd2:Bc3,e3,c5,e5").unwrap();
    assert_eq!(legal_routes::<Russian>(&p).len(), 3);
    assert_eq!(every_route::<Russian>(&p).len(), 4);
    let expected = ["d2:b4:d6:f4:c1 K", "d2:b4:d6:f4:d2 K", "d2:f4:d6:b4:e1 K"];
    assert_eq!(moves::<Russian>("W:WKd2:Bc3,e3,c5,e5"), expected);
    let mut list = MoveList::new();
    generate::<Russian>(&p, &mut list);
    assert_eq!(list.len(), 3);
    generate_counted_routes::<Russian>(&p, &mut list);
    assert_eq!(list.len(), 4);
    assert_eq!(counted_routes::<Russian>(&p).len(), 4);
}

#[test]
fn move_text_in_numbers_and_in_algebraic() {
    let p = parse_fen("W:Wc3:Bd4,f6").unwrap();
    let only = Russian::parse_move(&p, "c3:e5:g7").unwrap();
    for text in ["c3:g7", "c3xe5xg7", "10x19x28", "10x28", "10:28", "10x28x14x23", "C3:G7"] {
        assert_eq!(Russian::parse_move(&p, text), Ok(only), "{text}");
    }
    assert_eq!(Russian::path_text(&p, &only), "c3:e5:g7");
    // The Hub form in numbers, as pydraughts' hub_move writes it.
    assert_eq!(Russian::hub_text(&p, &only), "10x28x14x23");
    let start = Russian::start();
    let step = Russian::parse_move(&start, "c3-d4").unwrap();
    assert_eq!(Russian::parse_move(&start, "10-14"), Ok(step));
    assert_eq!(Russian::hub_text(&start, &step), "10-14");
    for bad in ["c3-e5", "c3", "zz-d4", "b1-c2", "", "10-"] {
        let error = Russian::parse_move(&start, bad).unwrap_err();
        assert!(error.contains(bad) || bad.is_empty(), "{bad}: {error}");
    }
    assert!(Russian::parse_move(&start, "c3-e5").unwrap_err().contains("a3-b4"));
    // PDN writes captures with x (pydraughts reads no other sign), in short when unambiguous.
    assert_eq!(Russian::pdn_text(&p, &only, true), "c3xe5xg7");
    assert_eq!(Russian::pdn_text(&p, &only, false), "c3xg7");
    assert_eq!(Russian::pdn_text(&start, &step, false), "c3-d4");
    // The king's two landings after one capture are two moves: from-to names each.
    let p = parse_fen("W:WKa1:Bd4").unwrap();
    assert!(Russian::parse_move(&p, "a1:e5").is_ok() && Russian::parse_move(&p, "a1:h8").is_ok());
}

/// Whether `route` passes its man's far row before its last landing.
fn passes_far_row(p: &Position, route: &Route) -> bool {
    let far = if p.side_to_move() == Color::White { 0 } else { 7 };
    !p.kings().contains(route.from)
        && route.landings[..route.landings.len() - 1].iter().any(|s| s.row() == far)
}

/// Checks a route leg by leg on the board: each leg on one diagonal, a man's legs one square (a
/// step forward) or two (a jump), jumping exactly the enemy piece named in the capture order and
/// nothing else (captured pieces stay on the board), a piece captured once; the man crowned when
/// the rules `G` say so.
fn check_route<G: Ruleset>(p: &Position, route: &Route) {
    let us = p.side_to_move();
    let far = if us == Color::White { 0 } else { 7 };
    let mut king = p.kings().contains(route.from);
    let mut at = route.from;
    let mut seen = Vec::new();
    for (leg, &land) in route.landings.iter().enumerate() {
        let (r0, c0) = (at.row() as i8, column(at));
        let (r1, c1) = (land.row() as i8, column(land));
        let (dr, dc) = (r1 - r0, c1 - c0);
        assert!(dr != 0 && dr.abs() == dc.abs(), "{route:?}: leg {leg} is not diagonal");
        let between: Vec<Square> = (1..dr.abs())
            .filter_map(|k| {
                crate::english::geometry::square_at(r0 + k * dr.signum(), c0 + k * dc.signum())
            })
            .filter(|&s| p.occupied().contains(s) && s != route.from)
            .collect();
        assert!(!p.occupied().contains(land) || land == route.from, "{route:?} lands on a piece");
        match route.captured.get(leg) {
            Some(&taken) => {
                assert_eq!(between, [taken], "{route:?}");
                assert!(p.pieces(us.opposite()).contains(taken), "{route:?}");
                assert!(!seen.contains(&taken), "{route:?} takes a piece twice");
                seen.push(taken);
                assert!(king || dr.abs() == 2, "{route:?}: a man jumps two squares");
            }
            None => {
                assert!(between.is_empty() && route.captured.is_empty(), "{route:?}");
                let up = if us == Color::White { -1 } else { 1 };
                assert!(king || dr == up, "{route:?}: a man steps one square forward");
            }
        }
        if !king && land.row() == far && (G::CROWNS_IN_CAPTURE || leg + 1 == route.landings.len()) {
            king = true;
        }
        at = land;
    }
    assert_eq!(route.king_after, king, "{route:?}");
}

/// How often each rule showed itself in the positions tested.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    captures: usize,
    long_king_captures: usize,
    far_row_passes: usize,
    loops: usize,
}

/// The search's generator against the path generator on `positions` under `G`.
fn check_generators<G: Ruleset + Rules<Position = Position, Move = Move>>(
    positions: &[Position],
) -> Coverage {
    let mut seen = Coverage { positions: positions.len(), ..Coverage::default() };
    for p in positions {
        let fen = super::to_fen(p);
        let routes = legal_routes::<G>(p);
        let reference: Vec<Move> = routes.iter().map(Route::mv).collect();
        let mut list = MoveList::new();
        generate::<G>(p, &mut list);
        // The same moves, each once, in the same order (the search breaks ties by it).
        assert_eq!(list.as_slice(), reference.as_slice(), "{fen}");
        assert_eq!(count_moves::<G>(p), list.len(), "{fen}");
        assert_eq!(has_capture(p), list.iter().any(Move::is_capture), "{fen}");
        assert_eq!(G::has_move(p), !list.is_empty(), "{fen}");
        // Every route as KestoG counts them, in the same order, with the same capture order,
        // and the same moves as the rules give.
        let every = every_route::<G>(p);
        let counted = counted_routes::<G>(p);
        generate_counted_routes::<G>(p, &mut list);
        assert_eq!(list.len(), counted.len(), "{fen}");
        for (mv, route) in list.iter().zip(&counted) {
            assert_eq!(*mv, route.mv(), "{fen}");
            assert!(mv.captured_in_order().eq(route.captured.iter().copied()), "{fen}");
        }
        let mut distinct: Vec<Move> = Vec::new();
        for route in &counted {
            if !distinct.contains(&route.mv()) {
                distinct.push(route.mv());
            }
        }
        assert!(
            distinct.len() == reference.len() && distinct.iter().all(|m| reference.contains(m)),
            "{fen}"
        );
        // Each route as the rules describe it, and the position after each move the same
        // whichever route reached it.
        for route in &every {
            check_route::<G>(p, route);
            let after = play::<G>(p, &route.mv());
            assert_eq!(after, after_route(p, route), "{fen} {}", route.algebraic_text());
            assert_eq!(after.key(), after.compute_key(), "{fen}");
        }
        if G::MAJORITY {
            let most = every.iter().map(|r| r.captured.len()).max().unwrap_or(0);
            assert!(every.iter().all(|r| r.captured.len() == most), "{fen}");
        }
        seen.captures += usize::from(has_capture(p));
        seen.long_king_captures +=
            usize::from(routes.iter().any(|r| p.kings().contains(r.from) && r.captured.len() >= 3));
        seen.far_row_passes += usize::from(routes.iter().any(|r| passes_far_row(p, r)));
        seen.loops += usize::from(every.len() > routes.len());
    }
    seen
}

#[test]
fn the_russian_search_generator_agrees_with_the_path_generator() {
    let positions = sample_positions::<Russian>(25, 1500);
    let seen = check_generators::<Russian>(&positions);
    eprintln!("russian: {seen:?}");
    assert!(seen.positions >= 20_000, "{seen:?}");
    assert!(seen.captures >= 3000 && seen.long_king_captures >= 300, "{seen:?}");
    assert!(seen.far_row_passes >= 100 && seen.loops >= 20, "{seen:?}");
}

#[test]
fn the_brazilian_search_generator_agrees_with_the_path_generator() {
    let positions = sample_positions::<Brazilian>(26, 1500);
    let seen = check_generators::<Brazilian>(&positions);
    eprintln!("brazilian: {seen:?}");
    assert!(seen.positions >= 20_000, "{seen:?}");
    assert!(seen.captures >= 3000 && seen.long_king_captures >= 300, "{seen:?}");
    assert!(seen.far_row_passes >= 100 && seen.loops >= 20, "{seen:?}");
}
