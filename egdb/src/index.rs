//! The index: a dense number for every position of a material with White to move, and back.
//!
//! Squares are bits of a `u64`, bit `i` for square `i + 1` ([`crate::geometry`]). On a board of
//! `n` squares in rows of `w` a man can stand on `n - w` squares (all but its crowning row). A
//! position is numbered in four mixed-radix digits, most significant first:
//!
//! 1. the white men, ranked among the squares a white man can stand on (5-32 on the 8x8 board,
//!    6-50 on the 10x10);
//! 2. the black men, ranked among the squares a black man can stand on (1-28, 1-45);
//! 3. the white kings, ranked among the squares the men left free;
//! 4. the black kings, ranked among the squares still free.
//!
//! A set of `k` squares is ranked *colexicographically*: its labels `p1 < p2 < ... < pk` give
//! `C(p1, 1) + C(p2, 2) + ... + C(pk, k)`, a number below `C(n, k)` for labels below `n`. The
//! labels count from each side's back row forward: a white man on square `s` has label
//! `n - s`, a black man `s - 1`. Moving one element of a set to a larger label always gives a
//! larger rank, so **every man move raises the index's leading digits**: the positions with the
//! same men (the *men configuration*) are one contiguous block, kings move inside it, and a man
//! move leads to a block further on. The builder uses this to solve the blocks from the last to
//! the first. Kings are labelled by their rank among the free squares, so no king digit is
//! wasted; the two men digits are ranked independently, so a block whose white and black men
//! share a square is a *hole*: its numbers stand for no position.
//!
//! On the 8x8 board this is the index of the first version of the files, number for number.

pub use crate::geometry::Board;
use crate::geometry::Geometry;
use crate::material::Material;

/// The most squares of a board.
const MAX_SQUARES: usize = 50;

const fn binomials() -> [[u64; MAX_SQUARES + 1]; MAX_SQUARES + 1] {
    let mut table = [[0u64; MAX_SQUARES + 1]; MAX_SQUARES + 1];
    let mut n = 0;
    while n <= MAX_SQUARES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

static BINOMIAL: [[u64; MAX_SQUARES + 1]; MAX_SQUARES + 1] = binomials();

/// The binomial coefficient `C(n, k)` for `n <= 50` (zero when `k > n`).
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The colexicographic rank of a set of labels (bit `p` set for label `p`).
#[inline]
pub fn rank(mut labels: u64) -> u64 {
    let mut rank = 0;
    let mut k = 1;
    while labels != 0 {
        let p = labels.trailing_zeros();
        labels &= labels - 1;
        rank += BINOMIAL[p as usize][k];
        k += 1;
    }
    rank
}

/// The set of `k` labels below `limit` with colexicographic rank `rank` (which must be below
/// `C(limit, k)`).
#[inline]
pub fn unrank(mut rank: u64, k: u32, limit: u32) -> u64 {
    let mut labels = 0u64;
    let mut p = limit;
    for j in (1..=k as usize).rev() {
        // The largest p below the previous label with C(p, j) <= rank.
        p -= 1;
        while BINOMIAL[p as usize][j] > rank {
            p -= 1;
        }
        rank -= BINOMIAL[p as usize][j];
        labels |= 1 << p;
    }
    labels
}

/// The labels of `set` among the bits of `free` (bit `i` of the result for the `i`-th set bit
/// of `free`): a software `pext`.
#[inline]
pub fn compress(set: u64, free: u64) -> u64 {
    let mut labels = 0;
    let mut bits = set;
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits &= bits - 1;
        labels |= 1 << (free & (bit - 1)).count_ones();
    }
    labels
}

/// The inverse of [`compress`]: the squares of `free` whose rank among them is in `labels`.
#[inline]
pub fn deposit(labels: u64, free: u64) -> u64 {
    let mut set = 0;
    let mut bits = free;
    let mut i = 0;
    while bits != 0 && labels >> i != 0 {
        let bit = bits & bits.wrapping_neg();
        bits &= bits - 1;
        if labels >> i & 1 != 0 {
            set |= bit;
        }
        i += 1;
    }
    set
}

/// The index of one material with White to move: its size and the two directions of the map.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HalfIndex {
    material: Material,
    geometry: Geometry,
    black_men_span: u64,
    white_kings_span: u64,
    black_kings_span: u64,
    kings_span: u64,
    configurations: u64,
}

