//! `dama hub` while it searches: `stop`, `ping` and `ponder-hit` act within milliseconds, the
//! level resets, `quit` and the end of input end the engine. Latencies are printed (run with
//! `--nocapture`) and checked against generous bounds, so a loaded CI machine does not fail them.

mod hub_support;
mod isolated;

use hub_support::{position_after, Engine, START};
use std::time::{Duration, Instant};

/// The most any answer that should be immediate may take, even on a busy machine.
const PROMPT: Duration = Duration::from_millis(500);

/// An engine without its opening book, so that every `go` searches.
fn engine_ready() -> Engine {
    let mut engine = Engine::start(&["--no-book"]);
    engine.send("init");
    engine.expect("ready");
    engine
}

/// Sends `line` and returns how long until a line satisfying `is_answer` came (skipping `info`).
fn answer_time(engine: &mut Engine, line: &str, is_answer: impl Fn(&str) -> bool) -> Duration {
    let sent = Instant::now();
    engine.send(line);
    loop {
        let answer = engine.next();
        if is_answer(&answer) {
            return sent.elapsed();
        }
        assert!(answer.starts_with("info "), "unexpected: {answer}");
    }
}

#[test]
fn stop_ends_an_infinite_analysis_at_once_with_done() {
    let start = position_after(START, "");
    let mut engine = engine_ready();
    engine.send("pos start");
    engine.send("go analyze");
    engine.expect_silence(Duration::from_millis(400));
    let sent = Instant::now();
    engine.send("stop");
    engine.expect_search(&start);
    let latency = sent.elapsed();
    println!("stop to done: {latency:?}");
    assert!(latency < PROMPT, "{latency:?}");
    engine.send("ping");
    engine.expect("pong");
    assert!(engine.finish().is_empty());
}

#[test]
fn ping_is_answered_during_a_search_and_the_search_goes_on() {
    let mut engine = engine_ready();
    engine.send("pos start");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    for _ in 0..3 {
        let latency = answer_time(&mut engine, "ping", |l| l == "pong");
        println!("ping to pong during a search: {latency:?}");
        assert!(latency < PROMPT, "{latency:?}");
    }
    engine.expect_silence(Duration::from_millis(200));
    engine.send("stop");
    engine.expect_search(&position_after(START, ""));
    assert!(engine.finish().is_empty());
}

#[test]
fn pondering_waits_for_ponder_hit_then_keeps_to_the_level() {
    let position = position_after(START, "22-18 11-15");
    let mut engine = engine_ready();
    engine.send("pos start moves=\"22-18 11-15\"");
    engine.send("level move-time=0.2");
    engine.send("go ponder");
    engine.expect_silence(Duration::from_millis(600));
    let sent = Instant::now();
    engine.send("ponder-hit");
    engine.expect_search(&position);
    let latency = sent.elapsed();
    println!("ponder-hit to done with move-time=0.2: {latency:?}");
    assert!(latency < Duration::from_millis(200) + PROMPT, "{latency:?}");
    assert!(engine.finish().is_empty());
}

#[test]
fn stop_ends_pondering_with_done() {
    let mut engine = engine_ready();
    engine.send("pos start moves=\"23-19\"");
    engine.send("level time=10 inc=1");
    engine.send("go ponder");
    engine.expect_silence(Duration::from_millis(300));
    let sent = Instant::now();
    engine.send("stop");
    engine.expect_search(&position_after(START, "23-19"));
    assert!(sent.elapsed() < PROMPT, "{:?}", sent.elapsed());
    assert!(engine.finish().is_empty());
}

#[test]
fn the_level_resets_after_pos_and_after_every_search() {
    let start = position_after(START, "");
    let mut engine = engine_ready();
    // After `pos`: no level, so `go think` runs until stopped.
    engine.send("level depth=2");
    engine.send("pos start");
    engine.send("go think");
    engine.expect_silence(Duration::from_millis(400));
    engine.send("stop");
    engine.expect_search(&start);
    // After a search: the next `go` has no level either.
    engine.send("level depth=2");
    engine.send("go think");
    engine.expect_search(&start);
    engine.send("go think");
    engine.expect_silence(Duration::from_millis(400));
    engine.send("stop");
    engine.expect_search(&start);
    assert!(engine.finish().is_empty());
}

#[test]
fn a_stop_after_a_queued_go_stops_that_search() {
    let mut engine = engine_ready();
    engine.send("pos start");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(100));
    // Sent during the analysis: the pos and go are held, in order, until its done; the ping is
    // answered at once, the unknown command ignored.
    engine.send("pos start moves=\"22-18 11-14\"");
    engine.send("go think");
    engine.send("ping");
    engine.expect_after_infos("pong");
    engine.send("quit-not-a-command");
    engine.expect_silence(Duration::from_millis(300));
    // The stop ends the analysis and the held go, which starts and stops at once.
    engine.send("stop");
    engine.expect_search(&position_after(START, ""));
    let (_, done) = engine.expect_search(&position_after(START, "22-18 11-14"));
    assert_eq!(done, "done move=18x11x14");
    assert!(engine.finish().is_empty());
}

#[test]
fn quit_exits_at_once_even_during_a_search() {
    let mut engine = engine_ready();
    engine.send("pos start");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    engine.send("quit");
    let rest = engine.wait_for_exit();
    println!("quit to exit: {:?}", sent.elapsed());
    assert!(sent.elapsed() < PROMPT * 2);
    assert!(rest.iter().all(|l| l.starts_with("info ")), "{rest:#?}");
}

#[test]
fn the_end_of_input_stops_analysis() {
    let start = position_after(START, "");
    let mut engine = engine_ready();
    engine.send("pos start");
    engine.send("go analyze");
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    let rest = engine.finish();
    assert!(sent.elapsed() < PROMPT * 2, "{:?}", sent.elapsed());
    let done = rest.last().unwrap();
    hub_support::check_done(done, &start).unwrap_or_else(|e| panic!("{e}: {done}"));
}

#[test]
fn the_move_overhead_param_sets_where_a_fixed_move_time_ends() {
    // move-time=2: the default keeps 30 ms back (done at 1.97 s or later); move-overhead=150
    // keeps 150 ms (done from 1.85 s, well before 1.97 s); move-overhead=0 the whole 2 s.
    let position = position_after(START, "22-18 11-15");
    let mut engine = engine_ready();
    for (overhead, earliest, latest) in [(150, 1_850, 1_950), (0, 2_000, 2_000 + 500)] {
        engine.send(&format!("set-param name=move-overhead value={overhead}"));
        engine.send("pos start moves=\"22-18 11-15\"");
        engine.send("level move-time=2");
        let sent = Instant::now();
        engine.send("go think");
        engine.expect_search(&position);
        let used = sent.elapsed();
        println!("move-time=2 with move-overhead={overhead}: {used:?}");
        assert!(used >= Duration::from_millis(earliest), "{overhead}: {used:?}");
        assert!(used < Duration::from_millis(latest), "{overhead}: {used:?}");
    }
    assert!(engine.finish().is_empty());
}
