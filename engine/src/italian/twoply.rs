//! Perft's last two plies counted in bulk: the positions two plies below a position, without
//! playing the second ply and, where neither side can capture, without playing the first.
//!
//! When the side to move has no capture, each of its moves is a step that changes two squares.
//! The opponent's steps afterwards are its steps now, less those into the square the step fills,
//! plus those into the square it leaves; summed over every step of one direction, that is a few
//! population counts. Only a child where the opponent must capture needs its moves counted one
//! by one, and when the opponent cannot capture now, such a child is one where the stepping piece
//! can be jumped or where a jump lands on the square it left: both are found set-wise.

use super::capture::PathMode;
use super::movegen::Sides;
use crate::board8::bitboard::{
    man_directions, promotion_row, step, Bitboard, ALL, KING_DIRECTIONS,
};
use crate::board8::moves::MoveList;
use crate::board8::position::Position;
use crate::color::Color;

/// What the opponent could do in the position as it stands, as the bulk count needs it.
struct Opponent {
    /// Its sets, as it sees the position.
    sides: Sides,
    /// Its steps now.
    steps: u64,
    /// Whether it can capture now (then every child is counted one by one).
    captures: bool,
    /// The squares where one of its jumps would land over one of our pieces, if they were empty.
    landings: u64,
}

impl Position {
    /// The number of positions two plies below this one ([`Position::legal_moves`] of every
    /// position after each legal move, summed): perft's last two plies.
    pub fn count_two_plies(&self, mode: PathMode) -> u64 {
        match self.side {
            Color::White => self.two_plies::<true, false>(mode),
            Color::Black => self.two_plies::<false, true>(mode),
        }
    }

    fn two_plies<const WHITE: bool, const OTHER: bool>(&self, mode: PathMode) -> u64 {
        let s = self.sides();
        if Self::capture_exists::<WHITE>(&s) {
            let mut list = MoveList::new();
            self.captures::<WHITE>(&s, &mut list, mode);
            return list.iter().map(|mv| self.play_pieces(mv).count_legal_moves(mode) as u64).sum();
        }
        let kings = self.kings.0;
        let sides = Sides {
            men: s.enemy & !kings,
            kings: s.enemy & kings,
            enemy_men: s.men,
            enemy: s.men | s.kings,
            empty: s.empty,
        };
        let steps = Self::quiet_count::<OTHER>(&sides) as u64;
        let captures = Self::capture_exists::<OTHER>(&sides);
        // A man jumps only men; a king jumps any piece.
        let mut landings = 0;
        for e in man_directions(OTHER) {
            landings |= step(step(sides.men, e) & s.men, e);
        }
        if sides.kings != 0 {
            for e in KING_DIRECTIONS {
                landings |= step(step(sides.kings, e) & sides.enemy, e);
            }
        }
        let them = Opponent { sides, steps, captures, landings };
        let mut total = 0;
        for d in man_directions(WHITE) {
            total += self.steps_along::<WHITE, OTHER>(&s, &them, false, d, mode);
        }
        if s.kings != 0 {
            for d in KING_DIRECTIONS {
                total += self.steps_along::<WHITE, OTHER>(&s, &them, true, d, mode);
            }
        }
        total
    }

    /// The opponent's moves summed over the children after each step of our kings (`king`) or
    /// men in direction `d`.
    #[inline(always)]
    fn steps_along<const WHITE: bool, const OTHER: bool>(
        &self,
        s: &Sides,
        them: &Opponent,
        king: bool,
        d: i32,
        mode: PathMode,
    ) -> u64 {
        let movers = if king { s.kings } else { s.men };
        let targets = step(movers, d) & s.empty;
        let one_by_one = if them.captures {
            targets
        } else {
            Self::jumps_after::<WHITE, OTHER>(s, them, king, d, targets)
        };
        let bulk = targets & !one_by_one;
        let mut total = 0;
        if bulk != 0 {
            let left = step(bulk, -d);
            total = them.steps * u64::from(bulk.count_ones())
                + Self::steps_into::<OTHER>(them, left)
                - Self::steps_into::<OTHER>(them, bulk);
        }
        let mut rest = one_by_one;
        while rest != 0 {
            let to = rest & rest.wrapping_neg();
            rest &= rest - 1;
            total +=
                self.after_step::<WHITE, OTHER>(s, &them.sides, them.steps, step(to, -d), to, mode);
        }
        total
    }

