//! Reading DXP messages ([`super::message`]): every field at its fixed place and width, every
//! number made of digits, every code one the protocol defines, and nothing left over. A message
//! that does not read is refused with the reason, never guessed at.

use super::message::{
    AcceptCode, BackCode, BackRequest, EndReason, GameAccept, GameEnd, GameRequest, Message,
    MoveMessage, Setup, MAX_LEN, NAME_WIDTH, VERSION,
};
use dama_engine::color::Color;

/// The squares of a board, the width of a position field.
const SQUARES: usize = 50;
/// The most pieces one move can capture (all twenty of a side).
const MAX_CAPTURED: usize = 20;

/// What is wrong with a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A type letter this protocol does not define (left for future versions: ignored).
    UnknownType,
    /// A game request of another protocol version.
    WrongVersion,
    /// A known type whose fields do not read.
    Malformed,
}

/// A message that could not be read, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The message's first character, if it had one and it was ASCII.
    pub header: Option<char>,
    /// What kind of fault.
    pub kind: ErrorKind,
    /// The reason, for the log and the other side.
    pub reason: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.reason)
    }
}

/// The fields of one message, read left to right.
struct Fields<'a> {
    text: &'a str,
    at: usize,
    header: char,
}

impl<'a> Fields<'a> {
    fn error(&self, reason: String) -> ParseError {
        ParseError { header: Some(self.header), kind: ErrorKind::Malformed, reason }
    }

    /// The next `width` characters, named `what` in an error.
    fn take(&mut self, width: usize, what: &str) -> Result<&'a str, ParseError> {
        let end = self.at + width;
        let field = self.text.get(self.at..end).ok_or_else(|| {
            self.error(format!(
                "{} message too short: {what} needs characters {}-{}, the message has {}",
                self.header,
                self.at + 1,
                end,
                self.text.len()
            ))
        })?;
        self.at = end;
        Ok(field)
    }

    /// A number of `width` digits.
    fn number(&mut self, width: usize, what: &str) -> Result<u16, ParseError> {
        let field = self.take(width, what)?;
        if !field.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(format!("{what} must be {width} digits, got '{field}'")));
        }
        field.parse().map_err(|_| self.error(format!("{what}: bad number '{field}'")))
    }

    /// A square number, 01-50.
    fn square(&mut self, what: &str) -> Result<u8, ParseError> {
        let square = self.number(2, what)?;
        if !(1..=SQUARES as u16).contains(&square) {
            return Err(self.error(format!("{what} must be a square 01-50, got {square:02}")));
        }
        Ok(square as u8)
    }

    /// `W` or `Z`.
    fn color(&mut self, what: &str) -> Result<Color, ParseError> {
        match self.take(1, what)? {
            "W" => Ok(Color::White),
            "Z" => Ok(Color::Black),
            other => Err(self.error(format!("{what} must be W or Z, got '{other}'"))),
        }
    }

    /// A one-digit code among `codes`.
    fn code<T: Copy>(&mut self, what: &str, codes: &[(char, T)]) -> Result<T, ParseError> {
        let field = self.take(1, what)?;
        codes.iter().find(|(c, _)| field.starts_with(*c)).map(|&(_, v)| v).ok_or_else(|| {
            let allowed: Vec<String> = codes.iter().map(|(c, _)| c.to_string()).collect();
            self.error(format!("{what} must be one of {}, got '{field}'", allowed.join(" ")))
        })
    }

    /// Checks that nothing is left.
    fn end(&self) -> Result<(), ParseError> {
        if self.at == self.text.len() {
            return Ok(());
        }
        Err(self.error(format!(
            "{} message too long: {} characters where {} were expected",
            self.header,
            self.text.len(),
            self.at
        )))
    }
}

