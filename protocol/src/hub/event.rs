//! What the session reacts to, from the threads around it: lines from the reader thread
//! ([`super::reader`]), the end of input or output, and finished searches ([`super::search`]).

use std::any::Any;

/// What the session reacts to.
pub enum Event {
    /// A line from the GUI.
    Input(InputLine),
    /// The GUI's input has ended.
    InputClosed,
    /// Writing to the GUI failed: nobody is listening any more.
    OutputClosed,
    /// The running search has ended.
    SearchFinished(Box<Finished>),
}

/// One line of input, as the reader saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A line of text, without its end-of-line characters.
    Text(String),
    /// A line longer than [`super::reader::MAX_LINE`] bytes (its length), discarded.
    TooLong(usize),
    /// A line that is not UTF-8; the offset of the first bad byte.
    NotUtf8(usize),
}

/// What a search chose, in Hub notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move to play, if the search found one.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    /// Depth, score, nodes and time, for the log.
    pub summary: String,
}

/// A finished search: the searcher back (lost if the search panicked; a `Searcher` of the
/// board's rules) and the choice.
pub struct Finished {
    /// The searcher, to reuse.
    pub searcher: Option<Box<dyn Any + Send>>,
    /// The choice, or what went wrong.
    pub result: Result<Choice, String>,
}
