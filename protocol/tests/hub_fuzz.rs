//! Fuzzing the Hub session: sequences of lines mixing valid commands, mutated ones and garbage
//! are sent to a real `dama hub`, which must never panic or write to stderr, must answer every
//! `go` with exactly one `done` (legal in the position of that `go`) or an `error`, must answer
//! `ping` within [`PING_BOUND`] whatever else is going on, and must exit cleanly at the end of
//! its input.
//!
//! To know which position each `go` searches, the harness follows the session with the Hub's
//! own reader and command parser (`dama::hub`): the check is of the session and the search (no
//! stale position, no illegal move, no lost or doubled answer), not of the parser, which
//! `parser_fuzz.rs` checks on its own.
//!
//! The default run sends about 25 000 lines. `DAMA_FUZZ_CASES=N` sets the number of sequences
//! (each of about 400 lines); the ignored test `hub_fuzz_long` runs 2 500 of them (a million
//! lines): `cargo test --release -p dama --test hub_fuzz -- --ignored`.

mod hub_support;
mod isolated;

use dama::hub::command::{parse_command, Command};
use dama::hub::params::Setting;
use dama::hub::reader::{read_line, InputLine};
use dama_engine::board8::hubpos::to_hub_position;
use dama_engine::board8::position::Position;
use dama_engine::italian::notation::hub_notation;
use dama_engine::italian::Italian;
use hub_support::{check_done, Engine};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The longest wait for `pong` accepted, on a busy two-core machine.
const PING_BOUND: Duration = Duration::from_secs(2);

/// Lines sent between two checked pings.
const CHUNK: usize = 40;

/// A random legal line of up to `plies` moves from the start, in Hub notation.
fn random_game(seed: u64, plies: usize) -> (Position, Vec<String>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::start();
    let mut moves = Vec::new();
    for _ in 0..rng.gen_range(0..=plies) {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.gen_range(0..legal.len())];
        moves.push(hub_notation(&mv));
        position = position.play(&mv);
    }
    (position, moves)
}

/// A well-formed command line.
fn valid_line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (any::<u64>(), 0usize..60).prop_map(|(seed, plies)| {
            let (_, moves) = random_game(seed, plies);
            format!("pos start moves=\"{}\"", moves.join(" "))
        }),
        2 => (any::<u64>(), 0usize..80).prop_map(|(seed, plies)| {
            let (position, _) = random_game(seed, plies);
            format!("pos pos={}", to_hub_position(&position))
        }),
        1 => Just("pos start".to_string()),
        3 => (1u32..=4).prop_map(|d| format!("level depth={d}")),
        2 => (1u64..=3000).prop_map(|n| format!("level nodes={n}")),
        2 => (1u32..=20).prop_map(|ms| format!("level move-time={}", f64::from(ms) / 1000.0)),
        1 => (1u32..=500, 0u32..=20, prop::option::of(1u32..=40)).prop_map(|(t, inc, moves)| {
            let mut line = format!("level time={} inc={}", f64::from(t) / 100.0, f64::from(inc) / 1000.0);
            if let Some(m) = moves {
                line.push_str(&format!(" moves={m}"));
            }
            line
        }),
        1 => Just("level infinite".to_string()),
        6 => prop::sample::select(vec!["go think", "go think", "go ponder", "go analyze"])
            .prop_map(str::to_string),
        3 => Just("stop".to_string()),
        2 => Just("ping".to_string()),
        1 => Just("ponder-hit".to_string()),
        1 => Just("new-game".to_string()),
        1 => Just("init".to_string()),
        1 => Just("hub".to_string()),
        1 => prop::sample::select(vec![
            "set-param name=threads value=2",
            "set-param name=threads value=1",
            "set-param name=tt-size value=8",
            "set-param name=tt-size value=1",
            "set-param name=book value=false",
            "set-param name=book value=true",
            "set-param name=positional-eval value=false",
            "future-command x=1",
        ])
        .prop_map(str::to_string),
    ]
}

