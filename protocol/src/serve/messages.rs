//! The board's messages over its WebSocket, as JSON: what the page asks ([`Request`], tagged by
//! `type`) and what the server answers ([`Reply`]). Search progress carries what the Hub's `info`
//! lines carry (depth, score, nodes, speed, time, line), with the line's number for several lines.

use serde::{Deserialize, Serialize};

/// The largest message the page may send, in bytes (a PDN file of a few thousand games).
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// Most lines an analysis shows.
pub const MAX_LINES: usize = 5;

/// What the page asks.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Request {
    /// Set the game on the board: the variant, the start (a FEN; none: the start position) and
    /// the moves played from it (any notation). Answered with [`Reply::Position`]; a running
    /// search is stopped.
    Position {
        variant: String,
        #[serde(default)]
        fen: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
    },
    /// Analyse the board's position without end, showing `lines` lines (1-5).
    Analyze { lines: usize },
    /// Let Dama play a move in the board's position, at a skill level (1-20) or with a time per
    /// move (seconds).
    Go {
        #[serde(default)]
        skill: Option<u8>,
        #[serde(default)]
        movetime: Option<f64>,
    },
    /// Stop the search.
    Stop,
    /// Read the games of a PDN text (the board's variant where a game has no `GameType`).
    Pdn { text: String, variant: String },
    /// The board's game as PDN, with these tags.
    Export {
        #[serde(default)]
        tags: Vec<(String, String)>,
    },
    /// Annotate the board's game: every position searched for `movetime` seconds.
    Annotate {
        #[serde(default)]
        movetime: Option<f64>,
    },
}

/// A legal move as the page draws and plays it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LegalMove {
    /// Full-path text (`22x15x6`): what the page sends back.
    pub text: String,
    /// The squares the piece stands on, from the start to the end.
    pub path: Vec<u8>,
    /// The captured squares in capture order.
    pub captured: Vec<u8>,
}

/// One line of a search in progress (a Hub `info` line).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Info {
    /// The search it belongs to.
    pub search: u64,
    /// The line's number, 1 the best.
    pub line: usize,
    pub depth: u32,
    pub seldepth: u32,
    /// The score for the side to move, in hundredths of a man (wins beyond ±9000).
    pub score: i32,
    /// The score as text from the side to move (`+0.15`, `win in 7`).
    pub score_text: String,
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Seconds since the search started.
    pub time: f64,
    pub tbhits: u64,
    /// The line in full-path notation.
    pub pv: Vec<String>,
}

/// One game read from PDN.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameRecord {
    pub variant: String,
    pub tags: Vec<(String, String)>,
    /// The start's FEN.
    pub fen: String,
    /// The moves in full-path notation.
    pub moves: Vec<String>,
    pub result: Option<String>,
}

/// The verdict on one move of an annotated game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MoveVerdict {
    /// The score after the move, from White's side, in hundredths of a man.
    pub white_score: i32,
    /// What the move lost against the best, in hundredths of a man.
    pub loss: i32,
    /// `?`, `??`, `!` or nothing.
    pub mark: String,
    /// The better move and its line, where the move was a mistake.
    pub better: Vec<String>,
}

/// What the server answers.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Reply {
    /// Sent once on connecting.
    Hello { version: String, variants: Vec<String>, max_message: usize },
    /// The board's position.
    Position {
        variant: String,
        /// The current position's FEN.
        fen: String,
        /// The start's FEN.
        start: String,
        /// The side to move then one character per square (`w` `b` men, `W` `B` kings, `e`).
        board: String,
        /// `white` or `black`.
        side: String,
        /// How many moves were played (the page's moves, all legal).
        plies: usize,
        /// The last move played, square by square.
        last: Option<LegalMove>,
        legal: Vec<LegalMove>,
        /// Whether the moves are captures (one must capture).
        must_capture: bool,
        /// `1-0`, `0-1`, `1/2-1/2` when the game is over, with the reason.
        result: Option<String>,
        reason: Option<String>,
        /// The endgame tables' verdict for the side to move (`win`, `loss`, `draw`, with the
        /// plies to the end where known).
        tables: Option<String>,
    },
    /// Search progress.
    Info(Info),
    /// A search ended; `best` is Dama's move when it was asked to play.
    Done { search: u64, best: Option<String>, score_text: Option<String> },
    /// A search started, its number.
    Started { search: u64, mode: String },
    /// The games of a PDN text, and why others could not be read.
    Games { games: Vec<GameRecord>, errors: Vec<String> },
    /// The board's game as PDN.
    Pdn { text: String },
    /// Annotation progress: positions searched.
    Progress { done: usize, total: usize },
    /// The annotated game: a verdict per move and the PDN with the comments.
    Annotation { moves: Vec<MoveVerdict>, summary: String, pdn: String },
    /// What was wrong with a request.
    Error { message: String },
}

impl Reply {
    /// The reply as a JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"type":"error","message":"?"}"#.into())
    }
}

/// Reads a request, with a message naming what is wrong.
pub fn parse_request(text: &str) -> Result<Request, String> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(format!("the message is over {MAX_MESSAGE_BYTES} bytes"));
    }
    serde_json::from_str::<Request>(text).map_err(|e| format!("bad request: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_and_bad_ones_are_named() {
        let request = parse_request(r#"{"type":"position","variant":"english","moves":["11-15"]}"#);
        assert_eq!(
            request,
            Ok(Request::Position {
                variant: "english".into(),
                fen: None,
                moves: vec!["11-15".into()]
            })
        );
        assert_eq!(
            parse_request(r#"{"type":"analyze","lines":3}"#),
            Ok(Request::Analyze { lines: 3 })
        );
        assert!(parse_request("{").unwrap_err().starts_with("bad request"));
        assert!(parse_request(r#"{"type":"fly"}"#).unwrap_err().contains("fly"));
        assert!(parse_request(&"x".repeat(MAX_MESSAGE_BYTES + 1)).unwrap_err().contains("over"));
    }

    #[test]
    fn replies_are_tagged_json() {
        let text = Reply::Error { message: "no".into() }.to_json();
        assert_eq!(text, r#"{"type":"error","message":"no"}"#);
    }
}
