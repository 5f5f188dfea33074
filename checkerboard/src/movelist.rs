//! `get movelist`: the legal moves of a position as CheckerBoard reads them, each
//! `jumps,oldpiece,newpiece,from,to` then `,landing,captured,capturedpiece` for each capture,
//! squares in CheckerBoard's numbers of the game, every entry ending in `;`.
//!
//! CheckerBoard reads the reply into fixed arrays (CheckerBoard 1.77, `get_movelist_from_engine`
//! in CheckerBoard.c): a 1024-byte reply buffer and `CBmove movelist[MAXMOVES]` with `MAXMOVES`
//! 28 (CB_movegen.h), filled for as many moves as the reply's count says, with no bound. A
//! position of Russian or Brazilian draughts with a few flying kings has more than 28 moves (three
//! kings on an open board have about 35), and a long list of captures can pass 1023 bytes; a reply
//! that said so would write past CheckerBoard's array. So a list that does not fit is answered in
//! the one form CheckerBoard reads safely ([`fit_movelist`]): the count is the number of moves
//! that fit (at most 28 and 1023 bytes), and the moves beyond follow as far as the buffer goes.
//! CheckerBoard then
//! - when the engine has moved (its `getmove` thread), finds text after the counted moves, takes
//!   the list for invalid and plays the engine's own move from `CBmove` (as for an engine without
//!   `get movelist`), so the engine may play any legal move;
//! - when the user moves (`builtinislegal`, which does not look at the error), matches the user's
//!   squares against the counted moves: in such a position the user can play the first 28 moves
//!   of the list and not the others (CheckerBoard holds no more).

use crate::board::{cb_move_of_route, piece_code};
use crate::ffi::TEXT_BYTES;
use crate::game::CbGame;
use crate::route::{route_of, CbRoute};
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;

/// The most moves CheckerBoard keeps of one position (`MAXMOVES` in its CB_movegen.h).
pub const CB_MAX_MOVES: usize = 28;

/// The longest reply CheckerBoard reads (its buffer, less the closing NUL).
pub const CB_REPLY_MAX: usize = TEXT_BYTES - 1;

/// The `get movelist` entry of the legal move `mv` of `position`.
pub fn movelist_entry<G: CbGame>(position: &Position, mv: &Move) -> String {
    route_entry::<G>(position, &route_of::<G>(position, mv))
}

/// The `get movelist` entry of the move `route` of `position`.
pub fn route_entry<G: CbGame>(position: &Position, route: &CbRoute) -> String {
    let m = cb_move_of_route::<G>(position, route);
    let mv = &route.mv;
    let mut text = format!(
        "{},{},{},{},{}",
        m.jumps,
        m.oldpiece,
        m.newpiece,
        mv.from().number(),
        mv.to().number()
    );
    for (landing, captured) in route.landings.iter().zip(&route.captured) {
        let piece = position.piece_at(*captured).map_or(0, piece_code);
        text.push_str(&format!(",{},{},{piece}", landing.number(), captured.number()));
    }
    text
}

/// The reply to `get movelist`: `movelist N,<entry>;<entry>;...`, or exactly `movelist 0` when
/// there is no legal move; fitted to what CheckerBoard can hold ([`fit_movelist`]).
pub fn movelist_reply<G: CbGame>(position: &Position) -> String {
    let entries: Vec<String> =
        G::routes(position).iter().map(|route| route_entry::<G>(position, route)).collect();
    fit_movelist(&entries)
}

/// `movelist COUNT,` then every entry followed by `;`.
fn listed(count: usize, entries: &[String]) -> String {
    let mut text = format!("movelist {count}");
    for (i, entry) in entries.iter().enumerate() {
        text.push(if i == 0 { ',' } else { ';' });
        text.push_str(entry);
    }
    if !entries.is_empty() {
        text.push(';');
    }
    text
}

/// The reply for `entries` as CheckerBoard can read it: all of them when there are at most
/// [`CB_MAX_MOVES`] and the text fits [`CB_REPLY_MAX`] bytes; else the count of the first
/// entries that fit (at most 28, leaving a byte for what follows, and always at least one) and
/// every entry after `movelist COUNT,`, cut at the buffer's end, so that text follows the counted
/// moves (see the module's documentation for what CheckerBoard does with it).
pub fn fit_movelist(entries: &[String]) -> String {
    let all = listed(entries.len(), entries);
    if entries.len() <= CB_MAX_MOVES && all.len() <= CB_REPLY_MAX {
        return all;
    }
    let length = |count: usize| {
        let counted: usize = entries[..count].iter().map(|e| e.len() + 1).sum();
        format!("movelist {count},").len() + counted
    };
    let mut count = entries.len().min(CB_MAX_MOVES);
    while count > 1 && length(count) + 1 > CB_REPLY_MAX {
        count -= 1;
    }
    let mut text = listed(count, entries);
    // The entries are ASCII: any byte is a character boundary.
    text.truncate(CB_REPLY_MAX);
    text
}

#[cfg(test)]
#[path = "movelist_tests.rs"]
mod tests;
