//! The errors of building and probing, each with a message that says what to do.

use crate::material::Slice;
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
    /// A slice the position (or a slice being built) needs is not there.
    MissingSlice(Slice),
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
            EgdbError::MissingSlice(slice) => write!(
                f,
                "the table {} is missing; build it with `dama egdb build --pieces {}`",
                slice.file_name(),
                slice.material().pieces()
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

/// Wraps an I/O error with the path it concerns.
pub(crate) fn io_error(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> EgdbError {
    let path = path.into();
    move |source| EgdbError::Io { path, source }
}
