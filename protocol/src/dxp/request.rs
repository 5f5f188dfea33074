//! The follower's judgement of a game request, the same for a connection waiting for its first
//! one ([`super::pending`]) and for the game session between games ([`super::flow`]): a request
//! Dama can play gives its start position; one that does not read, or from a position the rules
//! refuse, earns a refusal with its acceptance code and the reason (sent as a chat after it).

use super::game::position_from_setup;
use dama_engine::international::{International, Position};
use dama_engine::rules::Rules;
use dama_frontend::dxp::message::{AcceptCode, GameRequest};
use dama_frontend::dxp::parse::{ErrorKind, ParseError};

/// The start position of a game request, or why Dama cannot play from it (refused with code 2:
/// not this game, another is welcome).
pub fn playable_start(request: &GameRequest) -> Result<Position, String> {
    let start = match &request.setup {
        None => International::start(),
        Some(setup) => position_from_setup(setup)
            .map_err(|e| format!("refused a game from a position it cannot play: {e}"))?,
    };
    if International::legal_moves(&start).is_empty() {
        return Err("refused a game from a position with no legal move".to_string());
    }
    Ok(start)
}

/// The refusal a message that does not read earns when it is a game request: code 1 when it is
/// of another protocol version, code 2 when it is malformed; `None` when it is not a game request.
pub fn refusal_of(error: &ParseError) -> Option<(AcceptCode, String)> {
    match (error.kind, error.header) {
        (ErrorKind::WrongVersion, _) => Some((
            AcceptCode::WrongVersion,
            format!("refused a game request of another version: {error}"),
        )),
        (ErrorKind::UnknownType, _) => None,
        (_, Some('R')) => {
            Some((AcceptCode::NotThisGame, format!("refused a malformed game request: {error}")))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_frontend::dxp::parse::parse_message;

    fn error_of(text: &str) -> ParseError {
        parse_message(text.as_bytes()).expect_err(text)
    }

    #[test]
    fn requests_that_do_not_read_are_refused_with_their_code() {
        let version = error_of(&format!("R02{:<32}Z000000A", "Future"));
        assert_eq!(refusal_of(&version).map(|r| r.0), Some(AcceptCode::WrongVersion));
        let short = error_of("R01short");
        assert_eq!(refusal_of(&short).map(|r| r.0), Some(AcceptCode::NotThisGame));
        assert!(refusal_of(&short).unwrap().1.starts_with("refused a malformed game request"));
        assert_eq!(refusal_of(&error_of("Hello")), None, "an unknown type is no request");
        assert_eq!(refusal_of(&error_of("M00zz")), None, "a bad move is no request");
    }

    #[test]
    fn a_request_from_a_position_the_rules_refuse_names_why() {
        let request = |squares: String| GameRequest {
            name: "x".into(),
            follower_color: dama_engine::color::Color::White,
            minutes: 0,
            moves: 0,
            setup: Some(dama_frontend::dxp::message::Setup {
                to_move: dama_engine::color::Color::White,
                squares,
            }),
        };
        let start = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
        assert_eq!(playable_start(&request(start)), Ok(International::start()));
        let crowned = format!("w{}", "e".repeat(49));
        assert!(playable_start(&request(crowned)).unwrap_err().contains("cannot play"));
        let blocked = format!("z{}", "e".repeat(49));
        assert!(playable_start(&request(blocked)).unwrap_err().contains("no legal move"));
    }
}
