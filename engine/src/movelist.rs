//! A fixed-capacity list of moves that lives on the stack (no allocation in move generation).

use crate::moves::Move;
use std::mem::MaybeUninit;

/// The capacity of a [`MoveList`]. Quiet moves are at most 4 per piece and 4 per empty square
/// (fewer than 64); the random king-rich positions of the test suite never exceed 40 distinct
/// maximal captures. 256 leaves a wide margin.
pub const MOVE_LIST_CAPACITY: usize = 256;

/// A list of at most [`MOVE_LIST_CAPACITY`] moves.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MOVE_LIST_CAPACITY],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [const { MaybeUninit::uninit() }; MOVE_LIST_CAPACITY], len: 0 }
    }

    /// Appends a move. A full list keeps its moves and drops the new one (never reached: see
    /// [`MOVE_LIST_CAPACITY`]); debug builds assert.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MOVE_LIST_CAPACITY, "move list overflow");
        if self.len < MOVE_LIST_CAPACITY {
            self.moves[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` elements were initialised by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: the first `len` elements were initialised by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    /// Iterates the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for MoveList {
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
