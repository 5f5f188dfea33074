//! Slices held in memory while building: one [`Code`] byte per index, and the lookup of any
//! successor position in them.

use crate::error::EgdbError;
use crate::game::TableRules;
use crate::geometry::Board;
use crate::index::HalfIndex;
use crate::material::{Material, Slice};
use crate::value::Code;
use dama_engine::tables::TableGame;
use std::sync::Arc;

/// One half of a slice in memory: its index and a code for every index (holes are draws).
#[derive(Clone, Debug)]
pub struct HalfTable {
    /// The index of the half.
    pub index: HalfIndex,
    /// The code of every index.
    pub codes: Vec<Code>,
}

/// A whole slice in memory.
#[derive(Clone, Debug)]
pub struct SliceTables {
    /// The game whose positions it holds.
    pub game: TableGame,
    /// The slice.
    pub slice: Slice,
    /// Its halves, in the order of [`Slice::halves`].
    pub halves: Vec<HalfTable>,
}

impl SliceTables {
    /// The code of a board of the half holding `material`, if this slice holds it.
    #[inline]
    pub fn code(&self, material: Material, board: &Board) -> Option<Code> {
        let half = &self.halves[self.slice.half_of(material)?];
        half.codes.get(half.index.index(board) as usize).copied()
    }
}

/// The slices of one game built so far, found by material.
pub struct Known {
    game: TableGame,
    by_material: Vec<Option<(Arc<SliceTables>, usize)>>,
}

impl Known {
    /// No slices yet, of `game`.
    pub fn new(game: TableGame) -> Known {
        Known { game, by_material: vec![None; Material::CODES] }
    }

    /// The game of the slices.
    pub fn game(&self) -> TableGame {
        self.game
    }

    /// Adds a built slice (of the same game).
    pub fn insert(&mut self, tables: Arc<SliceTables>) {
        assert_eq!(tables.game, self.game, "slice {} of another game", tables.slice);
        for (half, material) in tables.slice.halves().into_iter().enumerate() {
            self.by_material[material.code()] = Some((Arc::clone(&tables), half));
        }
    }

    /// Forgets a slice (to free its memory once nothing left to build needs it).
    pub fn remove(&mut self, slice: Slice) {
        for material in slice.halves() {
            self.by_material[material.code()] = None;
        }
    }

    /// Whether the slice is held.
    pub fn contains(&self, slice: Slice) -> bool {
        self.by_material[slice.material().code()].is_some()
    }

    /// The code of a board with White to move, if its slice is held.
    #[inline]
    pub fn code(&self, material: Material, board: &Board) -> Option<Code> {
        let (tables, half) = self.by_material[material.code()].as_ref()?;
        let half = &tables.halves[*half];
        half.codes.get(half.index.index(board) as usize).copied()
    }
}

/// Where a successor's value is found.
pub(crate) enum Successor {
    /// Already known.
    Known(Code),
    /// In the slice being built: the half and the index.
    Current(usize, u64),
}

/// Finds the value of `next` (a position of the game `R` reached by a move) for its side to
/// move.
#[inline]
pub(crate) fn successor<R: TableRules>(
    slice: Slice,
    halves: &[HalfIndex],
    known: &Known,
    next: &R::Position,
) -> Result<Successor, EgdbError> {
    let (material, board) = Board::normalize::<R>(next);
    if material.white_men + material.white_kings == 0 {
        // Everything of the side to move was captured: it has no move.
        return Ok(Successor::Known(Code::loss(0)));
    }
    if let Some(half) = slice.half_of(material) {
        return Ok(Successor::Current(half, halves[half].index(&board)));
    }
    known
        .code(material, &board)
        .map(Successor::Known)
        .ok_or(EgdbError::MissingSlice(known.game, Slice::of(material)))
}
