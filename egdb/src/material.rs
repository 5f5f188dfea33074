//! Materials and slices: how the database is split, named and ordered for building.
//!
//! A [`Material`] counts the pieces of each kind. The database stores, for each material, the
//! positions with **White to move**; a position with Black to move is looked up as its mirror
//! image (the board turned half a turn, colours swapped: see [`crate::index::flip`]), which has
//! White to move and the material with the colours swapped. A [`Slice`] is the unit of building
//! and of one file: a material together with its colour-swapped twin, because a move inside the
//! slice passes from one to the other. A slice of a material that is its own twin (as many men
//! and kings on each side) holds one half; any other slice holds two.

use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use std::fmt;

/// The most pieces one side can have.
pub const MAX_SIDE_PIECES: u32 = 12;

/// The number of pieces of each kind, White's first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Material {
    /// White men.
    pub white_men: u8,
    /// White kings.
    pub white_kings: u8,
    /// Black men.
    pub black_men: u8,
    /// Black kings.
    pub black_kings: u8,
}

impl Material {
    /// The material of the given counts.
    pub const fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Material {
        Material { white_men, white_kings, black_men, black_kings }
    }

    /// The material on the board of `position` (whoever is to move).
    pub fn of(position: &Position) -> Material {
        let count = |n: u32| n as u8;
        Material {
            white_men: count(position.men(Color::White).count()),
            white_kings: count(position.kings_of(Color::White).count()),
            black_men: count(position.men(Color::Black).count()),
            black_kings: count(position.kings_of(Color::Black).count()),
        }
    }

    /// All pieces on the board.
    pub const fn pieces(self) -> u32 {
        (self.white_men + self.white_kings + self.black_men + self.black_kings) as u32
    }

    /// All men on the board.
    pub const fn men(self) -> u32 {
        (self.white_men + self.black_men) as u32
    }

    /// The same material with the colours swapped.
    pub const fn flipped(self) -> Material {
        Material::new(self.black_men, self.black_kings, self.white_men, self.white_kings)
    }

    /// Whether the colours hold the same pieces (the material is its own twin).
    pub const fn is_symmetric(self) -> bool {
        self.white_men == self.black_men && self.white_kings == self.black_kings
    }

    /// Whether the database covers the material: both sides have a piece and no side has more
    /// than twelve. (A side with no piece has no move: that needs no table.)
    pub const fn is_tabulated(self) -> bool {
        let white = (self.white_men + self.white_kings) as u32;
        let black = (self.black_men + self.black_kings) as u32;
        white >= 1 && black >= 1 && white <= MAX_SIDE_PIECES && black <= MAX_SIDE_PIECES
    }

    /// A number for the material, for dense lookup tables: below [`Material::CODES`].
    pub const fn code(self) -> usize {
        let base = MAX_SIDE_PIECES as usize + 1;
        ((self.white_men as usize * base + self.white_kings as usize) * base
            + self.black_men as usize)
            * base
            + self.black_kings as usize
    }

    /// The number of distinct [`Material::code`]s.
    pub const CODES: usize = 13 * 13 * 13 * 13;

    /// Every tabulated material with 2 to `pieces` pieces.
    pub fn all_up_to(pieces: u32) -> Vec<Material> {
        let mut list = Vec::new();
        let n = pieces.min(2 * MAX_SIDE_PIECES) as u8;
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    for bk in 0..=n - wm - wk - bm {
                        let m = Material::new(wm, wk, bm, bk);
                        if m.is_tabulated() && m.pieces() >= 2 {
                            list.push(m);
                        }
                    }
                }
            }
        }
        list
    }
}

impl fmt::Display for Material {
    /// The file-name form: `m1k2-m0k1` is one white man and two white kings against one black
    /// king.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "m{}k{}-m{}k{}",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }
}

/// A unit of building and storing: a material and its colour-swapped twin, both with White to
/// move. Named by its canonical material, the larger of the two in [`Material`]'s order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slice {
    canonical: Material,
}

impl Slice {
    /// The slice that holds `material` (with White to move).
    pub fn of(material: Material) -> Slice {
        Slice { canonical: material.max(material.flipped()) }
    }

    /// The canonical material: the name of the slice and its first half.
    pub fn material(self) -> Material {
        self.canonical
    }

    /// The materials of the halves, each with White to move: one for a symmetric material, two
    /// otherwise (the canonical material first).
    pub fn halves(self) -> Vec<Material> {
        if self.canonical.is_symmetric() {
            vec![self.canonical]
        } else {
            vec![self.canonical, self.canonical.flipped()]
        }
    }

    /// Which half holds `material`, if this slice holds it.
    pub fn half_of(self, material: Material) -> Option<usize> {
        if material == self.canonical {
            Some(0)
        } else if material == self.canonical.flipped() {
            Some(1)
        } else {
            None
        }
    }

    /// The file name of the slice.
    pub fn file_name(self) -> String {
        format!("{}.egdb", self.canonical)
    }

    /// Every slice with 2 to `pieces` pieces in building order: every successor of a position
    /// (after a capture: fewer pieces; after a promotion: the same pieces, one man fewer) lies in
    /// the slice itself or in one that comes earlier.
    pub fn build_order(pieces: u32) -> Vec<Slice> {
        let mut slices: Vec<Slice> = Material::all_up_to(pieces)
            .into_iter()
            .filter(|m| *m == (*m).max(m.flipped()))
            .map(Slice::of)
            .collect();
        slices.sort_by_key(|s| (s.canonical.pieces(), s.canonical.men(), s.canonical));
        slices
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.canonical.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn materials_and_slices_up_to_three_pieces() {
        // Two pieces: one each, man or king: 4 materials; slices pair m1k0-m0k1 with m0k1-m1k0.
        assert_eq!(Material::all_up_to(2).len(), 4);
        assert_eq!(Slice::build_order(2).len(), 3);
        for slice in Slice::build_order(4) {
            for half in slice.halves() {
                assert_eq!(Slice::of(half), slice);
                assert!(half.is_tabulated());
            }
        }
    }

    #[test]
    fn build_order_puts_successors_first() {
        let order = Slice::build_order(5);
        let position = |s: Slice| order.iter().position(|x| *x == s).unwrap();
        for (i, slice) in order.iter().enumerate() {
            for m in slice.halves() {
                // A promotion of a white man.
                if m.white_men > 0 {
                    let promoted = Material::new(
                        m.white_men - 1,
                        m.white_kings + 1,
                        m.black_men,
                        m.black_kings,
                    );
                    assert!(position(Slice::of(promoted)) < i, "{m} promotes before");
                }
                // A capture of a black piece, when Black keeps one.
                if m.black_kings > 0 && m.black_men + m.black_kings > 1 {
                    let captured =
                        Material::new(m.white_men, m.white_kings, m.black_men, m.black_kings - 1);
                    assert!(position(Slice::of(captured)) < i);
                }
            }
        }
    }

    #[test]
    fn names_and_codes() {
        let m = Material::new(1, 2, 0, 1);
        assert_eq!(m.to_string(), "m1k2-m0k1");
        assert_eq!(m.flipped().to_string(), "m0k1-m1k2");
        assert_eq!(Slice::of(m.flipped()).file_name(), "m1k2-m0k1.egdb");
        assert!(Material::new(12, 0, 12, 0).code() < Material::CODES);
        assert_ne!(m.code(), m.flipped().code());
    }
}
