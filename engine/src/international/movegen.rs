//! The International move generator the search uses: set-wise in the padded layout of
//! [`super::bits`], majority capture with flying kings, one move per (from, to, captured set),
//! without allocating (the same rules as [`super::paths`], which also gives every path).
//!
//! Whether a capture exists is a few shifts: a man's jumps one direction at a time, a king's by
//! a flood fill along each direction through the empty squares. When one exists, the common case
//! needs no search: if no man's first jump lands where a second jump starts and no king can
//! capture, every first jump is a whole legal move. Otherwise a depth-first search
//! ([`super::capture`]) runs over the pieces that can capture (the men whose jump goes on, when
//! one does). Quiet moves are found a direction at a time, men's by one shift, kings' along
//! precomputed rays.
//!
//! The moves come in the order of the path generator ([`super::paths`]) and of the square by
//! square generator before this one: by start square, then direction, then (a king's) distance,
//! captures in the order the search finds them. The search's move ordering breaks ties by it, so
//! the order keeps the search's behaviour (and `dama bench`'s node count) and the order of the
//! openings `dama match` builds from the first two plies.

use super::bits::{fill, nearest, pad, square, step, unpad, ALL, DIRECTIONS, RAYS};
use super::capture::CaptureSearch;
use super::moves::Move;
use super::position::Position;
use crate::color::Color;
use crate::movelist::List;

/// The position seen from the side to move, in the padded layout.
struct Sides {
    men: u64,
    kings: u64,
    enemy: u64,
    empty: u64,
}

impl Sides {
    #[inline(always)]
    fn new(position: &Position) -> Sides {
        let (ours, theirs) = match position.side {
            Color::White => (pad(position.white), pad(position.black)),
            Color::Black => (pad(position.black), pad(position.white)),
        };
        let kings = pad(position.kings);
        Sides {
            men: ours & !kings,
            kings: ours & kings,
            enemy: theirs,
            empty: ALL & !(ours | theirs),
        }
    }

    /// The men's first jumps along `d`: the squares where they land.
    #[inline(always)]
    fn man_jumps(&self, d: i32) -> u64 {
        step(step(self.men, d) & self.enemy, d) & self.empty
    }

    /// Whether a king can capture: the squares each king reaches along a line, the enemy piece
    /// just after them, an empty square just after that.
    #[inline(always)]
    fn king_captures(&self) -> bool {
        DIRECTIONS.into_iter().any(|d| {
            let reach = fill(self.kings, self.empty, d);
            step(step(reach, d) & self.enemy, d) & self.empty != 0
        })
    }

    /// The squares from which a jump starts (an enemy piece next along a line, an empty square
    /// after it).
    #[inline(always)]
    fn jump_starts(&self) -> u64 {
        DIRECTIONS.into_iter().fold(0, |m, d| m | step(step(self.empty, -d) & self.enemy, -d))
    }
}

/// The two directions a man of the side to move steps in.
const fn forward(white: bool) -> [i32; 2] {
    if white {
        [DIRECTIONS[0], DIRECTIONS[1]]
    } else {
        [DIRECTIONS[2], DIRECTIONS[3]]
    }
}

impl Position {
    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        let s = Sides::new(self);
        DIRECTIONS.into_iter().any(|d| s.man_jumps(d) != 0) || (s.kings != 0 && s.king_captures())
    }
}

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set): the
/// largest captures when any capture exists, else every step.
pub fn generate(position: &Position, list: &mut List<Move>) {
    list.clear();
    let s = Sides::new(position);
    if !captures(&s, list) {
        match position.side {
            Color::White => quiet_moves(&s, forward(true), list),
            Color::Black => quiet_moves(&s, forward(false), list),
        }
    }
}

/// The number of legal moves (what [`generate`] lists), counting the quiet moves without listing
/// them.
pub fn count_moves(position: &Position) -> usize {
    let s = Sides::new(position);
    let jumps = DIRECTIONS.map(|d| s.man_jumps(d));
    let landings = jumps[0] | jumps[1] | jumps[2] | jumps[3];
    let king_captures = s.kings != 0 && s.king_captures();
    if landings == 0 && !king_captures {
        let forward = forward(position.side == Color::White);
        let men = forward.into_iter().map(|d| (step(s.men, d) & s.empty).count_ones());
        let mut n: u32 = men.sum();
        if s.kings != 0 {
            n += DIRECTIONS
                .into_iter()
                .map(|d| (fill(s.kings, s.empty, d) ^ s.kings).count_ones())
                .sum::<u32>();
        }
        return n as usize;
    }
    if !king_captures && landings & s.jump_starts() == 0 {
        return jumps.iter().map(|j| j.count_ones() as usize).sum();
    }
    let mut list = List::new();
    capture_search(&s, &jumps, king_captures, &mut list);
    list.len()
}

