//! Lazy SMP: the helper threads search the same root with the shared transposition table, each
//! going through the depths on a pattern of its own ([`Depths`], [`helper_skips`]), so that while
//! the main thread searches depth d about half of them search deeper, filling the table ahead of
//! it instead of repeating its tree; at the end the deepest completed iteration of any thread is
//! the result ([`deepest`]).

use crate::search::report::Line;

/// The depths a thread's iterative deepening goes through: every depth up to `max` for the
/// main thread; for the helper threads (Lazy SMP), a pattern of skipped depths of their own
/// ([`helper_skips`]), so that while the main thread searches depth d about half of them search
/// deeper: they fill the shared table ahead of it rather than repeat its tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Depths {
    pub max: u32,
    /// The helper's number (1 for the first helper), or `None` for the main thread.
    pub helper: Option<usize>,
}

/// Whether helper thread `index` (from 1) skips depth `depth`. Helpers are given, in turn, the
/// patterns "every other depth" (phases 0 and 1), "two of every four" (phases 0-3), "three of
/// every six", ...: half of them search each depth, and no two neighbours in the same phase.
pub(crate) fn helper_skips(index: usize, depth: u32) -> bool {
    // Pattern k (from 1) covers 2k helpers: blocks of k depths, searched and skipped by turns,
    // with the 2k phases of the pattern.
    let mut i = (index - 1) % 20;
    let mut size = 1;
    while i >= 2 * size {
        i -= 2 * size;
        size += 1;
    }
    let phase = i as u32;
    ((depth + phase) / size as u32) % 2 == 1
}

impl Depths {
    /// Whether this thread skips `depth` (a helper never skips the last depth, so that a search
    /// to a fixed depth ends with all its threads there).
    pub(crate) fn skips(self, depth: u32) -> bool {
        self.helper.is_some_and(|index| depth < self.max && helper_skips(index, depth))
    }
}

/// The result of a search with one line from the threads' last completed iterations (depth,
/// lines): the deepest, the main thread's (the first) when none is deeper.
pub(crate) fn deepest<M>(
    main: (u32, Vec<Line<M>>),
    helpers: impl Iterator<Item = (u32, Vec<Line<M>>)>,
) -> (u32, Vec<Line<M>>) {
    helpers.fold(main, |best, other| if other.0 > best.0 { other } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_helper_searches_the_depths_the_main_thread_would_search_next() {
        // With two threads the helper takes the even depths: while the main thread is at an odd
        // depth d the helper is at d + 1.
        let searched: Vec<u32> = (1..=10).filter(|&d| !helper_skips(1, d)).collect();
        assert_eq!(searched, [2, 4, 6, 8, 10]);
        let searched: Vec<u32> = (1..=10).filter(|&d| !helper_skips(2, d)).collect();
        assert_eq!(searched, [1, 3, 5, 7, 9]);
    }

    #[test]
    fn each_pattern_has_half_its_helpers_on_every_depth() {
        // Pattern k: helpers 1..=2 (k = 1), 3..=6 (k = 2), 7..=12 (k = 3), 13..=20 (k = 4).
        for (first, last) in [(1, 2), (3, 6), (7, 12), (13, 20)] {
            for depth in 1..40 {
                let searching = (first..=last).filter(|&i| !helper_skips(i, depth)).count();
                assert_eq!(2 * searching, last - first + 1, "helpers {first}-{last} depth {depth}");
            }
        }
        // Helper 21 starts over as helper 1.
        assert!((1..30).all(|d| helper_skips(21, d) == helper_skips(1, d)));
    }

    #[test]
    fn a_helper_never_skips_the_last_depth_and_the_main_thread_skips_none() {
        let helper = Depths { max: 7, helper: Some(1) };
        assert!(helper.skips(5) && !helper.skips(7));
        let main = Depths { max: 7, helper: None };
        assert!((1..=7).all(|d| !main.skips(d)));
    }

    #[test]
    fn the_deepest_thread_gives_the_result_and_the_main_thread_wins_ties() {
        let line = |score| vec![Line { score, pv: vec![score] }];
        let chosen = deepest((9, line(1)), [(9, line(2)), (10, line(3)), (8, line(4))].into_iter());
        assert_eq!((chosen.0, chosen.1[0].score), (10, 3));
        let chosen = deepest((9, line(1)), [(9, line(2))].into_iter());
        assert_eq!(chosen.1[0].score, 1);
    }
}
