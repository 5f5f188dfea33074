//! The games the tables are built for. Dama Italiana and English draughts share the 8x8
//! [`Position`] and [`Move`], so the materials, the index, the retrograde analysis, the file
//! format and the prober serve both; what differs is the move generator, which the builder takes
//! from the game's [`Rules`] through [`TableRules`].
//!
//! Each game's tables have their own place in a table directory ([`crate::place`]), and each file
//! carries its game in its header ([`mark`]), which the prober checks, so a table of one game is
//! never read as the other's.

use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::italian::Italian;
use dama_engine::movelist::List;
use dama_engine::rules::Rules;
use dama_engine::tables::TableGame;

/// A game the tables can be built for: its rules on the 8x8 position, and which game it is.
pub trait TableRules: Rules<Position = Position, Move = Move> {
    /// The game.
    const GAME: TableGame;
}

impl TableRules for Italian {
    const GAME: TableGame = TableGame::Italian;
}

impl TableRules for English {
    const GAME: TableGame = TableGame::English;
}

/// The game's mark in a file header. Italian is 0: the field was a reserved zero before there
/// were English tables, so Italian files are exactly what they were.
pub const fn mark(game: TableGame) -> u32 {
    match game {
        TableGame::Italian => 0,
        TableGame::English => 1,
    }
}

/// The game a header's mark stands for.
pub fn game_of_mark(mark: u32) -> Option<TableGame> {
    TableGame::ALL.into_iter().find(|&g| self::mark(g) == mark)
}

/// The legal moves of `position` in `game`.
pub fn legal_moves(game: TableGame, position: &Position) -> List<Move> {
    let mut list = List::new();
    match game {
        TableGame::Italian => Italian::generate(position, &mut list),
        TableGame::English => English::generate(position, &mut list),
    }
    list
}

/// Whether the side to move has a legal move in `game` (having none loses).
pub fn has_legal_move(game: TableGame, position: &Position) -> bool {
    match game {
        TableGame::Italian => position.has_legal_move(),
        TableGame::English => !legal_moves(game, position).is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;

    #[test]
    fn marks() {
        for game in TableGame::ALL {
            assert_eq!(game_of_mark(mark(game)), Some(game));
        }
        assert_eq!(game_of_mark(2), None);
    }

    #[test]
    fn a_man_against_two_kings_moves_in_english_only() {
        // An Italian man may not capture kings; an English man may.
        let p = parse_fen("W:W29:BK25,K26").unwrap();
        assert!(!has_legal_move(TableGame::Italian, &p));
        assert!(has_legal_move(TableGame::English, &p));
        assert_eq!(legal_moves(TableGame::English, &p).len(), 1);
    }
}
