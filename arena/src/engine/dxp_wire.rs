//! What the match's terms become in DXP messages: a Hub position string as the start position of
//! a game request, a Hub move as a move message and back, and the match's limit as the request's
//! thinking time (minutes per game) and number of moves.
//!
//! A game end's reason becomes the engine's [`Claim`], a refusal's code its meaning.
//!
//! The time: DXP gives each side a number of minutes for the game, or for a number of moves. A
//! clock of whole minutes and no increment (`--tc 60`, `--tc 300`) is said exactly (moves `000`).
//! A move time `S` (`--movetime`) becomes the pace nearest `S` that the fields can carry:
//! `M` minutes for `N` moves with `60 M / N` closest to `S`, `N` from 150 to 999 (more moves than
//! a game lasts, so the count never ends one); `0.1 s` is 1 minute for 600 moves, `1 s` 3 minutes
//! for 180. The referee still holds each move to `S` (and its `--time-margin`): the request only
//! tells the engine the pace. An engine's `dxp-time=MINUTES[/MOVES]` replaces what the request
//! says, for engines that play a fixed time a move when the request has no time (`dxp-time=0`).

use super::Claim;
use crate::config::Limit;
use dama_engine::color::Color;
use dama_frontend::dxp::message::{AcceptCode, EndReason, MoveMessage, Setup};

/// The fewest moves a move-time pace names: more than any game lasts.
const PACE_MIN_MOVES: u16 = 150;

/// A game request's time fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxpTime {
    /// Thinking time per side, minutes (0: none given).
    pub minutes: u16,
    /// Moves the time is for (0: the whole game).
    pub moves: u16,
}

impl std::str::FromStr for DxpTime {
    type Err = String;

    /// Reads `MINUTES` or `MINUTES/MOVES` (each 0-999).
    fn from_str(text: &str) -> Result<DxpTime, String> {
        let field =
            |part: &str, what: &str| -> Result<u16, String> {
                part.trim().parse::<u16>().ok().filter(|n| *n <= 999).ok_or_else(|| {
                    format!("dxp-time: {what} '{part}' is not a number from 0 to 999")
                })
            };
        let (minutes, moves) = match text.split_once('/') {
            Some((m, n)) => (field(m, "minutes")?, field(n, "moves")?),
            None => (field(text, "minutes")?, 0),
        };
        Ok(DxpTime { minutes, moves })
    }
}

/// The request's time fields for `limit`, or why DXP cannot say it.
pub fn request_time(limit: &Limit) -> Result<DxpTime, String> {
    match *limit {
        Limit::Clock { base, increment, moves } => {
            let minutes = base / 60.0;
            let period = moves.unwrap_or(0);
            if increment > 0.0
                || minutes.fract() != 0.0
                || !(1.0..=999.0).contains(&minutes)
                || period > 999
            {
                return Err(format!(
                    "DXP gives each side whole minutes for the game or for a number of moves \
                     (up to 999) and has no increment: --tc {} cannot be said (give --tc as \
                     60, 120, ... seconds, or MOVES/SECONDS, with no increment, or --movetime)",
                    limit.pdn_text()
                ));
            }
            Ok(DxpTime { minutes: minutes as u16, moves: period as u16 })
        }
        Limit::MoveTime(seconds) => Ok(pace(seconds)),
        Limit::Depth(_) | Limit::Nodes(_) => {
            Err("DXP has no depth or node limit: give --tc (whole minutes) or --movetime"
                .to_string())
        }
    }
}

/// `M` minutes for `N` moves, the pace nearest `seconds` a move (fewer minutes on a tie).
fn pace(seconds: f64) -> DxpTime {
    let mut best = DxpTime { minutes: 1, moves: 999 };
    let mut best_error = f64::INFINITY;
    for minutes in 1..=999u16 {
        let ideal = (60.0 * f64::from(minutes) / seconds).round();
        let moves = ideal.clamp(f64::from(PACE_MIN_MOVES), 999.0) as u16;
        let error = (60.0 * f64::from(minutes) / f64::from(moves) - seconds).abs();
        if error < best_error - 1e-12 {
            best = DxpTime { minutes, moves };
            best_error = error;
        }
    }
    best
}

/// The start position of a request for the Hub position string `hub` (side `W`/`B`, squares
/// 1-50 as `w` `b` `W` `B` `e`): `None` for the normal start with White to move.
pub fn setup(hub: &str) -> Result<Option<Setup>, String> {
    let bad = || format!("not an International position string: '{hub}'");
    if hub.len() != 51 || !hub.is_ascii() {
        return Err(bad());
    }
    let to_move = match &hub[..1] {
        "W" => Color::White,
        "B" => Color::Black,
        _ => return Err(bad()),
    };
    let squares: String = hub[1..]
        .chars()
        .map(|c| match c {
            'b' => Some('z'),
            'B' => Some('Z'),
            'w' | 'W' | 'e' => Some(c),
            _ => None,
        })
        .collect::<Option<String>>()
        .ok_or_else(bad)?;
    let start = format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20));
    if to_move == Color::White && squares == start {
        return Ok(None);
    }
    Ok(Some(Setup { to_move, squares }))
}

/// A move in Hub notation (`32-28`, `28x19x23`, from, to and the captured squares) as a move
/// message.
pub fn move_message(hub: &str, seconds: u16) -> Result<MoveMessage, String> {
    let bad = || format!("not a Hub move: '{hub}'");
    let square = |text: &str| text.parse::<u8>().ok().filter(|s| (1..=50).contains(s));
    let (from, to, captured) = match hub.split_once('-') {
        Some((from, to)) => (square(from), square(to), Vec::new()),
        None => {
            let parts: Vec<&str> = hub.split('x').collect();
            if parts.len() < 3 {
                return Err(bad());
            }
            let captured = parts[2..].iter().map(|p| square(p)).collect::<Option<Vec<u8>>>();
            (square(parts[0]), square(parts[1]), captured.ok_or_else(bad)?)
        }
    };
    match (from, to) {
        (Some(from), Some(to)) => Ok(MoveMessage { seconds, from, to, captured }),
        _ => Err(bad()),
    }
}

