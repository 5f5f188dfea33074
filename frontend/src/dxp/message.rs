//! The DamExchange (DXP) messages as typed values, and their text on the wire.
//!
//! Every message is a string of 1 to 127 ASCII characters (values 1-127) whose first character
//! names its type; on a TCP connection each is followed by a NUL byte ([`super::link`] frames
//! them). The fields have fixed widths, numbers written with leading zeroes:
//!
//! | type | layout (widths in characters) |
//! |---|---|
//! | `R` game request (initiator only) | `R`, version `01` (2), initiator name (32, blank padded), follower colour `W`/`Z` (1), thinking time in minutes (3), number of moves (3), start `A` (the normal start) or `B` followed by the colour to move `W`/`Z` (1) and the position (50) |
//! | `A` game accept (follower only) | `A`, follower name (32), acceptance code (1): `0` accepted, `1` wrong protocol version, `2` not this game but another, `3` no game at all |
//! | `M` move | `M`, seconds used (4), from square (2), to square (2), number captured (2), each captured square (2 each) |
//! | `E` game end | `E`, reason (1): `0` none given, `1` I lose, `2` draw, `3` I win; stop code (1): `0` another game is welcome, `1` no more games |
//! | `C` chat | `C`, free text (0-126) |
//! | `B` backup request | `B`, move number `001`-`999` (3), colour to move at that move `W`/`Z` (1) |
//! | `K` backup answer | `K`, code (1): `0` accepted, `1` take-backs not supported, `2` refused: play on |
//!
//! The position field lists squares 1-50 with `e` empty, `w`/`z` White's and Black's men, `W`/`Z`
//! their kings (Dutch `zwart`: black). Reading is [`super::parse`].

use dama_engine::color::Color;

/// The longest message, in characters (without its NUL).
pub const MAX_LEN: usize = 127;
/// The width of a program's name in `R` and `A`.
pub const NAME_WIDTH: usize = 32;
/// The protocol version this implementation speaks (`01`).
pub const VERSION: u8 = 1;
/// The widest time, move count and number fields.
pub const MAX_MINUTES: u16 = 999;
/// The most moves a game request can name.
pub const MAX_MOVES: u16 = 999;
/// The most seconds a move message can carry.
pub const MAX_SECONDS: u16 = 9999;

/// A start position as a game request carries it: the side to move and one character per square
/// 1-50 (`e`, `w`, `z`, `W`, `Z`), checked for those characters only; the rules check the rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The side to move first.
    pub to_move: Color,
    /// Squares 1-50.
    pub squares: String,
}

/// `R`: the initiator proposes a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRequest {
    /// The initiator's name (trailing blanks removed).
    pub name: String,
    /// The colour the follower is asked to play.
    pub follower_color: Color,
    /// Thinking time of each side for the whole game, in minutes (0: none given).
    pub minutes: u16,
    /// Moves of the whole game (0: no limit).
    pub moves: u16,
    /// The start position; `None` for the normal start (White to move).
    pub setup: Option<Setup>,
}

/// The acceptance code of an `A` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcceptCode {
    /// `0`: the game starts.
    Accepted,
    /// `1`: the request's protocol version is not the follower's.
    WrongVersion,
    /// `2`: not this game (its time, its position...), but another would be welcome.
    NotThisGame,
    /// `3`: no game at all.
    NoGames,
}

impl AcceptCode {
    /// The code's character in an `A` message.
    pub fn digit(self) -> char {
        match self {
            AcceptCode::Accepted => '0',
            AcceptCode::WrongVersion => '1',
            AcceptCode::NotThisGame => '2',
            AcceptCode::NoGames => '3',
        }
    }
}

/// `A`: the follower's answer to a game request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAccept {
    /// The follower's name (trailing blanks removed).
    pub name: String,
    /// Whether and why not.
    pub code: AcceptCode,
}

/// `M`: a move, by its start, end and captured squares (1-50).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMessage {
    /// Seconds the mover used (informational in version 01).
    pub seconds: u16,
    /// The start square.
    pub from: u8,
    /// The end square.
    pub to: u8,
    /// The captured squares, in the order sent (the order carries no meaning).
    pub captured: Vec<u8>,
}

/// The reason of an `E` message (informational: the receiver ends the game whatever it says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `0`: no reason given (always allowed; the answer to a game end always says this).
    Unknown,
    /// `1`: the sender gives up (has lost).
    SenderLoses,
    /// `2`: a draw.
    Draw,
    /// `3`: the sender has won.
    SenderWins,
}

