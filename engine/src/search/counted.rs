//! The endgame tables under the game's material counts (the FMJD 16- and 5-move counts of
//! International draughts). The tables do not count (the standard convention), and a count only
//! turns wins into draws: a table win or loss stands where it ends before the count in force
//! runs out ([`holds_under_count`]); one that does not is *cut short*, which the search scores
//! as a draw at its horizon and searches on inside the tree (a capture on the way starts a new
//! count, and the search sees it). Without a count in force the tables' value stands.

use crate::rules::Rules;
use crate::tables::{holds_under_count, EndgameTables, TablebaseValue};

/// What the tables say of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    /// Their value, which the count in force (if any) leaves standing.
    Stands(TablebaseValue),
    /// A win or loss that does not end before the count in force runs out.
    CutShort,
}

/// The tables' verdict on `position`, `count` being the count in force there (plies played,
/// plies that draw); `None` when the tables do not hold the position.
#[inline]
pub(crate) fn probe<R: Rules>(
    tables: &dyn EndgameTables<R::Position>,
    position: &R::Position,
    count: Option<(u32, u32)>,
) -> Option<Verdict> {
    match count {
        Some((played, limit)) if R::ENDGAME_COUNTS => {
            let (value, plies) = R::probe_tables_distance(tables, position)?;
            Some(if holds_under_count(value, plies, played, limit) {
                Verdict::Stands(value)
            } else {
                Verdict::CutShort
            })
        }
        _ => R::probe_tables(tables, position).map(Verdict::Stands),
    }
}

/// Whether the root filter may trust the tables at `root`: not where the count in force cuts
/// their value short (the search then finds what the count leaves).
pub(crate) fn root_value_holds<R: Rules>(
    tables: &dyn EndgameTables<R::Position>,
    root: &R::Position,
    count: Option<(u32, u32)>,
) -> bool {
    probe::<R>(tables, root, count) != Some(Verdict::CutShort)
}
