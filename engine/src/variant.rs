//! The games Dama plays, by name: as the command line (`--variant`), the Hub `variant` param and
//! PDN's `GameType` tag name them.

use crate::english::English;
use crate::flying8::{Brazilian, Russian};
use crate::international::International;
use crate::italian::Italian;
use crate::rules::Rules;
use crate::tables::TableGame;

/// A game of draughts that Dama plays: Italian everywhere by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Dama Italiana (FID rules).
    #[default]
    Italian,
    /// English draughts (checkers).
    English,
    /// International draughts (10x10).
    International,
    /// Russian draughts (shashki).
    Russian,
    /// Brazilian draughts (International rules on the 8x8 board).
    Brazilian,
}

impl Variant {
    /// Every game, in the order the Hub declares them.
    pub const ALL: [Variant; 5] = [
        Variant::Italian,
        Variant::English,
        Variant::International,
        Variant::Russian,
        Variant::Brazilian,
    ];

    /// The name the command line and the Hub use.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Italian => Italian::NAME,
            Variant::English => English::NAME,
            Variant::International => International::NAME,
            Variant::Russian => Russian::NAME,
            Variant::Brazilian => Brazilian::NAME,
        }
    }

    /// The game's name for people: `Dama Italiana`, `English draughts`, `International draughts`.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Italian => "Dama Italiana",
            Variant::English => "English draughts",
            Variant::International => "International draughts",
            Variant::Russian => "Russian draughts",
            Variant::Brazilian => "Brazilian draughts",
        }
    }

    /// Reads a game's name: ours, and the names other programs give International draughts
    /// (`normal` in Scan, `standard` in pydraughts).
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "normal" | "standard" => Some(Variant::International),
            _ => Variant::ALL.into_iter().find(|v| v.name() == name),
        }
    }

    /// The game's endgame tables (every game has its own).
    pub fn table_game(self) -> TableGame {
        match self {
            Variant::Italian => TableGame::Italian,
            Variant::English => TableGame::English,
            Variant::International => TableGame::International,
            Variant::Russian => TableGame::Russian,
            Variant::Brazilian => TableGame::Brazilian,
        }
    }

    /// The start position's FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Italian => "W:W21-32:B1-12",
            Variant::English => "B:W21-32:B1-12",
            Variant::International => "W:W31-50:B1-20",
            Variant::Russian | Variant::Brazilian => "W:W1-12:B21-32",
        }
    }

    /// The PDN `GameType` tag value.
    pub fn pdn_game_type(self) -> u32 {
        match self {
            Variant::Italian => Italian::PDN_GAME_TYPE,
            Variant::English => English::PDN_GAME_TYPE,
            Variant::International => International::PDN_GAME_TYPE,
            Variant::Russian => Russian::PDN_GAME_TYPE,
            Variant::Brazilian => Brazilian::PDN_GAME_TYPE,
        }
    }

    /// The game's PDN `GameType` value read back (20, 21, 22, 25, 26; a value may carry more
    /// fields after a comma, as in `20,W,10,10,N2,0` or `25,W,8,8,A1,0`).
    pub fn from_pdn_game_type(text: &str) -> Option<Variant> {
        let number = text.split(',').next()?.trim().parse::<u32>().ok()?;
        Variant::ALL.into_iter().find(|v| v.pdn_game_type() == number)
    }

    /// The default of the game's move-count rule, in plies without a man move or a capture.
    pub fn quiet_ply_limit(self) -> u32 {
        match self {
            Variant::Italian => Italian::QUIET_PLY_LIMIT,
            Variant::English => English::QUIET_PLY_LIMIT,
            Variant::International => International::QUIET_PLY_LIMIT,
            Variant::Russian => Russian::QUIET_PLY_LIMIT,
            Variant::Brazilian => Brazilian::QUIET_PLY_LIMIT,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_game_types_read_back() {
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v));
            assert_eq!(Variant::from_pdn_game_type(&v.pdn_game_type().to_string()), Some(v));
        }
        assert_eq!(Variant::from_name("normal"), Some(Variant::International));
        assert_eq!(Variant::from_name("standard"), Some(Variant::International));
        assert_eq!(Variant::from_name("russian"), Some(Variant::Russian));
        assert_eq!(Variant::from_name("brazilian"), Some(Variant::Brazilian));
        assert_eq!(Variant::from_name("turkish"), None);
        assert_eq!(Variant::from_pdn_game_type("20,W,10,10,N2,0"), Some(Variant::International));
        assert_eq!(Variant::from_pdn_game_type("25,W,8,8,A1,0"), Some(Variant::Russian));
        assert_eq!(Variant::from_pdn_game_type("26"), Some(Variant::Brazilian));
        assert_eq!(Variant::from_pdn_game_type("30"), None);
        assert_eq!(Variant::from_pdn_game_type("x"), None);
    }

    #[test]
    fn start_fens_are_the_start_positions() {
        let fen = |v: Variant| v.start_fen();
        assert_eq!(Italian::parse_fen(fen(Variant::Italian)), Ok(Italian::start()));
        assert_eq!(English::parse_fen(fen(Variant::English)), Ok(English::start()));
        assert_eq!(
            International::parse_fen(fen(Variant::International)),
            Ok(International::start())
        );
        assert_eq!(Russian::parse_fen(fen(Variant::Russian)), Ok(Russian::start()));
        assert_eq!(Brazilian::parse_fen(fen(Variant::Brazilian)), Ok(Brazilian::start()));
    }
}
