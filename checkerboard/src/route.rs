//! A move as CheckerBoard is told it: where the piece lands after each piece it takes, and what
//! it takes, in the same order (`CBmove`'s `path` and `del`, `get movelist`'s landed and captured
//! squares), and moves read back from CheckerBoard's numbers (`set gamehist`).
//!
//! A man or king of Italian and English jumps to the square just beyond the piece it takes, so
//! its route follows from the capture order alone ([`short_jump_route`]). A flying king of
//! Russian and Brazilian lands anywhere beyond, so the landing squares are a choice of the route
//! (`crate::flying` takes them from Dama's path generator).

use crate::game::{CbGame, Coor};
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::excerpt::Excerpt;

/// One legal move with the route CheckerBoard is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CbRoute {
    /// The move.
    pub mv: Move,
    /// The squares where the piece stops after each capture, the last its end square (for a
    /// quiet move: just the end square).
    pub landings: Vec<Square>,
    /// The captured squares, in capture order (empty for a quiet move).
    pub captured: Vec<Square>,
}

impl CbRoute {
    /// The route of `mv` when no route is known: its end square and its capture order (used only
    /// if a game's routes and moves ever disagreed).
    pub fn bare(mv: &Move) -> CbRoute {
        CbRoute { mv: *mv, landings: vec![mv.to()], captured: mv.captured_in_order().collect() }
    }
}

/// The route of `mv` for a game whose pieces jump to the square just beyond the piece they take:
/// each landing is `2 * captured - start` on CheckerBoard's board, where every square has its
/// true column, in the capture order the move keeps. (Dama's `Move::landing_squares` does this
/// in the Italian numbering's bit layout, which is not the English board's geometry.)
pub fn short_jump_route<G: CbGame>(mv: &Move) -> CbRoute {
    if !mv.is_capture() {
        return CbRoute::bare(mv);
    }
    let mut at = G::coor(mv.from());
    let landings: Option<Vec<Square>> = mv
        .captured_in_order()
        .map(|jumped| {
            let over = G::coor(jumped);
            at = Coor { x: 2 * over.x - at.x, y: 2 * over.y - at.y };
            G::square_at(at)
        })
        .collect();
    match landings {
        Some(landings) => CbRoute { landings, ..CbRoute::bare(mv) },
        // A legal capture's jumps stay on the board; anything else is written as one jump.
        None => CbRoute::bare(mv),
    }
}

/// The route `G` tells CheckerBoard for the legal move `mv` of `position`.
pub fn route_of<G: CbGame>(position: &Position, mv: &Move) -> CbRoute {
    G::routes(position).into_iter().find(|r| r.mv == *mv).unwrap_or_else(|| CbRoute::bare(mv))
}

/// Reads a move written in CheckerBoard's numbers of the game's squares (`from-to`, or a
/// capture's `from x landing ... x to`), as `set gamehist` sends them: the legal move with
/// those squares, which the landings given must single out.
pub fn parse_numbered_move<G: CbGame>(position: &Position, text: &str) -> Result<Move, String> {
    let word = text.trim();
    let squares: Option<Vec<Square>> = word
        .split(['-', 'x', 'X'])
        .map(|part| part.trim().parse::<u8>().ok().and_then(Square::from_number))
        .collect();
    let squares = match squares {
        Some(squares) if squares.len() >= 2 => squares,
        _ => {
            return Err(format!(
                "'{}' is not a move in square numbers 1-32 (10-14, 10x19x28)",
                Excerpt(word)
            ))
        }
    };
    let (from, to, between) =
        (squares[0], squares[squares.len() - 1], &squares[1..squares.len() - 1]);
    let matching: Vec<CbRoute> = G::routes(position)
        .into_iter()
        .filter(|r| r.mv.from() == from && r.mv.to() == to)
        .filter(|r| between.is_empty() || r.landings[..r.landings.len() - 1] == *between)
        .collect();
    match matching.as_slice() {
        [only] => Ok(only.mv),
        [] => Err(format!("'{}' is not a legal move here", Excerpt(word))),
        _ => Err(format!("'{word}' is ambiguous: give the landing squares of the capture")),
    }
}
