//! The legal move generator for the FID Italian rules (rules-italian.md sections 2-4).
//!
//! Captures are compulsory, so the generator first asks whether any capture exists (a few
//! bitboard operations). If one does, every complete capture sequence is found by a depth-first
//! search and ranked by its precedence key ([`PrecedenceKey`]); only sequences with the best key
//! enter the list, so no caller ever sees a capture the rules forbid. Otherwise the quiet moves
//! are produced set-wise, one shift per direction.

use crate::bitboard::Bitboard;
use crate::movelist::MoveList;
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::square::SQUARE_OF_BIT;

const ALL: u64 = Bitboard::ALL.0;

/// One diagonal step of a raw padded-layout word by a signed offset.
#[inline(always)]
const fn step(bits: u64, offset: i32) -> u64 {
    if offset > 0 {
        (bits << offset) & ALL
    } else {
        (bits >> -offset) & ALL
    }
}

const KING_DIRECTIONS: [i32; 4] = [-5, -4, 4, 5];

/// The forward directions of a side's men: White towards row 0, Black towards row 7.
#[inline(always)]
const fn man_directions(white: bool) -> [i32; 2] {
    if white {
        [-5, -4]
    } else {
        [4, 5]
    }
}

#[inline(always)]
const fn promotion_row(white: bool) -> u64 {
    if white {
        Bitboard::WHITE_PROMOTION.0
    } else {
        Bitboard::BLACK_PROMOTION.0
    }
}

/// The precedence of a complete capture sequence (FID Art. 6.6-6.10), packed so that a larger
/// integer is a better capture and the criteria are compared in the rulebook's order:
///
/// ```text
/// bits 24..28  rule 1: number of pieces captured
/// bit  20      rule 2: the capturing piece is a king
/// bits 16..20  rule 3: number of kings captured
/// bits  0..12  rule 4: bit (11 - i) set when the i-th captured piece (0-based) is a king
/// ```
/// Rule 4 compares the sorted positions of the captured kings lexicographically, the smaller
/// tuple winning. When rule 3 has already tied the number of kings, the tuple that is smaller at
/// its first difference holds the earlier position there, which is the higher bit of the mask, so
/// integer comparison of the masks is exactly the lexicographic reading.
pub type PrecedenceKey = u32;

/// Builds a [`PrecedenceKey`].
#[inline(always)]
pub const fn precedence_key(
    count: u32,
    by_king: bool,
    kings: u32,
    king_order: u32,
) -> PrecedenceKey {
    (count << 24) | ((by_king as u32) << 20) | (kings << 16) | king_order
}

/// Whether to keep one move per (from, to, captured set) or one per capture path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PathMode {
    /// One move per distinct (from, to, captured set): the project's convention.
    Unique,
    /// Every capture path is its own entry (reproduces "every path counted" perft tables).
    EveryPath,
}

struct CaptureSearch<'a> {
    list: &'a mut MoveList,
    best: PrecedenceKey,
    mode: PathMode,
    from: u32,
    by_king: bool,
    empty: u64,
    enemy_kings: u64,
    promotion: u64,
}

impl CaptureSearch<'_> {
    #[inline]
    fn finish(&mut self, to: u32, captured: u64, order: u64, count: u32, kings: u32, mask: u32) {
        let key = precedence_key(count, self.by_king, kings, mask);
        if key < self.best {
            return;
        }
        let mv = Move::from_parts(self.from, to, Bitboard(captured), order);
        if key > self.best {
            self.best = key;
            self.list.clear();
        } else if self.by_king
            && self.mode == PathMode::Unique
            && self.list.iter().any(|m| *m == mv)
        {
            // Only a king can reach the same end over the same set by two paths: a man's path is
            // fixed by its captured set (one captured piece per pair of rows it crosses).
            return;
        }
        self.list.push(mv);
    }

    /// Extends a king's sequence standing on bit `at` after `count` captures.
    #[allow(clippy::too_many_arguments)]
    fn king(
        &mut self,
        at: u32,
        enemies: u64,
        captured: u64,
        order: u64,
        count: u32,
        kings: u32,
        mask: u32,
    ) {
        let here = 1u64 << at;
        let mut extended = false;
        for d in KING_DIRECTIONS {
            let over = step(here, d) & enemies;
            if over == 0 {
                continue;
            }
            let land = step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            extended = true;
            let over_bit = over.trailing_zeros();
            let is_king = (over & self.enemy_kings != 0) as u32;
            self.king(
                land.trailing_zeros(),
                enemies & !over,
                captured | over,
                order | (SQUARE_OF_BIT[over_bit as usize] as u64) << (5 * count),
                count + 1,
                kings + is_king,
                mask | is_king << (11 - count),
            );
        }
        if !extended && count > 0 {
            self.finish(at, captured, order, count, kings, mask);
        }
    }

    /// Extends a man's sequence: forward only, men only, and promotion ends the move.
    fn man<const WHITE: bool>(
        &mut self,
        at: u32,
        enemies: u64,
        captured: u64,
        order: u64,
        count: u32,
    ) {
        let here = 1u64 << at;
        let mut extended = false;
        if count == 0 || here & self.promotion == 0 {
            for d in man_directions(WHITE) {
                let over = step(here, d) & enemies;
                if over == 0 {
                    continue;
                }
                let land = step(over, d) & self.empty;
                if land == 0 {
                    continue;
                }
                extended = true;
                let over_bit = over.trailing_zeros();
                self.man::<WHITE>(
                    land.trailing_zeros(),
                    enemies & !over,
                    captured | over,
                    order | (SQUARE_OF_BIT[over_bit as usize] as u64) << (5 * count),
                    count + 1,
                );
            }
        }
        if !extended && count > 0 {
            self.finish(at, captured, order, count, 0, 0);
        }
    }
}

/// The longest capture a man standing on `at` (one bit) can still make after `count` captures,
/// and how many paths reach that length.
fn man_paths<const WHITE: bool>(at: u64, enemies: u64, empty: u64, count: u32) -> (u32, usize) {
    if count > 0 && at & promotion_row(WHITE) != 0 {
        return (count, 1);
    }
    let (mut best, mut n) = (count, 1usize);
    let mut extended = false;
    for d in man_directions(WHITE) {
        let over = step(at, d) & enemies;
        let land = step(over, d) & empty;
        if land == 0 {
            continue;
        }
        let (length, paths) = man_paths::<WHITE>(land, enemies & !over, empty, count + 1);
        if !extended || length > best {
            (best, n) = (length, paths);
        } else if length == best {
            n += paths;
        }
        extended = true;
    }
    (best, n)
}

/// The raw sets the generator works on, seen from the side to move.
struct Sides {
    men: u64,
    kings: u64,
    enemy_men: u64,
    enemy: u64,
    empty: u64,
}

impl Position {
    #[inline(always)]
    fn sides(&self) -> Sides {
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
    fn king_jumpers(s: &Sides) -> u64 {
        let jumpers = |d: i32| step(step(s.empty, -d) & s.enemy, -d);
        (jumpers(-5) | jumpers(-4) | jumpers(4) | jumpers(5)) & s.kings
    }

    /// Counts the legal captures when no king can capture: men's captures never need the
    /// precedence rules 2-4 nor de-duplication, so only the longest paths are counted.
    fn count_man_captures<const WHITE: bool>(s: &Sides) -> usize {
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
    fn capture_exists<const WHITE: bool>(s: &Sides) -> bool {
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

    fn captures<const WHITE: bool>(&self, s: &Sides, list: &mut MoveList, mode: PathMode) {
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
    fn quiet_count<const WHITE: bool>(s: &Sides) -> usize {
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