    /// Of the squares `targets` our pieces (kings if `king`) step into along `d`, those after
    /// whose step the opponent can capture, given that it cannot capture now: its piece jumps
    /// the one that stepped (landing beyond it, which may be the square it left), or a jump over
    /// another of our pieces lands on the square it left.
    #[inline(always)]
    fn jumps_after<const WHITE: bool, const OTHER: bool>(
        s: &Sides,
        them: &Opponent,
        king: bool,
        d: i32,
        targets: u64,
    ) -> u64 {
        // The landing square beyond `to` along `e` is empty after the step if it is empty now or
        // if it is the square left (`e == -d`).
        let free_beyond = |e: i32| if e == -d { ALL } else { step(s.empty, -e) };
        // The opponent's men never jump a king; a man crowned by its step is one.
        let men_prey = if king { 0 } else { targets & !promotion_row(WHITE) };
        let mut jumped = 0;
        if men_prey != 0 {
            for e in man_directions(OTHER) {
                jumped |= men_prey & step(them.sides.men, e) & free_beyond(e);
            }
        }
        if them.sides.kings != 0 {
            for e in KING_DIRECTIONS {
                jumped |= targets & step(them.sides.kings, e) & free_beyond(e);
            }
        }
        jumped | (targets & step(them.landings, d))
    }

    /// The opponent's pieces that can step into the squares `squares`, summed over the squares.
    #[inline(always)]
    fn steps_into<const OTHER: bool>(them: &Opponent, squares: u64) -> u64 {
        let mut n = 0;
        for e in man_directions(OTHER) {
            n += (squares & step(them.sides.men, e)).count_ones();
        }
        if them.sides.kings != 0 {
            for e in KING_DIRECTIONS {
                n += (squares & step(them.sides.kings, e)).count_ones();
            }
        }
        u64::from(n)
    }

    /// The opponent's moves after the side to move steps from the square `from` to `to` (single
    /// bits), given both sides' sets now (`s`, `them`) and the opponent's `steps` now.
    #[inline(always)]
    fn after_step<const WHITE: bool, const OTHER: bool>(
        &self,
        s: &Sides,
        them: &Sides,
        steps: u64,
        from: u64,
        to: u64,
        mode: PathMode,
    ) -> u64 {
        let ours = them.enemy ^ from ^ to;
        let our_kings = if s.kings & from != 0 {
            s.kings ^ from ^ to
        } else {
            s.kings | (to & promotion_row(WHITE))
        };
        let after = Sides {
            enemy_men: ours & !our_kings,
            enemy: ours,
            empty: s.empty ^ from ^ to,
            ..*them
        };
        if !Self::capture_exists::<OTHER>(&after) {
            // The pieces of the opponent that can step into the square `bit`.
            let steps_into = |bit: u64| {
                let [d0, d1] = man_directions(OTHER);
                let men = (step(bit, -d0) | step(bit, -d1)) & them.men;
                let kings = if them.kings == 0 {
                    0
                } else {
                    KING_DIRECTIONS.iter().fold(0, |k, &d| k | step(bit, -d)) & them.kings
                };
                u64::from(men.count_ones() + kings.count_ones())
            };
            return steps + steps_into(from) - steps_into(to);
        }
        if Self::king_jumpers(&after) == 0 {
            // As count_legal_moves counts men's captures.
            return Self::count_man_captures::<OTHER>(&after) as u64;
        }
        let (white, black) =
            if WHITE { (ours, them.men | them.kings) } else { (them.men | them.kings, ours) };
        let position = Position {
            white: Bitboard(white),
            black: Bitboard(black),
            kings: Bitboard(them.kings | our_kings),
            side: self.side.opposite(),
            key: self.key,
        };
        position.count_legal_moves(mode) as u64
    }
}