/// Lists the largest captures; false when there is none.
fn captures(s: &Sides, list: &mut List<Move>) -> bool {
    let jumps = DIRECTIONS.map(|d| s.man_jumps(d));
    let landings = jumps[0] | jumps[1] | jumps[2] | jumps[3];
    let king_captures = s.kings != 0 && s.king_captures();
    if landings == 0 && !king_captures {
        return false;
    }
    if !king_captures && landings & s.jump_starts() == 0 {
        // No jump goes on: each first jump is a capture of one piece, the largest there is.
        let mut men = DIRECTIONS.iter().zip(&jumps).fold(0, |m, (&d, &j)| m | step(j, -2 * d));
        while men != 0 {
            let from = men & men.wrapping_neg();
            men &= men - 1;
            for (&d, &jumps) in DIRECTIONS.iter().zip(&jumps) {
                let to = step(from, 2 * d) & jumps;
                if to != 0 {
                    list.push(Move {
                        from: square(from.trailing_zeros()),
                        to: square(to.trailing_zeros()),
                        captured: unpad(step(from, d)),
                    });
                }
            }
        }
        return true;
    }
    capture_search(s, &jumps, king_captures, list);
    true
}

/// The search over the pieces that can capture, given the men's first jumps along each direction,
/// a piece at a time in the order of their squares.
fn capture_search(s: &Sides, jumps: &[u64; 4], king_captures: bool, list: &mut List<Move>) {
    let mut search = CaptureSearch::new(list, s.enemy, ALL & !s.empty, s.empty);
    // When some man's jump goes on, the largest capture takes two pieces or more: only the men
    // whose jump goes on are searched.
    let starts = s.jump_starts();
    let goes_on = jumps.iter().any(|&j| j & starts != 0);
    let men = DIRECTIONS
        .iter()
        .zip(jumps)
        .fold(0, |m, (&d, &j)| m | step(if goes_on { j & starts } else { j }, -2 * d));
    let mut pieces = if king_captures { men | s.kings } else { men };
    while pieces != 0 {
        let from = pieces.trailing_zeros();
        pieces &= pieces - 1;
        if s.kings & 1u64 << from != 0 {
            search.king_from(from);
        } else {
            search.man_from(from);
        }
    }
}