impl HalfIndex {
    /// The index of `material` with White to move on the board `geometry`.
    pub fn new(material: Material, geometry: Geometry) -> HalfIndex {
        let m = material;
        let (wm, wk, bm, bk) =
            (m.white_men as u32, m.white_kings as u32, m.black_men as u32, m.black_kings as u32);
        let free = geometry.squares - wm - bm;
        let white_kings_span = binomial(free, wk);
        let black_kings_span = binomial(free - wk, bk);
        let black_men_span = binomial(geometry.man_squares(), bm);
        HalfIndex {
            material,
            geometry,
            black_men_span,
            white_kings_span,
            black_kings_span,
            kings_span: white_kings_span * black_kings_span,
            configurations: binomial(geometry.man_squares(), wm) * black_men_span,
        }
    }

    /// The board.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The number of indexes, holes included.
    pub fn size(&self) -> u64 {
        self.configurations * self.kings_span
    }

    /// The number of men configurations (blocks of positions with the same men).
    pub fn configurations(&self) -> u64 {
        self.configurations
    }

    /// The number of positions with the same men: the size of each block.
    pub fn block_size(&self) -> u64 {
        self.kings_span
    }

    /// The index of a board of this material (White to move). The board must be a legal setup
    /// of exactly this material.
    #[inline]
    pub fn index(&self, board: &Board) -> u64 {
        debug_assert_eq!(board.material(), self.material);
        let white_men = board.white & !board.kings;
        let black_men = board.black & !board.kings;
        let free = self.geometry.all() & !(white_men | black_men);
        let white_kings = board.white & board.kings;
        let configuration =
            rank(self.geometry.flip(white_men)) * self.black_men_span + rank(black_men);
        let white_kings_rank = rank(compress(white_kings, free));
        let black_kings_rank = rank(compress(board.black & board.kings, free & !white_kings));
        (configuration * self.white_kings_span + white_kings_rank) * self.black_kings_span
            + black_kings_rank
    }

    /// The men of a configuration, as (white men, black men) masks, or `None` for a hole.
    #[inline]
    pub fn men(&self, configuration: u64) -> Option<(u64, u64)> {
        if configuration >= self.configurations {
            return None;
        }
        let (m, g) = (self.material, self.geometry);
        let white_rank = configuration / self.black_men_span;
        let black_rank = configuration % self.black_men_span;
        let white_men = g.flip(unrank(white_rank, m.white_men as u32, g.man_squares()));
        let black_men = unrank(black_rank, m.black_men as u32, g.man_squares());
        (white_men & black_men == 0).then_some((white_men, black_men))
    }

    /// The board at `index`, or `None` when the index is a hole or out of range.
    #[inline]
    pub fn board(&self, index: u64) -> Option<Board> {
        let (white_men, black_men) = self.men(index / self.kings_span)?;
        let kings = index % self.kings_span;
        let m = self.material;
        let free = self.geometry.all() & !(white_men | black_men);
        let white_kings_labels =
            unrank(kings / self.black_kings_span, m.white_kings as u32, free.count_ones());
        let white_kings = deposit(white_kings_labels, free);
        let free = free & !white_kings;
        let black_kings_labels =
            unrank(kings % self.black_kings_span, m.black_kings as u32, free.count_ones());
        let black_kings = deposit(black_kings_labels, free);
        Some(Board {
            white: white_men | white_kings,
            black: black_men | black_kings,
            kings: white_kings | black_kings,
        })
    }

    /// How far the men of a configuration have advanced, in rows, both sides added: every man
    /// move adds exactly one, so configurations with the same advance never depend on each other.
    pub fn advance(&self, configuration: u64) -> Option<u32> {
        let (white_men, black_men) = self.men(configuration)?;
        let g = self.geometry;
        let rows = |mut set: u64, white: bool| {
            let mut total = 0;
            while set != 0 {
                let row = g.row_of(set.trailing_zeros());
                total += if white { g.rows() - 1 - row } else { row };
                set &= set - 1;
            }
            total
        };
        Some(rows(white_men, true) + rows(black_men, false))
    }
}

#[cfg(test)]
#[path = "index_tests.rs"]
mod tests;
