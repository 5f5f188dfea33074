//! The legal move generator for the FID Italian rules (rules-italian.md sections 2-4).
//!
//! Captures are compulsory, so the generator first asks whether any capture exists (a few
//! bitboard operations). If one does, every complete capture sequence is found by a depth-first
//! search and ranked by its precedence key ([`PrecedenceKey`](super::capture::PrecedenceKey)); only sequences with the best key
//! enter the list, so no caller ever sees a capture the rules forbid. Otherwise the quiet moves
//! are produced set-wise, one shift per direction.

use super::capture::{man_paths, CaptureSearch, PathMode};
use crate::board8::bitboard::{
    man_directions, promotion_row, step, Bitboard, ALL, KING_DIRECTIONS,
};
use crate::board8::moves::{Move, MoveList};
use crate::board8::position::Position;
use crate::color::Color;

/// The raw sets the generator works on, seen from the side to move.
pub(super) struct Sides {
    pub(super) men: u64,
    pub(super) kings: u64,
    pub(super) enemy_men: u64,
    pub(super) enemy: u64,
    pub(super) empty: u64,
}

impl Position {
    #[inline(always)]
    pub(super) fn sides(&self) -> Sides {
        let (us, them) = match self.side {
            Color::White => (self.white.0, self.black.0),
            Color::Black => (self.black.0, self.white.0),
        };
        let kings = self.kings.0;
        Sides {
            men: us & !kings,
            kings: us & kings,
            enemy_men: them & !kings,
            enemy: them,
            empty: !(us | them) & ALL,
        }
    }

    /// The men of the side to move that have at least one jump.
    #[inline(always)]
    fn man_jumpers<const WHITE: bool>(s: &Sides) -> u64 {
        let [d0, d1] = man_directions(WHITE);
        let jumpers = |d: i32| step(step(s.empty, -d) & s.enemy_men, -d);
        (jumpers(d0) | jumpers(d1)) & s.men
    }

    /// The kings of the side to move that have at least one jump.
    #[inline(always)]
    pub(super) fn king_jumpers(s: &Sides) -> u64 {
        let jumpers = |d: i32| step(step(s.empty, -d) & s.enemy, -d);
        (jumpers(-5) | jumpers(-4) | jumpers(4) | jumpers(5)) & s.kings
    }

    /// Counts the legal captures when no king can capture: men's captures never need the
    /// precedence rules 2-4 nor de-duplication, so only the longest paths are counted.
    pub(super) fn count_man_captures<const WHITE: bool>(s: &Sides) -> usize {
        // Fast path: when no landing square of a first jump allows a second one, every first
        // jump is a complete, maximal capture. (For a man the jumped piece and the vacated start
        // square both lie behind it, so the original sets decide a second jump exactly.)
        let [d0, d1] = man_directions(WHITE);
        let land0 = step(step(s.men, d0) & s.enemy_men, d0) & s.empty;
        let land1 = step(step(s.men, d1) & s.enemy_men, d1) & s.empty;
        let going_on = (land0 | land1) & !promotion_row(WHITE);
        let second = step(step(going_on, d0) & s.enemy_men, d0) & s.empty
            | step(step(going_on, d1) & s.enemy_men, d1) & s.empty;
        if second == 0 {
            return (land0.count_ones() + land1.count_ones()) as usize;
        }
        let (mut best, mut n) = (0u32, 0usize);
        let mut men = Self::man_jumpers::<WHITE>(s);
        while men != 0 {
            let at = men & men.wrapping_neg();
            men &= men - 1;
            let empty = s.empty | at;
            let (length, paths) = man_paths::<WHITE>(at, s.enemy_men, empty, 0);
            if length > best {
                (best, n) = (length, paths);
            } else if length == best {
                n += paths;
            }
        }
        n
    }

    #[inline(always)]
    pub(super) fn capture_exists<const WHITE: bool>(s: &Sides) -> bool {
        let [d0, d1] = man_directions(WHITE);
        let man_jump = |d: i32| step(step(s.men, d) & s.enemy_men, d);
        if (man_jump(d0) | man_jump(d1)) & s.empty != 0 {
            return true;
        }
        s.kings != 0 && Self::king_jumpers(s) != 0
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        let s = self.sides();
        match self.side {
            Color::White => Self::capture_exists::<true>(&s),
            Color::Black => Self::capture_exists::<false>(&s),
        }
    }

