//! `dama book build | show | stats` and the book lines of `dama analyze`, run as a user would.

mod isolated;
use std::path::PathBuf;
use std::process::Output;

fn dama(args: &[&str]) -> Output {
    let output = isolated::dama().args(args).output().expect("run dama");
    assert!(
        output.status.success(),
        "dama {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(dama(args).stdout).expect("UTF-8 output")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn show_lists_the_book_moves_of_a_position() {
    let text = stdout(&["book", "show", "--moves", "23-19"]);
    assert!(text.contains("FEN B:"), "{text}");
    assert!(text.lines().filter(|l| l.starts_with("book ")).count() >= 2, "{text}");
    let text = stdout(&["book", "show", "--fen", "W:W32:B1"]);
    assert!(text.contains("not in the book"), "{text}");
}

#[test]
fn build_writes_a_book_and_resumes_from_it() {
    let dir = scratch("build");
    let ballots = dir.join("ballots.tsv");
    std::fs::write(&ballots, "acf_no\tenglish\titalian\n1\t9-13 21-17 5-9\t21-17 9-13 25-21\n")
        .unwrap();
    let out = dir.join("small.book");
    let (out_text, ballots_text) = (out.to_str().unwrap(), ballots.to_str().unwrap());
    let build = |positions: &str| {
        stdout(&[
            "book",
            "build",
            "--out",
            out_text,
            "--depth",
            "3",
            "--positions",
            positions,
            "--seed-plies",
            "1",
            "--ballots",
            ballots_text,
            "--threads",
            "2",
            "--batch",
            "4",
        ])
    };
    let first = build("20");
    assert!(first.contains("positions 20 "), "{first}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("# Built by: dama book build --depth 3 --positions 20"));
    assert!(written.contains("\nstart | "), "{written}");
    let second = build("30");
    assert!(second.contains("positions 30 "), "{second}");
    let stats = stdout(&["book", "stats", "--book", out_text, "--ballots", ballots_text]);
    assert!(stats.contains("ballots 1 in book 1 both colours 1"), "{stats}");
    let show = stdout(&["book", "show", "--book", out_text, "--moves", "21-17 9-13 25-21"]);
    assert!(show.contains("book "), "{show}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_broken_book_is_rejected_with_its_line_number() {
    let dir = scratch("broken");
    let path = dir.join("broken.book");
    std::fs::write(&path, "start | 22-18 +1 1\n22-18 | 18-14 +0 1\n").unwrap();
    let output =
        isolated::dama().args(["book", "show", "--book", path.to_str().unwrap()]).output().unwrap();
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("line 2") && message.contains("18-14"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn analyze_shows_book_moves_unless_told_not_to() {
    let with = stdout(&["analyze", "--depth", "2"]);
    assert!(with.lines().any(|l| l.starts_with("book ")), "{with}");
    assert!(with.contains("bestmove"), "{with}");
    let without = stdout(&["analyze", "--depth", "2", "--no-book"]);
    assert!(!without.lines().any(|l| l.starts_with("book ")), "{without}");
}

/// Runs `dama ARGS`, which must fail; returns its stderr.
fn failure(args: &[&str]) -> String {
    let output = isolated::dama().args(args).output().expect("run dama");
    assert!(!output.status.success(), "dama {args:?} should fail");
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn an_international_build_is_the_same_on_one_thread_and_two_at_a_fixed_depth() {
    let dir = scratch("international");
    let build = |name: &str, threads: &str| {
        let out = dir.join(name);
        let report = stdout(&[
            "book",
            "build",
            "--variant",
            "international",
            "--out",
            out.to_str().unwrap(),
            "--depth",
            "2",
            "--positions",
            "110",
            "--threads",
            threads,
            "--batch",
            "8",
        ]);
        (out, report)
    };
    let (two, report) = build("two.book", "2");
    assert!(report.contains("positions 110 "), "{report}");
    assert!(report.contains("openings 81 in book 81 "), "every first move and reply: {report}");
    let (one, _) = build("one.book", "1");
    let text = std::fs::read_to_string(&two).unwrap();
    assert_eq!(text, std::fs::read_to_string(&one).unwrap(), "the same book on 1 and 2 threads");
    assert!(text.contains("# Built by: dama book build --variant international --depth 2"));
    assert!(text.contains("\nstart | ") && text.contains("\n32-28 19-23 | "), "{text}");
    let book = two.to_str().unwrap();
    let show =
        stdout(&["book", "show", "--variant", "international", "--book", book, "--moves", "32-28"]);
    assert!(show.lines().any(|l| l.starts_with("FEN B:") && l.contains("28")), "{show}");
    assert!(show.lines().filter(|l| l.starts_with("book 19-23 ")).count() == 1, "{show}");
    let stats = stdout(&["book", "stats", "--variant", "international", "--book", book]);
    assert!(stats.contains("positions 110 "), "{stats}");
    // The Italian reading of an International book stops at its first International move.
    let italian = failure(&["book", "show", "--book", book]);
    assert!(italian.contains("line "), "{italian}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn italian_ballots_for_another_game_and_a_bad_fen_are_refused_clearly() {
    let ballots = failure(&[
        "book",
        "build",
        "--variant",
        "international",
        "--ballots",
        "x.tsv",
        "--out",
        "never.book",
    ]);
    assert!(ballots.contains("--ballots is a file of Italian ballots"), "{ballots}");
    assert!(ballots.contains("81 openings"), "{ballots}");
    let fen = failure(&["book", "show", "--variant", "international", "--fen", "W:W51:B1"]);
    assert!(fen.contains("bad FEN 'W:W51:B1'"), "{fen}");
}

#[test]
fn the_embedded_english_book_answers_the_start_and_covers_every_ballot() {
    let start = stdout(&["book", "show", "--variant", "english"]);
    // Black moves first in English draughts: its seven first moves are all in the book.
    let moves: Vec<&str> = start.lines().filter(|l| l.trim_start().starts_with("book ")).collect();
    assert_eq!(moves.len(), 7, "{start}");
    for first in ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"] {
        assert!(moves.iter().any(|l| l.contains(&format!("book {first} "))), "{first}: {start}");
    }
    let stats = stdout(&["book", "stats", "--variant", "english"]);
    assert!(stats.contains("ballots 156 in book 156 "), "{stats}");
}
