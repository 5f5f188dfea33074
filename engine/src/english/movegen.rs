//! The English move generator of the search, and the move count of perft's last ply: set-wise on
//! the English padded layout (`layout.rs`), one shift per direction, without allocating.
//! Captures come first when there is one (they are compulsory, `capture.rs`); otherwise the
//! steps, found a direction at a time. Moves come out one per (from, to, captured set), in the
//! order the path generator ([`super::paths::legal_moves`], the reference, which lists every
//! route) finds them, so the search orders its moves as it did with the path-by-path generator.

use super::capture::{capture_exists, captures, count_captures, Found};
use super::layout::{forward, shift, Sides, DIRECTIONS};
use crate::board8::moves::{Move, MoveList};
use crate::board8::position::Position;
use crate::movelist::List;

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set), without
/// allocating: the generator the search uses.
pub fn generate(position: &Position, list: &mut MoveList) {
    fill(position, list, false);
}

/// Fills `list` (emptied first) with the legal moves, a king's capture once per route (two routes
/// around a loop that take the same pieces are two entries): the published perft tables' count.
pub fn generate_every_route(position: &Position, list: &mut MoveList) {
    fill(position, list, true);
}

fn fill(position: &Position, list: &mut MoveList, every_route: bool) {
    list.clear();
    let s = Sides::of(position);
    if s.white {
        moves::<true, Move>(&s, list, every_route);
    } else {
        moves::<false, Move>(&s, list, every_route);
    }
}

/// Whether the side to move has a capture.
pub fn has_capture(position: &Position) -> bool {
    let s = Sides::of(position);
    if s.white {
        capture_exists::<true>(&s)
    } else {
        capture_exists::<false>(&s)
    }
}

/// The number of legal moves, one per (from, to, captured set) or one per route when
/// `every_route`: the length of the list [`generate`] (or [`generate_every_route`]) fills, counted
/// without building it where possible (perft's last ply).
pub fn count_moves(position: &Position, every_route: bool) -> usize {
    let s = Sides::of(position);
    if s.white {
        count::<true, Move>(&s, every_route)
    } else {
        count::<false, Move>(&s, every_route)
    }
}

/// Appends the legal moves of `WHITE` (the side to move) to `list`: the captures if there is one,
/// otherwise the steps, piece by piece in numbering order, each piece's in the order of
/// [`DIRECTIONS`].
#[inline(always)]
fn moves<const WHITE: bool, M: Found>(s: &Sides, list: &mut List<M>, every_route: bool) {
    if capture_exists::<WHITE>(s) {
        captures::<WHITE, M>(s, list, every_route);
        return;
    }
    let [d0, d1] = forward(WHITE);
    let movers = DIRECTIONS.map(|d| {
        let pieces = if d == d0 || d == d1 { s.men | s.kings } else { s.kings };
        shift(s.empty, -d) & pieces
    });
    let mut pieces = movers[0] | movers[1] | movers[2] | movers[3];
    while pieces != 0 {
        let at = pieces.trailing_zeros();
        pieces &= pieces - 1;
        for (set, d) in movers.iter().zip(DIRECTIONS) {
            if set >> at & 1 != 0 {
                list.push(M::found(at, (at as i32 + d) as u32, 0, 0));
            }
        }
    }
}

