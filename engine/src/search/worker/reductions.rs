//! How many plies a late quiet move is searched shallower first (late-move reductions).

use super::Worker;
use crate::rules::Rules;

/// The depths and move places the `log-reductions` table covers (larger ones use its last entries).
const SIZE: usize = 64;

/// The `log-reductions` table, by depth left and place in the move order.
pub(super) type Reductions = [[u8; SIZE]; SIZE];

/// round(ln(depth) * ln(place + 1) / 1.8), `place` counting from 0 for the first move searched.
pub(super) fn table() -> Box<Reductions> {
    let mut table = Box::new([[0u8; SIZE]; SIZE]);
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (place, entry) in row.iter_mut().enumerate() {
            let r = (depth as f64).ln() * ((place + 1) as f64).ln() / 1.8;
            *entry = r.round().clamp(0.0, 255.0) as u8;
        }
    }
    table
}

impl<R: Rules> Worker<'_, R> {
    /// The reduction of the quiet move searched `place`-th (from 0) at `depth`, once the search
    /// has chosen to reduce it: one ply, two late in the order (from the seventh move with early
    /// reductions, from the ninth at depth 6 or more without), and with `log-reductions` at least
    /// the table's entry.
    pub(super) fn reduction(&self, depth: i32, place: usize, early: bool) -> i32 {
        let more = if early { place >= 6 } else { place >= 8 && depth >= 6 };
        let fixed = if more { 2 } else { 1 };
        if !self.shared.options.log_reductions {
            return fixed;
        }
        let row = &self.reductions[(depth.max(0) as usize).min(SIZE - 1)];
        fixed.max(i32::from(row[place.min(SIZE - 1)]))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_table_grows_with_depth_and_place() {
        let table = super::table();
        assert_eq!(table[1][10], 0, "ln(1) is 0: no reduction of its own at depth 1");
        assert_eq!(table[10][1], 1);
        assert_eq!(table[10][6], 2);
        assert_eq!(table[16][15], 4);
        for depth in 1..super::SIZE {
            for place in 1..super::SIZE {
                assert!(table[depth][place] >= table[depth][place - 1]);
                assert!(table[depth][place] >= table[depth - 1][place]);
            }
        }
    }
}
