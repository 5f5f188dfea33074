//! Transcripts of malformed input to `dama hub`: bad position strings, illegal moves, `go` with
//! no legal move, broken syntax and bad arguments, very long lines and bytes that are not UTF-8.
//! Each is answered with one `error message="..."` line, nothing else changes, and the engine
//! still answers `ping` (and exits cleanly, with nothing on stderr).

mod hub_support;
mod isolated;

use hub_support::{check_transcript, hub_string, lines, transcript, Engine, Expect};

#[test]
fn a_bad_pos_is_an_error_and_the_previous_position_stays() {
    let white_man_on_1 = format!("pos pos=Ww{}", "e".repeat(31));
    let input = [
        "pos start moves=\"22-18 11-14\"",
        "pos pos=Wbbb",
        "pos pos=Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx",
        &white_man_on_1,
        "pos start moves=\"22-17\"",
        "pos start moves=\"22-18 22-18\"",
        "pos start moves=\"hello\"",
        "pos start moves=\"22-18 11-14 18x4\"",
        "pos start moves",
        "pos",
        "pos start pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
        "go think",
    ];
    let output = transcript(&input, 1);
    let errors = &output[..output.len() - 1];
    assert_eq!(errors.len(), input.len() - 2, "{output:#?}");
    for (line, expected) in errors.iter().zip([
        "pos: bad position string 'Wbbb': position string must have 33 characters, found 4",
        "pos: bad position string 'Xbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww': side to move must be W or B, found 'X'",
        "pos: bad position string 'Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx': square 32: 'x' is not one of w b W B e",
        "pos: bad position string 'Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeee': illegal setup",
        "pos: moves: move 1 is refused: move '22-17' is not legal here",
        "pos: moves: move 2 is refused: move '22-18' is not legal here",
        "pos: moves: move 1 is refused: malformed move 'hello'",
        "pos: moves: move 3 is refused: move '18x4' is not legal here",
        "pos: moves needs a value (moves=...)",
        "pos: give either pos=<position> or start",
        "pos: give either pos=<position> or start",
    ]) {
        let prefix = format!("error message=\"{expected}");
        assert!(line.starts_with(&prefix), "{line}\ndoes not start with\n{prefix}");
    }
    assert_eq!(output.last().unwrap(), "done move=18x11x14");
}

#[test]
fn go_with_no_legal_move_is_an_error_for_every_mode() {
    let blocked = format!("pos pos={}", hub_string("W:W29:B22,25,26"));
    let error = "error message=\"go: the side to move has no legal move (the game is over)\"";
    check_transcript(
        &[&blocked, "go think", "level depth=3", "go ponder", "go analyze", "ping"],
        &[Expect::Line(error), Expect::Line(error), Expect::Line(error), Expect::Line("pong")],
    );
}

#[test]
fn malformed_lines_are_errors_and_the_engine_still_answers_ping() {
    let cases = [
        ("%$#@!", "not a command: '%$#@!'"),
        ("=", "not a command: '='"),
        ("\"quoted\" line", "not a command: '?quoted? line'"),
        ("go think extra=\"open", "go: the value of extra has no closing quote"),
        ("level depth=\"3\"x", "level: text glued to the closing quote of depth"),
        ("level depth=3\"", "level: stray quote in the value of depth"),
        ("pos st@rt", "pos: 'st@rt' is not an argument name"),
        ("go", "go: give one of think, ponder, analyze"),
        ("go think ponder", "go: give only one of think, ponder, analyze"),
        ("go think=1", "go: think takes no value"),
        ("level", "level: give depth=, nodes=, move-time=, time= or infinite"),
        ("level depth=0", "level: depth must be a positive integer, got '0'"),
        ("level depth=abc", "level: depth must be a positive integer, got 'abc'"),
        ("level depth", "level: depth needs a value (depth=...)"),
        ("level nodes=-1", "level: nodes must be a positive integer, got '-1'"),
        ("level move-time=-1", "level: move-time cannot be negative, got '-1'"),
        ("level move-time=inf", "level: move-time must be a number of seconds, got 'inf'"),
        ("level time=abc", "level: time must be a number of seconds, got 'abc'"),
        ("level time=1e300", "level: time must be a number of seconds, got '1e300'"),
        ("level time=10 inc=-1", "level: inc cannot be negative, got '-1'"),
        ("level moves=0 time=10", "level: moves must be a positive integer, got '0'"),
        ("level inc=1", "level: moves= and inc= need time="),
        ("level moves=40", "level: moves= and inc= need time="),
        ("level depth=3 depth=4", "level: depth is given twice"),
        ("level infinite=yes", "level: infinite takes no value"),
    ];
    let mut input: Vec<&str> = cases.iter().map(|(line, _)| *line).collect();
    input.push("ping");
    let expected: Vec<String> =
        cases.iter().map(|(_, message)| format!("error message=\"{message}\"")).collect();
    let mut expected = lines(&expected);
    expected.push(Expect::Line("pong"));
    check_transcript(&input, &expected);
}

#[test]
fn very_long_lines_are_errors_without_being_stored() {
    let mut engine = Engine::start(&[]);
    engine.send(&"a".repeat(100_000));
    engine.expect("error message=\"line too long: 100000 bytes (the limit is 65536)\"");
    let moves = "22-18 ".repeat(12_000);
    engine.send(&format!("pos start moves=\"{moves}\""));
    engine.expect("error message=\"line too long: 72018 bytes (the limit is 65536)\"");
    engine.send_bytes(&vec![b'x'; 20 << 20]);
    engine.send("");
    engine.expect("error message=\"line too long: 20971520 bytes (the limit is 65536)\"");
    // Just under the limit: read, and an unknown command, so ignored.
    engine.send(&format!("xyzzy {}", "b".repeat(65_530)));
    engine.send("ping");
    engine.expect("pong");
    assert!(engine.finish().is_empty());
}

#[test]
fn bytes_that_are_not_utf8_are_errors() {
    let mut engine = Engine::start(&[]);
    engine.send_bytes(b"ping\xff\n");
    engine.expect("error message=\"line is not UTF-8 (bad byte at offset 4)\"");
    engine.send_bytes(b"\xc3\x28 go think\n");
    engine.expect("error message=\"line is not UTF-8 (bad byte at offset 0)\"");
    engine.send_bytes(b"pos start moves=\"22-18\xa0\"\n");
    engine.expect("error message=\"line is not UTF-8 (bad byte at offset 22)\"");
    engine.send("ping");
    engine.expect("pong");
    assert!(engine.finish().is_empty());
}
