//! The International move generator the search uses: majority capture with flying kings, one
//! move per (from, to, captured set), without allocating (the same rules as
//! [`super::paths`], which also gives every path).

use super::geometry::{bit, forward, next, squares};
use super::moves::Move;
use super::position::Position;
use crate::color::Color;
use crate::movelist::List;

impl Position {
    /// Whether the side to move has a capture.
    pub fn has_capture(&self) -> bool {
        let mut list = List::new();
        generate(self, &mut list);
        list.first().is_some_and(Move::is_capture)
    }
}

/// Fills `list` (emptied first) with the legal moves, one per (from, to, captured set): the
/// largest captures when any capture exists, else every step.
pub fn generate(position: &Position, list: &mut List<Move>) {
    list.clear();
    let us = position.side;
    let ours = match us {
        Color::White => position.white,
        Color::Black => position.black,
    };
    let mut search = Search {
        theirs: ours ^ (position.white | position.black),
        occupied: position.white | position.black,
        from: 0,
        king: false,
        best: 1,
        list,
    };
    for from in squares(ours) {
        search.from = from;
        search.king = position.kings & bit(from) != 0;
        search.extend(from, 0, 0);
    }
    if !list.is_empty() {
        return;
    }
    let occupied = position.white | position.black;
    for from in squares(ours) {
        let king = position.kings & bit(from) != 0;
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let mut at = from;
            while let Some(to) = next(at, d).filter(|&s| occupied & bit(s) == 0) {
                list.push(Move { from, to, captured: 0 });
                if !king {
                    break;
                }
                at = to;
            }
        }
    }
}

struct Search<'a> {
    theirs: u64,
    occupied: u64,
    from: u8,
    king: bool,
    /// The most pieces a capture found so far takes (at least one).
    best: u32,
    list: &'a mut List<Move>,
}

impl Search<'_> {
    /// Whether `square` is empty for the moving piece (its own start square is).
    fn empty(&self, square: u8) -> bool {
        square == self.from || self.occupied & bit(square) == 0
    }

    fn extend(&mut self, at: u8, taken: u64, count: u32) {
        let mut extended = false;
        for d in 0..4 {
            let mut over = next(at, d);
            if self.king {
                while let Some(s) = over.filter(|&s| self.empty(s)) {
                    over = next(s, d);
                }
            }
            let Some(over) = over else { continue };
            if self.theirs & bit(over) == 0 || taken & bit(over) != 0 {
                continue;
            }
            let mut land = next(over, d);
            while let Some(to) = land.filter(|&s| self.empty(s)) {
                extended = true;
                self.extend(to, taken | bit(over), count + 1);
                if !self.king {
                    break;
                }
                land = next(to, d);
            }
        }
        if !extended && count >= self.best {
            if count > self.best {
                self.best = count;
                self.list.clear();
            }
            let mv = Move { from: self.from, to: at, captured: taken };
            if !self.list.contains(&mv) {
                self.list.push(mv);
            }
        }
    }
}
