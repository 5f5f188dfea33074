//! The games Dama plays, as the command line (`--variant`) and the Hub `variant` param name them.

/// The English draughts start position (Black moves first).
pub const ENGLISH_START_FEN: &str = "B:W21-32:B1-12";

/// The International draughts start position.
pub const INTERNATIONAL_START_FEN: &str = "W:W31-50:B1-20";

/// The game whose rules a command uses: Italian everywhere by default.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Variant {
    /// Dama Italiana (FID rules).
    #[default]
    Italian,
    /// English draughts (checkers).
    English,
    /// International draughts (10x10).
    International,
}

impl Variant {
    /// Every game, in the order the Hub declares them.
    pub const ALL: [Variant; 3] = [Variant::Italian, Variant::English, Variant::International];

    /// The name the command line and the Hub use.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Italian => "italian",
            Variant::English => "english",
            Variant::International => "international",
        }
    }

    /// Reads a game's name: ours, and the names other programs give International draughts
    /// (`normal` in Scan, `standard` in pydraughts).
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "italian" => Some(Variant::Italian),
            "english" => Some(Variant::English),
            "international" | "normal" | "standard" => Some(Variant::International),
            _ => None,
        }
    }

    /// The start position's FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Variant::Italian => crate::commands::START_FEN,
            Variant::English => ENGLISH_START_FEN,
            Variant::International => INTERNATIONAL_START_FEN,
        }
    }

    /// The PDN `GameType` tag value.
    pub fn pdn_game_type(self) -> u32 {
        use dama_engine::rules::Rules;
        match self {
            Variant::Italian => dama_engine::italian::Italian::PDN_GAME_TYPE,
            Variant::English => dama_engine::english::English::PDN_GAME_TYPE,
            Variant::International => dama_engine::international::International::PDN_GAME_TYPE,
        }
    }

    /// The game's PDN `GameType` value read back (20, 21, 22; a value may carry more fields
    /// after a comma, as in `20,W,10,10,N2,0`).
    pub fn from_pdn_game_type(text: &str) -> Option<Variant> {
        let number = text.split(',').next()?.trim().parse::<u32>().ok()?;
        Variant::ALL.into_iter().find(|v| v.pdn_game_type() == number)
    }

    /// The default of the game's move-count rule, in plies without a man move or a capture.
    pub fn quiet_ply_limit(self) -> u32 {
        use dama_engine::rules::Rules;
        match self {
            Variant::Italian => dama_engine::italian::Italian::QUIET_PLY_LIMIT,
            Variant::English => dama_engine::english::English::QUIET_PLY_LIMIT,
            Variant::International => dama_engine::international::International::QUIET_PLY_LIMIT,
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
        assert_eq!(Variant::from_name("russian"), None);
        assert_eq!(Variant::from_pdn_game_type("20,W,10,10,N2,0"), Some(Variant::International));
        assert_eq!(Variant::from_pdn_game_type("25"), None);
        assert_eq!(Variant::from_pdn_game_type("x"), None);
    }
}
