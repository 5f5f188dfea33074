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
use std::str::FromStr;

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

impl Slice {
    /// The slice's level, (pieces, men): the slices of one level depend only on slices of
    /// earlier levels (fewer pieces, or as many with fewer men), never on each other, so they
    /// can be built at the same time, on one machine or several.
    pub fn level(self) -> (u32, u32) {
        (self.canonical.pieces(), self.canonical.men())
    }

    /// The other slices a move from a position of this slice can lead to, in building order:
    /// a promotion (one man fewer, one king more), a capture of any of the other side's pieces
    /// (that side keeping one), or both. A superset of what a game's rules allow (an Italian man
    /// takes no king), so that one list serves both games; every slice of it is of an earlier
    /// level.
    pub fn dependencies(self) -> Vec<Slice> {
        let mut found: Vec<Slice> = Vec::new();
        for m in self.halves() {
            let promotions: &[bool] = if m.white_men > 0 { &[false, true] } else { &[false] };
            for cm in 0..=m.black_men {
                for ck in 0..=m.black_kings {
                    for &promoted in promotions {
                        if cm + ck == 0 && !promoted {
                            continue;
                        }
                        let after = Material::new(
                            m.white_men - u8::from(promoted),
                            m.white_kings + u8::from(promoted),
                            m.black_men - cm,
                            m.black_kings - ck,
                        );
                        let slice = Slice::of(after);
                        if after.is_tabulated() && slice != self && !found.contains(&slice) {
                            found.push(slice);
                        }
                    }
                }
            }
        }
        found.sort_by_key(|s| (s.canonical.pieces(), s.canonical.men(), s.canonical));
        found
    }
}

impl FromStr for Slice {
    type Err = String;

    /// Reads a slice's name, its canonical material (`m1k2-m0k1`, as in its file name; a
    /// trailing `.egdb` is allowed). The twin's name is refused with the slice's name.
    fn from_str(text: &str) -> Result<Slice, String> {
        let name = text.strip_suffix(".egdb").unwrap_or(text);
        let number = |t: &str, prefix: char| -> Option<u8> {
            let digits = t.strip_prefix(prefix)?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            digits.parse::<u8>().ok().filter(|n| u32::from(*n) <= MAX_SIDE_PIECES)
        };
        let side = |t: &str| -> Option<(u8, u8)> {
            let at = t.find('k')?;
            Some((number(&t[..at], 'm')?, number(&t[at..], 'k')?))
        };
        let material = name
            .split_once('-')
            .and_then(|(w, b)| Some((side(w)?, side(b)?)))
            .map(|((wm, wk), (bm, bk))| Material::new(wm, wk, bm, bk))
            .ok_or_else(|| {
                format!(
                    "'{}' is not a slice name: white men and kings, then black, as m2k1-m1k0",
                    dama_engine::excerpt::excerpt(text)
                )
            })?;
        if !material.is_tabulated() {
            return Err(format!(
                "{material}: the tables hold positions where each side has 1 to {MAX_SIDE_PIECES} \
                 pieces"
            ));
        }
        let slice = Slice::of(material);
        if slice.canonical != material {
            return Err(format!("{material} is stored in the slice {slice}: name that one"));
        }
        Ok(slice)
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
    fn dependencies_are_of_earlier_levels_and_cover_promotions_and_captures() {
        let order = Slice::build_order(5);
        for slice in &order {
            for dependency in slice.dependencies() {
                assert!(dependency.level() < slice.level(), "{dependency} before {slice}");
            }
        }
        let names = |name: &str| -> Vec<String> {
            let slice: Slice = name.parse().unwrap();
            slice.dependencies().iter().map(|s| s.to_string()).collect()
        };
        assert_eq!(names("m0k1-m0k1"), Vec::<String>::new());
        // A white man promotes (m0k1-m0k1); its twin's black man too.
        assert_eq!(names("m1k0-m0k1"), ["m0k1-m0k1"]);
        // A man against two kings: it promotes, or (an English man) takes a king, or both; the
        // kings' taking the man leaves no table.
        assert_eq!(names("m1k0-m0k2"), ["m0k1-m0k1", "m1k0-m0k1", "m0k2-m0k1"]);
        let three = names("m1k1-m1k0");
        for needed in ["m0k1-m0k1", "m1k0-m0k1", "m1k0-m1k0", "m1k0-m0k2", "m1k1-m0k1"] {
            assert!(three.contains(&needed.to_string()), "{needed} in {three:?}");
        }
    }

    #[test]
    fn slice_names_are_read_strictly() {
        assert_eq!("m1k2-m0k1".parse::<Slice>().unwrap().to_string(), "m1k2-m0k1");
        assert_eq!("m1k2-m0k1.egdb".parse::<Slice>().unwrap().to_string(), "m1k2-m0k1");
        for (text, why) in [
            ("m0k1-m1k2", "stored in the slice m1k2-m0k1"),
            ("m1k0-m0k0", "each side has 1 to 12"),
            ("m13k0-m1k0", "not a slice name"),
            ("m1k2", "not a slice name"),
            ("k1m2-m0k1", "not a slice name"),
            ("m1k+2-m0k1", "not a slice name"),
        ] {
            let error = text.parse::<Slice>().unwrap_err();
            assert!(error.contains(why), "{text}: {error}");
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
