//! Each game's mark in a table file's header ([`crate::store`]), so that a table of one game is
//! never read as another's.

use dama_engine::tables::TableGame;

/// The game's mark in a file header. Italian is 0: the field was a reserved zero before there
/// were English tables, so Italian files are exactly what they were.
pub const fn mark(game: TableGame) -> u32 {
    match game {
        TableGame::Italian => 0,
        TableGame::English => 1,
        TableGame::International => 2,
        TableGame::Russian => 3,
        TableGame::Brazilian => 4,
    }
}

/// The game a header's mark stands for.
pub fn game_of_mark(mark: u32) -> Option<TableGame> {
    TableGame::ALL.into_iter().find(|&g| self::mark(g) == mark)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks() {
        for game in TableGame::ALL {
            assert_eq!(game_of_mark(mark(game)), Some(game));
        }
        assert_eq!(game_of_mark(5), None);
    }
}
