//! Reading and writing every DXP message: round trips, the fixed widths, and refusals with
//! reasons.

use super::*;
use crate::dxp::message::ascii_text;

fn round_trip(message: Message) -> String {
    let text = message.text();
    assert!(text.len() <= MAX_LEN, "{text}");
    assert_eq!(parse_message(text.as_bytes()), Ok(message), "{text}");
    text
}

fn refused(text: &str) -> ParseError {
    parse_message(text.as_bytes()).expect_err(text)
}

fn start_squares() -> String {
    format!("{}{}{}", "z".repeat(20), "e".repeat(10), "w".repeat(20))
}

#[test]
fn game_requests_round_trip_at_their_widths() {
    let normal = GameRequest {
        name: "Dama 0.1.0".into(),
        follower_color: Color::Black,
        minutes: 5,
        moves: 75,
        setup: None,
    };
    let text = round_trip(Message::GameRequest(normal.clone()));
    assert_eq!(text, format!("R01{:<32}Z005075A", "Dama 0.1.0"));
    assert_eq!(text.len(), 43);
    let setup = Setup { to_move: Color::Black, squares: start_squares() };
    let with_position = GameRequest { setup: Some(setup), follower_color: Color::White, ..normal };
    let text = round_trip(Message::GameRequest(with_position));
    assert_eq!(text.len(), 94);
    assert_eq!(&text[35..44], "W005075BZ");
    assert_eq!(&text[44..], start_squares());
}

#[test]
fn the_request_pydraughts_sends_reads() {
    // pydraughts 0.6.7 (DamExchange.msg_gamereq): its name padded to 32, the follower's colour,
    // minutes and moves in 3 digits, and always 'B' with the position.
    let text = format!("R01{:<32}W000000BW{}", "DXP Client", start_squares());
    let Ok(Message::GameRequest(request)) = parse_message(text.as_bytes()) else {
        panic!("{text}");
    };
    assert_eq!(request.name, "DXP Client");
    assert_eq!(request.follower_color, Color::White);
    assert_eq!((request.minutes, request.moves), (0, 0));
    assert_eq!(request.setup.unwrap().to_move, Color::White);
}

#[test]
fn a_request_with_a_at_the_start_may_carry_more() {
    let text = format!("R01{:<32}Z010000AW{}", "Other", start_squares());
    let Ok(Message::GameRequest(request)) = parse_message(text.as_bytes()) else { panic!() };
    assert_eq!(request.setup, None);
}

#[test]
fn accepts_round_trip_with_every_code() {
    for code in [
        AcceptCode::Accepted,
        AcceptCode::WrongVersion,
        AcceptCode::NotThisGame,
        AcceptCode::NoGames,
    ] {
        let text = round_trip(Message::GameAccept(GameAccept { name: "Dama".into(), code }));
        assert_eq!(text.len(), 34);
    }
    // Names are cut to their field, and never start with a blank.
    let long = Message::GameAccept(GameAccept {
        name: format!("  {}", "x".repeat(40)),
        code: AcceptCode::Accepted,
    });
    assert_eq!(long.text(), format!("A{}0", "x".repeat(32)));
}

#[test]
fn moves_round_trip() {
    let step = MoveMessage { seconds: 12, from: 32, to: 28, captured: vec![] };
    assert_eq!(round_trip(Message::Move(step)), "M0012322800");
    let capture = MoveMessage { seconds: 0, from: 5, to: 5, captured: vec![10, 29, 48, 14] };
    assert_eq!(round_trip(Message::Move(capture)), "M000005050410294814");
    let slow = MoveMessage { seconds: 20_000, from: 1, to: 7, captured: vec![] };
    assert_eq!(Message::Move(slow).text(), "M9999010700", "clamped to the field");
}