/// A move message as a move in Hub notation: `from-to`, or `fromxto` and each captured square.
pub fn hub_move(message: &MoveMessage) -> String {
    if message.captured.is_empty() {
        return format!("{}-{}", message.from, message.to);
    }
    let mut text = format!("{}x{}", message.from, message.to);
    for square in &message.captured {
        text.push_str(&format!("x{square}"));
    }
    text
}

/// What a game end from the engine claims.
pub fn claim(reason: EndReason) -> Claim {
    match reason {
        EndReason::SenderLoses => Claim::Resigns,
        EndReason::Draw => Claim::Draw,
        EndReason::SenderWins => Claim::Wins,
        EndReason::Unknown => Claim::Unknown,
    }
}

/// What an acceptance code means.
pub fn refusal(code: AcceptCode) -> &'static str {
    match code {
        AcceptCode::Accepted => "accepted",
        AcceptCode::WrongVersion => "it speaks another version of DXP",
        AcceptCode::NotThisGame => "not this game (its time or position), another would do",
        AcceptCode::NoGames => "it plays no game now",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_of_whole_minutes_are_said_exactly_and_others_refused() {
        let clock = |base, increment| request_time(&Limit::Clock { base, increment, moves: None });
        let period = Limit::Clock { base: 300.0, increment: 0.0, moves: Some(75) };
        assert_eq!(request_time(&period), Ok(DxpTime { minutes: 5, moves: 75 }));
        assert_eq!(clock(60.0, 0.0), Ok(DxpTime { minutes: 1, moves: 0 }));
        assert_eq!(clock(300.0, 0.0), Ok(DxpTime { minutes: 5, moves: 0 }));
        for (base, increment) in [(90.0, 0.0), (60.0, 1.0), (30.0, 0.0), (60_000.0, 0.0)] {
            let error = clock(base, increment).unwrap_err();
            assert!(error.contains("whole minutes"), "{error}");
        }
        assert!(request_time(&Limit::Depth(5)).unwrap_err().contains("no depth"));
        assert!(request_time(&Limit::Nodes(5)).unwrap_err().contains("no depth or node"));
    }

    #[test]
    fn a_move_time_becomes_the_nearest_pace() {
        let pace_of = |s| request_time(&Limit::MoveTime(s)).unwrap();
        assert_eq!(pace_of(0.1), DxpTime { minutes: 1, moves: 600 });
        assert_eq!(pace_of(1.0), DxpTime { minutes: 3, moves: 180 });
        assert_eq!(pace_of(0.2), DxpTime { minutes: 1, moves: 300 });
        // Below 60/999 s the fastest pace the fields carry.
        assert_eq!(pace_of(0.01), DxpTime { minutes: 1, moves: 999 });
        for seconds in [0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.3, 10.0, 60.0, 300.0] {
            let p = pace_of(seconds);
            assert!(p.moves >= PACE_MIN_MOVES, "{seconds}: {p:?}");
            if seconds * 999.0 < 60.0 {
                assert_eq!(p, DxpTime { minutes: 1, moves: 999 }, "{seconds}");
                continue;
            }
            let said = 60.0 * f64::from(p.minutes) / f64::from(p.moves);
            let tolerance = 0.005 * seconds.max(1.0);
            assert!((said - seconds).abs() <= tolerance, "{seconds}: {p:?} says {said}");
        }
    }

    #[test]
    fn dxp_time_reads_minutes_and_moves() {
        assert_eq!("0".parse(), Ok(DxpTime { minutes: 0, moves: 0 }));
        assert_eq!("5/75".parse(), Ok(DxpTime { minutes: 5, moves: 75 }));
        for bad in ["", "x", "1000", "5/", "-1", "5/1000"] {
            assert!(bad.parse::<DxpTime>().is_err(), "{bad}");
        }
    }

    #[test]
    fn positions_and_moves_cross_both_ways() {
        let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
        assert_eq!(setup(&start), Ok(None));
        let black = format!("B{}", &start[1..]);
        let s = setup(&black).unwrap().unwrap();
        assert_eq!(s.to_move, Color::Black);
        assert_eq!(&s.squares[..21], &format!("{}e", "z".repeat(20)));
        let kings = format!("W{}{}", "B", "e".repeat(48) + "W");
        assert_eq!(setup(&kings).unwrap().unwrap().squares, format!("Z{}W", "e".repeat(48)));
        for bad in ["", "W", &format!("X{}", &start[1..]), &format!("W{}", "q".repeat(50))] {
            assert!(setup(bad).is_err(), "{bad}");
        }
        let quiet = move_message("32-28", 3).unwrap();
        assert_eq!((quiet.from, quiet.to, quiet.captured.len(), quiet.seconds), (32, 28, 0, 3));
        assert_eq!(hub_move(&quiet), "32-28");
        let capture = move_message("28x19x23", 0).unwrap();
        assert_eq!((capture.from, capture.to, capture.captured.clone()), (28, 19, vec![23]));
        assert_eq!(hub_move(&capture), "28x19x23");
        for bad in ["", "32", "32-", "0-5", "32x28", "51-46", "4x15x9x", "a-b"] {
            assert!(move_message(bad, 0).is_err(), "{bad}");
        }
    }
}
