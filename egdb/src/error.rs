//! The errors of building and probing, each with a message that says what to do.

use crate::material::Slice;
use dama_engine::tables::TableGame;
use std::fmt;
use std::path::PathBuf;

/// Everything that can go wrong in this crate.
#[derive(Debug)]
pub enum EgdbError {
    /// A file or directory could not be read or written.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A table file is damaged, truncated or of another version.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A slice of a game that the position (or a slice being built) needs is not there.
    MissingSlice(TableGame, Slice),
    /// A slice built alone (`dama egdb build --slice`) needs slices the directory lacks.
    MissingDependencies {
        /// The game.
        game: TableGame,
        /// The slice asked for.
        slice: Slice,
        /// The slices it needs that are not there.
        missing: Vec<Slice>,
        /// The directory of the game's tables.
        dir: PathBuf,
    },
    /// A table file holds another game's tables.
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The game of its tables.
        found: TableGame,
        /// The game it was opened for.
        expected: TableGame,
    },
    /// A table directory holds another game's tables and none of the game asked for.
    OtherGame {
        /// The table directory.
        dir: PathBuf,
        /// The game asked for.
        game: TableGame,
        /// The game whose tables it holds.
        found: TableGame,
    },
    /// A directory holding a game's files directly was named where the table directory above it
    /// was meant (the English tables are in the `english` subdirectory of a table directory).
    Misplaced {
        /// The directory named.
        dir: PathBuf,
        /// The game of its files.
        game: TableGame,
    },
    /// The position has more pieces than the tables hold.
    TooManyPieces {
        /// Pieces on the board.
        pieces: u32,
        /// The most pieces the tables hold.
        max: u32,
    },
    /// A built slice failed its check before being written (a bug, never expected).
    Verification {
        /// The slice.
        slice: Slice,
        /// The position and what is wrong.
        detail: String,
    },
    /// A request the tables cannot answer (for example more pieces than the builder supports).
    Unsupported(String),
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            EgdbError::Corrupt { path, reason } => {
                write!(
                    f,
                    "{}: not a valid table file ({reason}); delete it and build again",
                    path.display()
                )
            }
            EgdbError::MissingSlice(game, slice) => write!(
                f,
                "the table {} is missing; build it with `dama egdb build{} --pieces {}`",
                slice.file_name(),
                variant_flag(*game),
                slice.material().pieces()
            ),
            EgdbError::MissingDependencies { game, slice, missing, dir } => write!(
                f,
                "slice {slice} needs {} more slice{} in {}, not there: {}; build them first \
                 (`dama egdb slices{} --pieces {}` lists every slice with the slices it needs)",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                dir.display(),
                missing.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", "),
                variant_flag(*game),
                slice.material().pieces()
            ),
            EgdbError::WrongGame { path, found, expected } => write!(
                f,
                "{}: a table of {found}, not of {expected}; each game's tables have their own \
                 directory (English and International ones the `english` and `international` \
                 subdirectories of the table directory)",
                path.display()
            ),
            EgdbError::OtherGame { dir, game, found } => write!(
                f,
                "no {game} tables in {}, only {found} tables; build them with `dama egdb build{} \
                 --pieces N --dir {}`{}",
                dir.display(),
                variant_flag(*game),
                dir.display(),
                match game {
                    TableGame::Italian => String::new(),
                    other => format!(" (they go in its `{}` subdirectory)", other.name()),
                }
            ),
            EgdbError::Misplaced { dir, game } => write!(
                f,
                "{} holds {game} tables itself, but they belong in the `{}` subdirectory of a \
                 table directory: name the directory above it",
                dir.display(),
                game.name()
            ),
            EgdbError::TooManyPieces { pieces, max } => {
                write!(f, "the position has {pieces} pieces but the tables hold at most {max}")
            }
            EgdbError::Verification { slice, detail } => {
                write!(f, "slice {slice} failed verification: {detail}")
            }
            EgdbError::Unsupported(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for EgdbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EgdbError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The `--variant` argument of `dama egdb build` for `game`: none for Dama Italiana, the default.
fn variant_flag(game: TableGame) -> String {
    match game {
        TableGame::Italian => String::new(),
        other => format!(" --variant {}", other.name()),
    }
}

/// Wraps an I/O error with the path it concerns.
pub(crate) fn io_error(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> EgdbError {
    let path = path.into();
    move |source| EgdbError::Io { path, source }
}