/// The number of legal moves of `WHITE` (the side to move): [`moves`]`(..).len()`, the steps and
/// the men's captures counted without a list.
#[inline(always)]
pub(super) fn count<const WHITE: bool, M: Found>(s: &Sides, every_route: bool) -> usize {
    if capture_exists::<WHITE>(s) {
        return count_captures::<WHITE, M>(s, every_route);
    }
    let [d0, d1] = forward(WHITE);
    let targets = |pieces: u64, d: i32| (shift(pieces, d) & s.empty).count_ones();
    let mut n = targets(s.men | s.kings, d0) + targets(s.men | s.kings, d1);
    if s.kings != 0 {
        n += targets(s.kings, -d0) + targets(s.kings, -d1);
    }
    n as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::fen::parse_fen;
    use crate::english::paths::legal_moves;

    fn moves(fen: &str, every_route: bool) -> Vec<Move> {
        let position = parse_fen(fen).unwrap();
        let mut list = MoveList::new();
        fill(&position, &mut list, every_route);
        assert_eq!(count_moves(&position, every_route), list.len(), "{fen}");
        list.to_vec()
    }

    #[test]
    fn a_king_taking_the_same_pieces_around_a_loop_has_one_move_and_two_routes() {
        // The white king on 26 takes 22, 14, 15 and 23 and comes back to 26, by 17, 10, 19
        // (clockwise on the board) or by 19, 10, 17: one move, two routes.
        let fen = "W:WK26:B14,15,22,23";
        let one = moves(fen, false);
        assert_eq!(one.len(), 1);
        assert_eq!((one[0].from().number(), one[0].to().number()), (26, 26));
        assert_eq!(one[0].capture_count(), 4);
        let routes = moves(fen, true);
        assert_eq!(routes.len(), 2);
        assert!(routes.iter().all(|m| *m == one[0]));
        let orders: Vec<Vec<u8>> =
            routes.iter().map(|m| m.captured_in_order().map(|s| s.number()).collect()).collect();
        assert_eq!(orders, [vec![22, 14, 15, 23], vec![23, 15, 14, 22]]);
        assert_eq!(legal_moves(&parse_fen(fen).unwrap()).len(), 2);
    }

    #[test]
    fn a_loop_in_the_middle_of_a_longer_capture_counts_once() {
        // Black's king on 1 takes 6 and lands on 10; from there it may take 7 at once and stop
        // on 3, or first go round the loop 10-17-26-19-10 (over 14, 22, 23, 15) either way and
        // then take 7: two moves, three routes.
        let fen = "B:W6,7,14,15,22,23:BK1";
        let one = moves(fen, false);
        let counts: Vec<(u8, usize)> =
            one.iter().map(|m| (m.to().number(), m.capture_count())).collect();
        assert_eq!(counts, [(3, 2), (3, 6)]);
        assert_eq!(moves(fen, true).len(), 3);
        assert_eq!(legal_moves(&parse_fen(fen).unwrap()).len(), 3);
    }

    #[test]
    fn men_step_forward_and_kings_both_ways_in_numbering_order() {
        let numbers = |fen: &str| -> Vec<(u8, u8)> {
            moves(fen, false).iter().map(|m| (m.from().number(), m.to().number())).collect()
        };
        // Black's men move toward 29-32; the king on 14 steps four ways.
        assert_eq!(numbers("B:W32:B5,K14"), [(5, 9), (14, 9), (14, 10), (14, 17), (14, 18)]);
        // White's men toward 1-4; 5 on the left edge has one step; the king on 29 steps to 25.
        assert_eq!(numbers("W:W5,8,K29:BK32"), [(5, 1), (8, 3), (8, 4), (29, 25)]);
    }

    #[test]
    fn a_man_takes_a_king_and_stops_when_crowned() {
        let numbers = |fen: &str| -> Vec<(u8, u8, usize)> {
            moves(fen, false)
                .iter()
                .map(|m| (m.from().number(), m.to().number(), m.capture_count()))
                .collect()
        };
        assert_eq!(numbers("W:W22:BK18"), [(22, 15, 1)]);
        // Crowned on 2 after taking 7: the move ends though the new king could take 6.
        assert_eq!(numbers("W:W11:B6,7"), [(11, 2, 1)]);
        // Any capture may be chosen: one piece by 23 (two ways) or two by 22.
        assert_eq!(numbers("W:W7,22,23:B11,18,19"), [(22, 8, 2), (23, 14, 1), (23, 16, 1)]);
        assert!(has_capture(&parse_fen("W:W22:BK18").unwrap()));
        assert!(!has_capture(&parse_fen("W:W14:B18").unwrap()));
    }
}
