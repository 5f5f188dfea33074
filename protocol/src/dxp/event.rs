//! What a DXP session reacts to: a message or the end of the connection from the reader thread
//! ([`super::link`]), and a finished search from the search thread ([`super::search`]).

use dama_engine::international::{International, Move};
use dama_engine::search::Searcher;
use dama_frontend::dxp::message::Message;
use dama_frontend::dxp::parse::ParseError;
use std::time::Duration;

/// One event for the session.
pub enum Event {
    /// A message arrived: its text as received (escaped where it is not printable) and what it
    /// reads as.
    Received { text: String, message: Result<Message, ParseError> },
    /// The connection ended: the other side closed it, or reading failed (the reason).
    Closed(String),
    /// A search ended.
    SearchDone(Box<SearchDone>),
}

/// The end of a search.
pub struct SearchDone {
    /// Which search (the session ignores the result of one it abandoned).
    pub id: u64,
    /// The searcher, back from the search thread (`None` if the search panicked).
    pub searcher: Option<Searcher<International>>,
    /// The move to play (`None` if the search found none or panicked).
    pub best: Option<Move>,
    /// What the search saw, for the log: depth, score, nodes.
    pub summary: String,
    /// How long it took.
    pub elapsed: Duration,
}
