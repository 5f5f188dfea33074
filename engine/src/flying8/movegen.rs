//! The move generator of the search and perft, set-wise on the English padded layout, under
//! either game's rules ([`Ruleset`]), without allocating.
//!
//! Whether a capture exists is a few shifts: the men's jumps one direction at a time, the kings'
//! by a flood fill along each direction through the empty squares. When one exists, the capture
//! search ([`super::capture`]) runs over the pieces; otherwise the steps are found a direction at
//! a time, men's by one shift, kings' along the precomputed rays.
//!
//! The moves come in the order of the path generator ([`super::paths`]): by start square, then
//! direction, then (a king's) distance, captures in the order the search finds them. The
//! search's move ordering breaks ties by it, and `dama match` builds its openings in it.

use super::bits::{fill, nearest, RAYS};
use super::capture::CaptureSearch;
use super::Ruleset;
use crate::board8::moves::{Move, MoveList};
use crate::board8::position::Position;
use crate::color::Color;
use crate::english::layout::{
    bit_to_board8, crowning_row, forward, from_board8, shift, ALL, DIRECTIONS,
};

/// The position seen from the side to move, in the layout.
struct Sides {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
    white: bool,
}

impl Sides {
    #[inline(always)]
    fn of(position: &Position) -> Sides {
        let white = position.side_to_move() == Color::White;
        let (us, them) = (
            position.pieces(position.side_to_move()),
            position.pieces(position.side_to_move().opposite()),
        );
        let (us, them) = (from_board8(us.bits()), from_board8(them.bits()));
        let kings = from_board8(position.kings().bits());
        Sides { men: us & !kings, kings: us & kings, enemy: them, empty: ALL & !(us | them), white }
    }

    /// Whether a man can jump, or a king take a piece.
    #[inline(always)]
    fn has_capture(&self) -> bool {
        let men = DIRECTIONS
            .into_iter()
            .any(|d| shift(shift(self.men, d) & self.enemy, d) & self.empty != 0);
        men || (self.kings != 0
            && DIRECTIONS.into_iter().any(|d| {
                let reach = fill(self.kings, self.empty, d);
                shift(shift(reach, d) & self.enemy, d) & self.empty != 0
            }))
    }
}

/// Whether the side to move has a capture (and so must capture).
#[inline]
pub fn has_capture(position: &Position) -> bool {
    Sides::of(position).has_capture()
}

/// Fills `list` (emptied first) with the legal moves under the rules `G`, one per (from, to,
/// captured set): the captures when there is one (under Brazilian rules only those that take
/// the most pieces), else every step.
pub fn generate<G: Ruleset>(position: &Position, list: &mut MoveList) {
    fill_list::<G>(position, list, false);
}

/// [`generate`] with every capture route listed as KestoG's Russian perft table counts them:
/// each way of taking the pieces is an entry (two ways round a loop are two), and after each
/// piece taken a king's landing squares are those from which it can capture off the line it
/// came along, if there are any, else all of them (so a king that can only go on along its line
/// counts a route for each square it may stop on before the next piece). The distinct moves are
/// [`generate`]'s.
pub fn generate_counted_routes<G: Ruleset>(position: &Position, list: &mut MoveList) {
    fill_list::<G>(position, list, true);
}

fn fill_list<G: Ruleset>(position: &Position, list: &mut MoveList, routes: bool) {
    list.clear();
    let s = Sides::of(position);
    if s.has_capture() {
        captures::<G>(&s, list, routes);
    } else {
        steps(&s, list);
    }
}

/// The number of legal moves (what [`generate`] lists), counting the steps without listing them.
pub fn count_moves<G: Ruleset>(position: &Position) -> usize {
    let s = Sides::of(position);
    if s.has_capture() {
        let mut list = MoveList::new();
        captures::<G>(&s, &mut list, false);
        return list.len();
    }
    let men: u32 =
        forward(s.white).into_iter().map(|d| (shift(s.men, d) & s.empty).count_ones()).sum();
    let kings: u32 = if s.kings == 0 {
        0
    } else {
        DIRECTIONS.into_iter().map(|d| (fill(s.kings, s.empty, d) ^ s.kings).count_ones()).sum()
    };
    (men + kings) as usize
}

/// The captures, a piece at a time in the order of their squares.
fn captures<G: Ruleset>(s: &Sides, list: &mut MoveList, routes: bool) {
    let pieces = ALL & !s.empty;
    let mut search = CaptureSearch::<G>::new(list, s.enemy, pieces, crowning_row(s.white), routes);
    let mut pieces = s.men | s.kings;
    while pieces != 0 {
        let from = pieces.trailing_zeros();
        pieces &= pieces - 1;
        search.piece(from, s.kings & 1u64 << from != 0);
    }
}

/// The steps, a piece at a time in the order of their squares, each piece's in the order of
/// [`DIRECTIONS`], a king's nearest first along each.
fn steps(s: &Sides, list: &mut MoveList) {
    let forward = forward(s.white);
    let targets = forward.map(|d| shift(s.men, d) & s.empty);
    let men = shift(targets[0], -forward[0]) | shift(targets[1], -forward[1]);
    let occupied = ALL & !s.empty;
    let mut pieces = men | s.kings;
    while pieces != 0 {
        let from = pieces.trailing_zeros();
        pieces &= pieces - 1;
        let start = bit_to_board8(from);
        let step = |to: u32| {
            Move::from_parts(start, bit_to_board8(to), crate::board8::bitboard::Bitboard::EMPTY, 0)
        };
        if s.kings & 1u64 << from == 0 {
            for (&d, &targets) in forward.iter().zip(&targets) {
                let to = shift(1u64 << from, d) & targets;
                if to != 0 {
                    list.push(step(to.trailing_zeros()));
                }
            }
            continue;
        }
        for (i, d) in DIRECTIONS.into_iter().enumerate() {
            let ray = RAYS[i][from as usize];
            let blockers = ray & occupied;
            let mut targets = if blockers == 0 {
                ray
            } else {
                let stop = nearest(blockers, d);
                ray & !(RAYS[i][stop as usize] | 1u64 << stop)
            };
            while targets != 0 {
                let to = nearest(targets, d);
                targets ^= 1u64 << to;
                list.push(step(to));
            }
        }
    }
}