/// The steps, a piece at a time in the order of their squares, each piece's in the order of
/// [`DIRECTIONS`], a king's nearest first along each.
fn quiet_moves(s: &Sides, forward: [i32; 2], list: &mut List<Move>) {
    let targets = forward.map(|d| step(s.men, d) & s.empty);
    let men = step(targets[0], -forward[0]) | step(targets[1], -forward[1]);
    let occupied = ALL & !s.empty;
    let mut pieces = men | s.kings;
    while pieces != 0 {
        let from = pieces.trailing_zeros();
        pieces &= pieces - 1;
        if s.kings & 1u64 << from == 0 {
            for (&d, &targets) in forward.iter().zip(&targets) {
                let to = step(1u64 << from, d) & targets;
                if to != 0 {
                    list.push(Move {
                        from: square(from),
                        to: square(to.trailing_zeros()),
                        captured: 0,
                    });
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
                list.push(Move { from: square(from), to: square(to), captured: 0 });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::international::fen::parse_fen;
    use crate::international::geometry::{bit, squares};

    /// The generator's moves as (from, to, captured squares), sorted; checked to be as many as
    /// the count says, and the same as the path generator's.
    fn moves(fen: &str) -> Vec<(u8, u8, Vec<u8>)> {
        let p = parse_fen(fen).unwrap();
        let mut list = List::new();
        generate(&p, &mut list);
        assert_eq!(count_moves(&p), list.len(), "{fen}");
        let reference: Vec<Move> = p.legal_moves().iter().map(|m| m.compact()).collect();
        assert!(list.len() == reference.len() && reference.iter().all(|m| list.contains(m)));
        let mut out: Vec<(u8, u8, Vec<u8>)> =
            list.iter().map(|m| (m.from, m.to, squares(m.captured).collect())).collect();
        out.sort();
        out
    }

    #[test]
    fn the_start_has_nine_steps_and_no_capture() {
        let p = Position::start();
        assert!(!p.has_capture());
        let steps = moves("W:W31-50:B1-20");
        assert_eq!(steps.len(), 9);
        assert!(steps.iter().all(|(from, to, taken)| {
            (31..=35).contains(from) && (26..=30).contains(to) && taken.is_empty()
        }));
    }

    #[test]
    fn a_man_captures_backward() {
        // White's men move toward 1-5; 28 is behind 23, and 32 behind 28.
        assert_eq!(moves("W:W23:B28"), [(23, 32, vec![28])]);
        // Black's men move toward 46-50; 18 is behind 23.
        assert_eq!(moves("B:W18:B23"), [(23, 12, vec![18])]);
        assert!(parse_fen("W:W23:B28").unwrap().has_capture());
    }

    #[test]
    fn a_king_flies_to_every_empty_square_beyond_its_capture() {
        assert_eq!(
            moves("W:WK46:B19"),
            [(46, 5, vec![19]), (46, 10, vec![19]), (46, 14, vec![19])]
        );
        // Its steps run the whole empty diagonal (9 squares to 5) and stop before a piece.
        assert_eq!(moves("W:WK46:B1").len(), 9);
        assert_eq!(moves("W:WK46,23:B1").len(), 4 + 2, "41, 37, 32, 28; and the man's 18, 19");
    }

    #[test]
    fn a_captured_piece_blocks_a_later_leg_of_a_king() {
        // The king takes 28 (landing on 19), 24 (landing on 30) and 34 (landing on 39, 43 or 48).
        // From 39 the line up to the left runs 33, 28, 22: 28 is taken but still on the board,
        // so the king cannot reach 22. Were it lifted at once, 46x19x30x39x17 would take four.
        assert_eq!(
            moves("W:WK46:B28,24,34,22"),
            [(46, 39, vec![24, 28, 34]), (46, 43, vec![24, 28, 34]), (46, 48, vec![24, 28, 34])]
        );
        // Without 28 in the way, a king on 39 does take 22 (landing on 17, 11 or 6).
        let lifted = moves("W:WK39:B22");
        assert!(lifted.contains(&(39, 17, vec![22])), "{lifted:?}");
    }

    #[test]
    fn a_man_passing_the_far_row_in_a_capture_stays_a_man() {
        // 13 takes 8 landing on 2 (White's far row) and must take 7 backward, as a man: it lands
        // on 11 only (a king could fly on to 16), and is not crowned there.
        assert_eq!(moves("W:W13:B7,8"), [(13, 11, vec![7, 8])]);
        let p = parse_fen("W:W13:B7,8").unwrap();
        let mut list = List::new();
        generate(&p, &mut list);
        assert_eq!(p.play_move(&list[0]).kings, 0);
        // On 2 a king would go on to take 11 from afar; the man stops there and is crowned.
        assert_eq!(moves("W:W13:B8,11"), [(13, 2, vec![8])]);
        let p = parse_fen("W:W13:B8,11").unwrap();
        generate(&p, &mut list);
        assert_eq!(p.play_move(&list[0]).kings, bit(2));
        // The same for Black, toward 46-50.
        assert_eq!(moves("B:W43,44:B38"), [(38, 40, vec![43, 44])]);
    }

    #[test]
    fn majority_capture_keeps_only_the_longest() {
        // 32 can take 27 alone, or 28 then 18; 33 can take 28 then 18, or 28 then 27 backward:
        // only the two-piece captures are legal.
        assert_eq!(
            moves("W:W32,33:B27,28,18"),
            [(32, 12, vec![18, 28]), (33, 13, vec![18, 28]), (33, 31, vec![27, 28])]
        );
        // A king taking one (5x14) gives way to a man taking two (36x27x18); a king counts as one
        // piece like a man.
        assert_eq!(moves("W:WK5,19,36:B10,31,22"), [(36, 18, vec![22, 31])]);
        assert_eq!(moves("W:WK5,19,36:BK10,K31,22"), [(36, 18, vec![22, 31])]);
    }

    #[test]
    fn duplicate_routes_give_one_move() {
        // The man on 33 takes 28, 18, 19 and 29 around the square and comes back to 33 (its own
        // start is empty), either way round: one move.
        assert_eq!(moves("W:W33:B28,18,19,29"), [(33, 33, vec![18, 19, 28, 29])]);
        // A king going round the same four pieces either way, landing where it likes.
        let king = moves("W:WK33:B28,18,19,29");
        let mut distinct = king.clone();
        distinct.dedup();
        assert_eq!(king, distinct);
        assert!(king.contains(&(33, 33, vec![18, 19, 28, 29])), "{king:?}");
    }
}
