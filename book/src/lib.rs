//! # dama-book
//!
//! The Dama opening book: a plain-text format that names each position by the moves reaching it
//! ([`format`], docs/book.md), the [`Book`] the engine probes, the builder that grows a book with
//! the engine's search ([`build`]), and the books embedded in the program. All of it is written
//! once over the game's [`Rules`](dama_engine::rules::Rules) (its moves, notation, FEN, key and
//! search); Dama Italiana is the default game of each type, and [`game::BookGame`] says what
//! differs between the games (the openings to cover, the embedded book).
//!
//! ```
//! use dama_book::{default_book, DEFAULT_MARGIN};
//! use dama_engine::board8::position::Position;
//! use rand::{rngs::StdRng, SeedableRng};
//!
//! let book = default_book();
//! let start = Position::start();
//! assert!(!book.moves(&start).is_empty());
//! let mut rng = StdRng::seed_from_u64(7);
//! let mv = book.probe(&start, &mut rng, DEFAULT_MARGIN).unwrap();
//! assert!(start.legal_moves().contains(&mv));
//! // The same seed, the same choice.
//! assert_eq!(book.probe(&start, &mut StdRng::seed_from_u64(7), DEFAULT_MARGIN), Some(mv));
//!
//! // International draughts has its own book, in its own notation.
//! use dama_engine::international::International;
//! use dama_engine::rules::Rules;
//! let start = International::start();
//! let best = dama_book::international_book().moves(&start)[0];
//! assert!(International::legal_moves(&start).contains(&best.mv));
//! println!("{}", International::path_text(&start, &best.mv)); // e.g. 32-28
//! ```

pub mod book;
pub mod build;
pub mod coverage;
pub mod format;
pub mod game;
pub mod notation;
pub mod openings;
pub mod tree;

pub use book::{Book, DEFAULT_MARGIN};
pub use format::{BookError, BookLine, BookMove};
pub use game::{book_move, BookGame};

use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::rules::Rules;
use std::sync::OnceLock;

/// The default book's text: Dama Italiana (built by `dama book build`; see book/data/BUILD.md).
pub const DEFAULT_BOOK_TEXT: &str = include_str!("../data/default.book");

/// The International book's text (built by `dama book build --variant international`; see
/// book/data/BUILD.md).
pub const INTERNATIONAL_BOOK_TEXT: &str = include_str!("../data/international.book");

/// The English draughts book's text (built by `dama book build --variant english`; see
/// book/data/BUILD.md).
pub const ENGLISH_BOOK_TEXT: &str = include_str!("../data/english.book");

/// The default book, embedded in the program and read on first use.
pub fn default_book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    read_once(&BOOK, DEFAULT_BOOK_TEXT, "default")
}

/// The International draughts book, embedded in the program and read on first use.
pub fn international_book() -> &'static Book<International> {
    static BOOK: OnceLock<Book<International>> = OnceLock::new();
    read_once(&BOOK, INTERNATIONAL_BOOK_TEXT, "International")
}

/// The English draughts book, embedded in the program and read on first use.
pub fn english_book() -> &'static Book<English> {
    static BOOK: OnceLock<Book<English>> = OnceLock::new();
    read_once(&BOOK, ENGLISH_BOOK_TEXT, "English")
}

/// An embedded book, parsed into `cell` on first use.
fn read_once<R: Rules>(
    cell: &'static OnceLock<Book<R>>,
    text: &str,
    name: &str,
) -> &'static Book<R> {
    cell.get_or_init(|| {
        Book::parse(text).unwrap_or_else(|e| panic!("the embedded {name} book is invalid: {e}"))
    })
}
