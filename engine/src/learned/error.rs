//! Why a weights file was refused, in words a user can act on.

use super::SCALE;

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Shorter or longer than the header says.
    Length { expected: usize, found: usize },
    /// Not a Dama weights file.
    Magic,
    /// A version this build cannot read.
    Version(u32),
    /// Written for another feature layout.
    Features { expected: usize, found: usize },
    /// Written with another scale.
    Scale(u32),
    /// Written for another game.
    Game { expected: u32, found: u32 },
    /// The checksum does not match: the file is damaged.
    Checksum,
    /// The network block is not one this build reads.
    Network(String),
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::Length { expected, found } => {
                write!(f, "weights file has {found} bytes, expected {expected}")
            }
            WeightsError::Magic => write!(f, "not a Dama weights file (no DAMAEVAL header)"),
            WeightsError::Version(v) => write!(f, "weights file version {v} is not supported"),
            WeightsError::Features { expected, found } => {
                write!(f, "weights file has {found} features, this build uses {expected}")
            }
            WeightsError::Scale(s) => write!(f, "weights file scale {s}, expected {SCALE}"),
            WeightsError::Game { expected, found } => {
                write!(f, "weights file is for {}, not {}", game_name(*found), game_name(*expected))
            }
            WeightsError::Checksum => write!(f, "weights file checksum mismatch (damaged file)"),
            WeightsError::Network(why) => write!(f, "weights file: {why}"),
        }
    }
}

impl std::error::Error for WeightsError {}

/// The game a weights file's mark names.
fn game_name(mark: u32) -> String {
    match mark {
        0 => "Dama Italiana".to_string(),
        20 => "International draughts".to_string(),
        21 => "English draughts".to_string(),
        25 => "Russian draughts".to_string(),
        26 => "Brazilian draughts".to_string(),
        other => format!("game {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_another_game_names_both_games() {
        let cases = [
            (25, 26, "weights file is for Russian draughts, not Brazilian draughts"),
            (26, 25, "weights file is for Brazilian draughts, not Russian draughts"),
            (0, 20, "weights file is for Dama Italiana, not International draughts"),
            (21, 0, "weights file is for English draughts, not Dama Italiana"),
            (99, 21, "weights file is for game 99, not English draughts"),
        ];
        for (found, expected, message) in cases {
            assert_eq!(WeightsError::Game { expected, found }.to_string(), message);
        }
    }
}