    pub(super) fn captures<const WHITE: bool>(
        &self,
        s: &Sides,
        list: &mut MoveList,
        mode: PathMode,
    ) {
        let enemy_kings = s.enemy & self.kings.0;
        let mut search = CaptureSearch {
            list,
            best: 0,
            mode,
            from: 0,
            by_king: false,
            empty: 0,
            enemy_kings,
            promotion: promotion_row(WHITE),
        };
        let mut kings = s.kings;
        while kings != 0 {
            let at = kings.trailing_zeros();
            kings &= kings - 1;
            search.from = at;
            search.by_king = true;
            search.empty = s.empty | 1u64 << at;
            search.king(at, s.enemy, 0, 0, 0, 0, 0);
        }
        let mut men = Self::man_jumpers::<WHITE>(s);
        while men != 0 {
            let at = men.trailing_zeros();
            men &= men - 1;
            search.from = at;
            search.by_king = false;
            search.empty = s.empty | 1u64 << at;
            search.man::<WHITE>(at, s.enemy_men, 0, 0, 0);
        }
    }

    fn quiet_moves<const WHITE: bool>(s: &Sides, list: &mut MoveList) {
        for d in man_directions(WHITE) {
            let mut targets = step(s.men, d) & s.empty;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = (to as i32 - d) as u32;
                list.push(Move::from_parts(from, to, Bitboard::EMPTY, 0));
            }
        }
        if s.kings != 0 {
            for d in KING_DIRECTIONS {
                let mut targets = step(s.kings, d) & s.empty;
                while targets != 0 {
                    let to = targets.trailing_zeros();
                    targets &= targets - 1;
                    let from = (to as i32 - d) as u32;
                    list.push(Move::from_parts(from, to, Bitboard::EMPTY, 0));
                }
            }
        }
    }

    #[inline(always)]
    pub(super) fn quiet_count<const WHITE: bool>(s: &Sides) -> usize {
        let [d0, d1] = man_directions(WHITE);
        let targets = |pieces: u64, d: i32| (step(pieces, d) & s.empty).count_ones();
        let mut n = targets(s.men, d0) + targets(s.men, d1);
        if s.kings != 0 {
            n += targets(s.kings, -5)
                + targets(s.kings, -4)
                + targets(s.kings, 4)
                + targets(s.kings, 5);
        }
        n as usize
    }

    fn generate<const WHITE: bool>(&self, list: &mut MoveList, mode: PathMode) {
        let s = self.sides();
        if Self::capture_exists::<WHITE>(&s) {
            self.captures::<WHITE>(&s, list, mode);
        } else {
            Self::quiet_moves::<WHITE>(&s, list);
        }
    }

    /// Fills `list` (emptied first) with the legal moves under `mode`.
    pub fn generate_moves(&self, list: &mut MoveList, mode: PathMode) {
        list.clear();
        match self.side {
            Color::White => self.generate::<true>(list, mode),
            Color::Black => self.generate::<false>(list, mode),
        }
    }

    /// The legal moves: every rule of rules-italian.md applied, one move per distinct
    /// (from, to, captured set).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(&mut list, PathMode::Unique);
        list
    }

    /// The number of legal moves ([`Position::legal_moves`]`().len()`), faster when no capture
    /// exists. This is the bulk count perft uses at its last ply.
    pub fn count_legal_moves(&self, mode: PathMode) -> usize {
        let s = self.sides();
        let white = self.side == Color::White;
        let capture = if white {
            Self::capture_exists::<true>(&s)
        } else {
            Self::capture_exists::<false>(&s)
        };
        if capture {
            if Self::king_jumpers(&s) == 0 {
                return if white {
                    Self::count_man_captures::<true>(&s)
                } else {
                    Self::count_man_captures::<false>(&s)
                };
            }
            let mut list = MoveList::new();
            if white {
                self.captures::<true>(&s, &mut list, mode);
            } else {
                self.captures::<false>(&s, &mut list, mode);
            }
            list.len()
        } else if white {
            Self::quiet_count::<true>(&s)
        } else {
            Self::quiet_count::<false>(&s)
        }
    }

    /// Whether the side to move has any legal move (having none loses the game).
    pub fn has_legal_move(&self) -> bool {
        let s = self.sides();
        match self.side {
            Color::White => Self::capture_exists::<true>(&s) || Self::quiet_count::<true>(&s) > 0,
            Color::Black => Self::capture_exists::<false>(&s) || Self::quiet_count::<false>(&s) > 0,
        }
    }
}