/// Reads one message (the bytes between two NULs).
pub fn parse_message(bytes: &[u8]) -> Result<Message, ParseError> {
    let header = bytes.first().filter(|b| b.is_ascii()).map(|&b| char::from(b));
    let malformed = |reason: String| ParseError { header, kind: ErrorKind::Malformed, reason };
    if bytes.is_empty() {
        return Err(malformed("empty message".into()));
    }
    if bytes.len() > MAX_LEN {
        return Err(malformed(format!(
            "message of {} characters (at most {MAX_LEN})",
            bytes.len()
        )));
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0 || !b.is_ascii()) {
        return Err(malformed(format!(
            "byte {} is 0x{:02x}: messages are ASCII characters 1-127",
            at + 1,
            bytes[at]
        )));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| malformed(e.to_string()))?;
    let header = text.chars().next().unwrap_or(' ');
    let mut fields = Fields { text, at: 1, header };
    let message = match header {
        'R' => Message::GameRequest(game_request(&mut fields)?),
        'A' => {
            let name = fields.take(NAME_WIDTH, "the follower's name")?.trim_end().to_string();
            let code = fields.code(
                "the acceptance code",
                &[
                    ('0', AcceptCode::Accepted),
                    ('1', AcceptCode::WrongVersion),
                    ('2', AcceptCode::NotThisGame),
                    ('3', AcceptCode::NoGames),
                ],
            )?;
            Message::GameAccept(GameAccept { name, code })
        }
        'M' => Message::Move(move_message(&mut fields)?),
        'E' => {
            let reason = fields.code(
                "the reason",
                &[
                    ('0', EndReason::Unknown),
                    ('1', EndReason::SenderLoses),
                    ('2', EndReason::Draw),
                    ('3', EndReason::SenderWins),
                ],
            )?;
            let stop = fields.code("the stop code", &[('0', false), ('1', true)])?;
            Message::GameEnd(GameEnd { reason, stop })
        }
        'C' => {
            fields.at = text.len();
            Message::Chat(text[1..].to_string())
        }
        'B' => {
            let move_number = fields.number(3, "the move number")?;
            if move_number == 0 {
                return Err(fields.error("the move number must be 001-999, got 000".into()));
            }
            let to_move = fields.color("the colour to move")?;
            Message::BackRequest(BackRequest { move_number, to_move })
        }
        'K' => Message::BackAccept(fields.code(
            "the acceptance code",
            &[('0', BackCode::Accepted), ('1', BackCode::NotSupported), ('2', BackCode::Refused)],
        )?),
        other => {
            return Err(ParseError {
                header: Some(other),
                kind: ErrorKind::UnknownType,
                reason: format!("unknown message type '{}'", other.escape_default()),
            })
        }
    };
    fields.end()?;
    Ok(message)
}

fn game_request(fields: &mut Fields) -> Result<GameRequest, ParseError> {
    let version = fields.take(2, "the version")?;
    if version != format!("{VERSION:02}") {
        return Err(ParseError {
            header: Some('R'),
            kind: ErrorKind::WrongVersion,
            reason: format!("protocol version '{version}' (this program speaks {VERSION:02})"),
        });
    }
    let name = fields.take(NAME_WIDTH, "the initiator's name")?.trim_end().to_string();
    let follower_color = fields.color("the follower's colour")?;
    let minutes = fields.number(3, "the thinking time")?;
    let moves = fields.number(3, "the number of moves")?;
    let setup = match fields.take(1, "the start position indicator")? {
        // The normal start: nothing may follow, but some initiators send the position anyway.
        "A" => {
            fields.at = fields.text.len();
            None
        }
        "B" => {
            let to_move = fields.color("the colour to move first")?;
            let squares = fields.take(SQUARES, "the position")?;
            if let Some(bad) = squares.chars().find(|c| !"ewzWZ".contains(*c)) {
                return Err(fields.error(format!(
                    "the position may hold only e w z W Z, got '{}'",
                    bad.escape_default()
                )));
            }
            Some(Setup { to_move, squares: squares.to_string() })
        }
        other => {
            return Err(
                fields.error(format!("the start position indicator must be A or B, got '{other}'"))
            )
        }
    };
    Ok(GameRequest { name, follower_color, minutes, moves, setup })
}

fn move_message(fields: &mut Fields) -> Result<MoveMessage, ParseError> {
    let seconds = fields.number(4, "the time")?;
    let from = fields.square("the from square")?;
    let to = fields.square("the to square")?;
    let count = usize::from(fields.number(2, "the number captured")?);
    if count > MAX_CAPTURED {
        return Err(fields.error(format!("{count} captured pieces (at most {MAX_CAPTURED})")));
    }
    let mut captured = Vec::with_capacity(count);
    for index in 0..count {
        let square = fields.square(&format!("captured square {}", index + 1))?;
        if captured.contains(&square) {
            return Err(fields.error(format!("square {square:02} is captured twice")));
        }
        captured.push(square);
    }
    Ok(MoveMessage { seconds, from, to, captured })
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