/// `E`: ends the game (sent instead of a move), or answers a game end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Why.
    pub reason: EndReason,
    /// `true` (stop code `1`): the sender wants no further game.
    pub stop: bool,
}

/// `B`: go back to the position of a move number with a side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackRequest {
    /// The move number, 1 for the game's first move.
    pub move_number: u16,
    /// The side to move in the position asked for.
    pub to_move: Color,
}

/// The code of a `K` message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackCode {
    /// `0`: done; the side to move in that position moves next.
    Accepted,
    /// `1`: the program cannot take moves back.
    NotSupported,
    /// `2`: refused; the game goes on as it was.
    Refused,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `R`.
    GameRequest(GameRequest),
    /// `A`.
    GameAccept(GameAccept),
    /// `M`.
    Move(MoveMessage),
    /// `E`.
    GameEnd(GameEnd),
    /// `C`.
    Chat(String),
    /// `B`.
    BackRequest(BackRequest),
    /// `K`.
    BackAccept(BackCode),
}

/// `W` for White, `Z` for Black.
pub fn color_letter(color: Color) -> char {
    match color {
        Color::White => 'W',
        Color::Black => 'Z',
    }
}

/// Free text made fit for a message: printable ASCII only (anything else becomes `?`), at most
/// `width` characters.
pub fn ascii_text(text: &str, width: usize) -> String {
    text.chars()
        .map(|c| if c == ' ' || c.is_ascii_graphic() { c } else { '?' })
        .take(width)
        .collect()
}

/// A program's name in its fixed field: no leading blank, cut or padded to 32 characters.
fn name_field(name: &str) -> String {
    let name = ascii_text(name.trim_start(), NAME_WIDTH);
    format!("{name:<NAME_WIDTH$}")
}

impl Message {
    /// The message's text, without the NUL that ends it on the wire. Numbers beyond a field's
    /// width are clamped to the largest it holds; names and chat text are cut to their fields.
    pub fn text(&self) -> String {
        match self {
            Message::GameRequest(r) => {
                let mut text = format!(
                    "R{VERSION:02}{}{}{:03}{:03}",
                    name_field(&r.name),
                    color_letter(r.follower_color),
                    r.minutes.min(MAX_MINUTES),
                    r.moves.min(MAX_MOVES),
                );
                match &r.setup {
                    None => text.push('A'),
                    Some(setup) => {
                        text.push('B');
                        text.push(color_letter(setup.to_move));
                        text.push_str(&setup.squares);
                    }
                }
                text
            }
            Message::GameAccept(a) => format!("A{}{}", name_field(&a.name), a.code.digit()),
            Message::Move(m) => {
                let mut text = format!(
                    "M{:04}{:02}{:02}{:02}",
                    m.seconds.min(MAX_SECONDS),
                    m.from,
                    m.to,
                    m.captured.len()
                );
                for square in &m.captured {
                    text.push_str(&format!("{square:02}"));
                }
                text
            }
            Message::GameEnd(e) => {
                let reason = match e.reason {
                    EndReason::Unknown => '0',
                    EndReason::SenderLoses => '1',
                    EndReason::Draw => '2',
                    EndReason::SenderWins => '3',
                };
                format!("E{reason}{}", if e.stop { '1' } else { '0' })
            }
            Message::Chat(text) => format!("C{}", ascii_text(text, MAX_LEN - 1)),
            Message::BackRequest(b) => {
                format!("B{:03}{}", b.move_number.clamp(1, 999), color_letter(b.to_move))
            }
            Message::BackAccept(code) => {
                let code = match code {
                    BackCode::Accepted => '0',
                    BackCode::NotSupported => '1',
                    BackCode::Refused => '2',
                };
                format!("K{code}")
            }
        }
    }

    /// The message's name in the protocol description (`GAMEREQ`, `MOVE`...), for messages to
    /// the user.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::GameRequest(_) => "GAMEREQ",
            Message::GameAccept(_) => "GAMEACC",
            Message::Move(_) => "MOVE",
            Message::GameEnd(_) => "GAMEEND",
            Message::Chat(_) => "CHAT",
            Message::BackRequest(_) => "BACKREQ",
            Message::BackAccept(_) => "BACKACC",
        }
    }
}