/// A byte-level change to a line.
#[derive(Clone, Debug)]
enum Mutation {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    Truncate(usize),
    Repeat(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let byte = prop_oneof![
        3 => prop::sample::select(b"\"= \t\r\\x0-.:KWBebw".to_vec()),
        1 => any::<u8>(),
    ];
    prop_oneof![
        (any::<usize>(), byte.clone()).prop_map(|(i, b)| Mutation::Insert(i, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), byte).prop_map(|(i, b)| Mutation::Replace(i, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1usize..20).prop_map(|(i, n)| Mutation::Repeat(i, n)),
    ]
}

fn mutate(mut line: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let n = line.len();
        match *m {
            Mutation::Insert(i, b) => line.insert(i % (n + 1), b),
            Mutation::Delete(i) if n > 0 => {
                line.remove(i % n);
            }
            Mutation::Replace(i, b) if n > 0 => line[i % n] = b,
            Mutation::Truncate(i) => line.truncate(i % (n + 1)),
            Mutation::Repeat(i, count) if n > 0 => {
                let start = i % n;
                let piece = line[start..].to_vec();
                for _ in 0..count {
                    line.extend_from_slice(&piece);
                }
            }
            _ => {}
        }
    }
    line.retain(|&b| b != b'\n');
    line
}

/// One input line: valid, mutated or garbage (never a newline inside).
fn input_line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        12 => valid_line().prop_map(String::into_bytes),
        5 => (valid_line(), prop::collection::vec(mutation(), 1..4))
            .prop_map(|(line, ms)| mutate(line.into_bytes(), &ms)),
        2 => prop::collection::vec(any::<u8>(), 0..120).prop_map(|mut bytes| {
            bytes.retain(|&b| b != b'\n');
            bytes
        }),
        1 => (70_000usize..70_100).prop_map(|n| vec![b'x'; n]),
    ]
}

/// What the harness expects, following the session line by line.
#[derive(Default)]
struct Expected {
    /// The position of each `go` that must answer `done`, in order.
    searches: Vec<Position>,
    /// `go` lines that must answer `error` (malformed, or no legal move).
    go_errors: usize,
    /// `ping` lines among the generated ones.
    pings: usize,
}

/// Follows the session through `lines`, dropping a line that would quit (the harness ends the
/// session itself); returns the lines to send and what they must produce.
fn follow(lines: Vec<Vec<u8>>) -> (Vec<Vec<u8>>, Expected) {
    let mut position = Position::start();
    let mut expected = Expected::default();
    let mut kept = Vec::new();
    for line in lines {
        let mut bytes = std::io::Cursor::new([line.as_slice(), b"\n"].concat());
        let read = read_line(&mut bytes, &mut Vec::new()).unwrap().unwrap();
        let InputLine::Text(text) = read else {
            kept.push(line);
            continue;
        };
        match parse_command(&text, dama_engine::variant::Variant::Italian) {
            Ok(Some(Command::Quit)) => continue,
            // The model follows Italian games: a line changing the variant is left out.
            Ok(Some(Command::SetParam(Setting::Variant(_)))) => continue,
            Ok(Some(Command::Pos(game))) => match game.game::<Italian>() {
                Some(game) => position = game.position,
                None => unreachable!("read as Italian"),
            },
            Ok(Some(Command::Go(_))) if position.legal_moves().is_empty() => {
                expected.go_errors += 1
            }
            Ok(Some(Command::Go(_))) => expected.searches.push(position),
            Ok(Some(Command::Ping)) => expected.pings += 1,
            Err(message) if message.starts_with("go: ") => expected.go_errors += 1,
            _ => {}
        }
        kept.push(line);
    }
    (kept, expected)
}

/// Reads output until `pongs` pongs in all have come, within [`PING_BOUND`] of `since`.
fn await_pongs(
    engine: &Engine,
    output: &mut Vec<String>,
    pongs: usize,
    since: Instant,
) -> Result<Duration, TestCaseError> {
    while output.iter().filter(|l| *l == "pong").count() < pongs {
        let left = PING_BOUND.saturating_sub(since.elapsed());
        match engine.next_within(left) {
            Some(line) => output.push(line),
            None => return Err(TestCaseError::fail(format!("no pong within {PING_BOUND:?}"))),
        }
    }
    Ok(since.elapsed())
}