#[test]
fn game_ends_backups_and_chats_round_trip() {
    for (reason, digit) in [
        (EndReason::Unknown, '0'),
        (EndReason::SenderLoses, '1'),
        (EndReason::Draw, '2'),
        (EndReason::SenderWins, '3'),
    ] {
        for stop in [false, true] {
            let text = round_trip(Message::GameEnd(GameEnd { reason, stop }));
            assert_eq!(text, format!("E{digit}{}", u8::from(stop)));
        }
    }
    let back = BackRequest { move_number: 7, to_move: Color::Black };
    assert_eq!(round_trip(Message::BackRequest(back)), "B007Z");
    for (code, text) in
        [(BackCode::Accepted, "K0"), (BackCode::NotSupported, "K1"), (BackCode::Refused, "K2")]
    {
        assert_eq!(round_trip(Message::BackAccept(code)), text);
    }
    assert_eq!(round_trip(Message::Chat("What about 32-28?".into())), "CWhat about 32-28?");
    assert_eq!(round_trip(Message::Chat(String::new())), "C");
    // Chat text is cut to the longest message and kept to printable ASCII.
    let long = Message::Chat(format!("é\n{}", "y".repeat(200))).text();
    assert_eq!(long.len(), MAX_LEN);
    assert!(long.starts_with("C??y"));
    assert_eq!(ascii_text("a\tb", 10), "a?b");
}

#[test]
fn truncated_messages_are_refused_with_the_field_named() {
    let full = format!("R01{:<32}Z005075A", "Dama");
    for cut in 1..full.len() {
        let error = refused(&full[..cut]);
        assert_eq!(error.kind, ErrorKind::Malformed, "{}", &full[..cut]);
    }
    assert!(refused("M00123228").reason.contains("the number captured"));
    assert!(refused("M0012322802101").reason.contains("captured square 2"));
    assert!(refused("E0").reason.contains("the stop code"));
    assert!(refused("B01").reason.contains("the move number"));
    assert!(refused("K").reason.contains("acceptance code"));
    assert!(refused(&format!("R01{:<32}Z005075BW{}", "x", "e".repeat(49)))
        .reason
        .contains("the position"));
}

#[test]
fn garbled_messages_are_refused_with_a_reason() {
    for (text, words) in [
        ("M00a2322800", "the time must be 4 digits"),
        ("M0012512800", "square 01-50"),
        ("M0012002800", "square 01-50"),
        ("M001232282101", "captured pieces"),
        ("M00123228021919", "captured twice"),
        ("M001232280010", "too long"),
        ("E40", "the reason must be one of 0 1 2 3"),
        ("E02", "the stop code must be one of 0 1"),
        ("E001", "too long"),
        ("B000W", "001-999"),
        ("B001X", "must be W or Z"),
        ("K3", "one of 0 1 2"),
        ("", "empty"),
    ] {
        let error = refused(text);
        assert_eq!(error.kind, ErrorKind::Malformed, "{text}");
        assert!(error.reason.contains(words), "{text}: {}", error.reason);
    }
    let bad_color = format!("R01{:<32}X005075A", "x");
    assert!(refused(&bad_color).reason.contains("the follower's colour must be W or Z"));
    let bad_start = format!("R01{:<32}W005075C", "x");
    assert!(refused(&bad_start).reason.contains("must be A or B"));
    let bad_piece = format!("R01{:<32}W005075BW{}b", "x", "e".repeat(49));
    assert!(refused(&bad_piece).reason.contains("only e w z W Z"));
    assert!(refused(&"C".repeat(128)).reason.contains("at most 127"));
    assert!(refused("M\u{e9}").reason.contains("ASCII"));
    assert!(refused("C\u{0}x").reason.contains("0x00"));
}

#[test]
fn other_versions_and_unknown_types_are_told_apart() {
    let other = format!("R02{:<32}Z005075A", "Future");
    assert_eq!(refused(&other).kind, ErrorKind::WrongVersion);
    let error = refused("Xsomething");
    assert_eq!((error.kind, error.header), (ErrorKind::UnknownType, Some('X')));
    assert_eq!(refused("\u{7f}").kind, ErrorKind::UnknownType);
}
