//! A fixed-capacity list of moves that lives on the stack (no allocation in move generation).

use std::mem::MaybeUninit;

/// The capacity of a [`List`]. Quiet moves are at most 4 per piece and 4 per empty square
/// (fewer than 64); the random king-rich positions of the test suite never exceed 40 distinct
/// maximal captures. 256 leaves a wide margin, for the other games too (International draughts
/// has 50 squares, fewer than 100 quiet moves, and captures listed once per captured set).
pub const MOVE_LIST_CAPACITY: usize = 256;

/// A list of at most [`MOVE_LIST_CAPACITY`] moves of any game (`M` is the game's move type).
pub struct List<M> {
    moves: [MaybeUninit<M>; MOVE_LIST_CAPACITY],
    len: usize,
}

impl<M: Copy> List<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> List<M> {
        List { moves: [const { MaybeUninit::uninit() }; MOVE_LIST_CAPACITY], len: 0 }
    }

    /// Appends a move. A full list keeps its moves and drops the new one (never reached: see
    /// [`MOVE_LIST_CAPACITY`]); debug builds assert.
    #[inline]
    pub fn push(&mut self, mv: M) {
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
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: the first `len` elements were initialised by `push`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }

    /// The moves as a mutable slice (for sorting).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        // SAFETY: the first `len` elements were initialised by `push`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<M>(), self.len) }
    }

    /// Iterates the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }
}

impl<M: Copy> Default for List<M> {
    fn default() -> List<M> {
        List::new()
    }
}

impl<M: Copy> std::ops::Deref for List<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy> std::ops::DerefMut for List<M> {
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<'a, M: Copy> IntoIterator for &'a List<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy + std::fmt::Debug> std::fmt::Debug for List<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