/// Runs one sequence; returns the slowest ping and the numbers of `done` and `go` errors.
fn run_session(lines: Vec<Vec<u8>>) -> Result<(Duration, usize, usize), TestCaseError> {
    let (lines, expected) = follow(lines);
    let mut engine = Engine::start(&["--no-book"]);
    let mut output = Vec::new();
    let mut pings = 0;
    let mut slowest = Duration::ZERO;
    for chunk in lines.chunks(CHUNK) {
        for line in chunk {
            engine.send_bytes(&[line.as_slice(), b"\n"].concat());
        }
        pings += chunk
            .iter()
            .filter(|l| {
                let mut bytes = std::io::Cursor::new([l.as_slice(), b"\n"].concat());
                matches!(
                    read_line(&mut bytes, &mut Vec::new()),
                    Ok(Some(InputLine::Text(t))) if matches!(parse_command(&t, dama_engine::variant::Variant::Italian), Ok(Some(Command::Ping)))
                )
            })
            .count();
        let sent = Instant::now();
        engine.send("ping");
        pings += 1;
        slowest = slowest.max(await_pongs(&engine, &mut output, pings, sent)?);
    }
    prop_assert_eq!(pings, expected.pings + lines.chunks(CHUNK).count());
    // End every search still running or held, and wait for their answers.
    engine.send("stop");
    let deadline = Instant::now() + Duration::from_secs(30);
    while output.iter().filter(|l| l.starts_with("done ")).count() < expected.searches.len() {
        let left = deadline.saturating_duration_since(Instant::now());
        match engine.next_within(left) {
            Some(line) => output.push(line),
            None => return Err(TestCaseError::fail("a go was not answered")),
        }
    }
    output.extend(engine.finish());
    let dones: Vec<&String> = output.iter().filter(|l| l.starts_with("done ")).collect();
    prop_assert_eq!(dones.len(), expected.searches.len(), "one done per go");
    for (done, position) in dones.iter().zip(&expected.searches) {
        check_done(done, position).map_err(|e| {
            TestCaseError::fail(format!("{e}: {done} in {}", to_hub_position(position)))
        })?;
    }
    let go_errors = output.iter().filter(|l| l.starts_with("error message=\"go: ")).count();
    prop_assert_eq!(go_errors, expected.go_errors, "one error per refused go");
    for line in &output {
        prop_assert!(!line.chars().any(char::is_control), "control character in {:?}", line);
    }
    Ok((slowest, dones.len(), go_errors))
}

fn fuzz(cases: u32) {
    let mut runner =
        TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let lines_sent = std::sync::atomic::AtomicUsize::new(0);
    let slowest = std::sync::Mutex::new(Duration::ZERO);
    let answers = std::sync::Mutex::new((0, 0));
    let started = Instant::now();
    let result = runner.run(&prop::collection::vec(input_line(), 300..500), |lines| {
        lines_sent.fetch_add(lines.len(), std::sync::atomic::Ordering::Relaxed);
        let (ping, dones, go_errors) = run_session(lines)?;
        let mut slowest = slowest.lock().unwrap();
        *slowest = (*slowest).max(ping);
        let mut answers = answers.lock().unwrap();
        answers.0 += dones;
        answers.1 += go_errors;
        Ok(())
    });
    let (dones, go_errors) = answers.into_inner().unwrap();
    println!(
        "hub fuzz: {cases} sequences, {} lines, {dones} done, {go_errors} go errors, slowest ping \
         {:?}, {:.1} s",
        lines_sent.into_inner(),
        slowest.into_inner().unwrap(),
        started.elapsed().as_secs_f64()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}

fn cases_from_env(default: u32) -> u32 {
    std::env::var("DAMA_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn hub_fuzz_short() {
    fuzz(cases_from_env(60));
}

#[test]
#[ignore = "a million lines: about an hour"]
fn hub_fuzz_long() {
    fuzz(cases_from_env(2_500));
}
