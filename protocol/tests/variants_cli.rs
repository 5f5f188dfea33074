//! `--variant english|international` on `dama moves` and `dama perft`: each game's start, its
//! numbering and rules on a file of positions, the published perft counts, and the errors.

mod isolated;
mod match_support;

use match_support::temp_file;

fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let out = isolated::dama().args(args).output().expect("dama runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn english_moves_from_the_start_and_from_a_file() {
    let (out, err, code) = run(&["moves", "--variant", "english"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
    let file = temp_file("english.fen");
    // A man takes a king (English only), and a free choice between a one- and a two-piece capture.
    std::fs::write(&file, "W:W22:BK18\nW:W7,22,23:B11,18,19\n").unwrap();
    let (out, err, code) =
        run(&["moves", "--variant", "english", "--fen-file", &file.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "W:W22:BK18\t22x15\nW:W7,22,23:B11,18,19\t22x15x8 23x14 23x16\n");
    // The same file under Italian rules: the man may not take the king; majority capture.
    let (out, _, _) = run(&["moves", "--fen-file", &file.display().to_string()]);
    assert_eq!(out, "W:W22:BK18\t22-19\nW:W7,22,23:B11,18,19\t22x15x6\n");
    std::fs::remove_file(file).unwrap();
}

#[test]
fn an_english_loop_capture_is_one_move_and_two_routes_under_paths() {
    // White's king on 26 takes 22, 14, 15 and 23 around a loop, either way round.
    let fen = "W:WK26:B14,15,22,23";
    let (out, err, code) = run(&["moves", "--variant", "english", "--fen", fen]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "26x17x10x19x26\n");
    let (out, err, code) =
        run(&["perft", "--variant", "english", "--fen", fen, "--depth", "1", "--divide"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("depth 1 nodes 1 "), "{out}");
    assert!(out.ends_with("\n26x17x10x19x26 1\n"), "{out}");
    let (out, err, code) = run(&[
        "perft",
        "--variant",
        "english",
        "--fen",
        fen,
        "--depth",
        "1",
        "--divide",
        "--paths",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("depth 1 nodes 2 "), "{out}");
    assert!(out.ends_with("\n26x17x10x19x26 1\n26x19x10x17x26 1\n"), "{out}");
    // Either route's path names the move.
    let (out, err, code) = run(&[
        "analyze",
        "--variant",
        "english",
        "--fen",
        fen,
        "--moves",
        "26x19x10x17x26",
        "--depth",
        "2",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "FEN B:WK26:B\nno legal move: the side to move has lost\n");
    let (_, err, code) = run(&[
        "analyze",
        "--variant",
        "english",
        "--fen",
        fen,
        "--moves",
        "26x19x10x17",
        "--depth",
        "2",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("legal moves are 26x17x10x19x26"), "{err}");
}

#[test]
fn english_perft_counts_the_published_numbers_by_both_conventions() {
    for paths in [false, true] {
        let mut args = vec!["perft", "--variant", "english", "--depth", "8"];
        if paths {
            args.push("--paths");
        }
        let (out, err, code) = run(&args);
        assert_eq!(code, Some(0), "{err}");
        let counts: Vec<&str> = out.lines().map(|l| l.split_whitespace().nth(3).unwrap()).collect();
        assert_eq!(counts, ["7", "49", "302", "1469", "7361", "36768", "179740", "845931"]);
    }
}

#[test]
fn bad_variants_and_options_are_refused() {
    let (_, err, code) = run(&["moves", "--variant", "chess"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("chess"), "{err}");
    let (_, err, code) = run(&["perft", "--variant", "english", "--depth", "2", "--threads", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("one thread"), "{err}");
    let (_, err, code) = run(&["perft", "--variant", "international", "--depth", "2", "--paths"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--paths is for italian and english"), "{err}");
}

#[test]
fn international_moves_and_perft() {
    let (out, err, code) = run(&["moves", "--variant", "international"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 9);
    let file = temp_file("international.fen");
    // A flying king takes from afar and may stop on any square beyond; a man takes backward;
    // the largest capture is compulsory.
    std::fs::write(&file, "W:WK46:B19\nW:W23:B28\nW:W32,33:B27,28,18\n").unwrap();
    let (out, err, code) =
        run(&["moves", "--variant", "international", "--fen-file", &file.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "W:WK46:B19\t46x5 46x10 46x14\nW:W23:B28\t23x32\n\
         W:W32,33:B27,28,18\t32x23x12 33x22x13 33x22x31\n"
    );
    std::fs::remove_file(file).unwrap();
    let (out, err, code) = run(&["perft", "--variant", "international", "--depth", "5"]);
    assert_eq!(code, Some(0), "{err}");
    let counts: Vec<&str> = out.lines().map(|l| l.split_whitespace().nth(3).unwrap()).collect();
    assert_eq!(counts, ["9", "81", "658", "4265", "27117"]);
    // The split by root move: each move in full-path notation with its count.
    let (out, err, code) =
        run(&["perft", "--variant", "international", "--depth", "3", "--divide"]);
    assert_eq!(code, Some(0), "{err}");
    let split: Vec<(&str, u64)> = out
        .lines()
        .filter(|l| !l.starts_with("depth "))
        .map(|l| l.split_once(' ').map(|(m, n)| (m, n.parse().unwrap())).unwrap())
        .collect();
    assert_eq!(split.len(), 9);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 658);
    assert!(split.iter().all(|(m, _)| m.len() == 5 && &m[2..3] == "-"), "{out}");
    // A capture is written with its whole path (the man takes 8 and 7, then Black has two
    // steps).
    let fen = ["--fen", "W:W13:B7,8,44"];
    let (out, err, code) =
        run(&["perft", "--variant", "international", "--depth", "2", "--divide", fen[0], fen[1]]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.ends_with("13x2x11 2\n"), "{out}");
    let (_, err, code) = run(&["moves", "--variant", "international", "--fen", "W:W51:B1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a square 1-50"), "{err}");
}

#[test]
fn analyze_searches_each_game() {
    // English: Black (to move first) takes the only piece White has.
    let (out, err, code) =
        run(&["analyze", "--variant", "english", "--fen", "B:W14,30:B9,10", "--depth", "6"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("FEN B:W14,30:B9,10"), "{out}");
    assert!(out.lines().last().unwrap().starts_with("bestmove "), "{out}");
    // International: a flying king takes the last man and wins.
    let (out, err, code) =
        run(&["analyze", "--variant", "international", "--fen", "W:WK46,K50:B23", "--depth", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(" win in 1 "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("bestmove 46x"), "{out}");
    // Moves given in any notation are replayed, and a wrong one is refused with its number.
    let (out, err, code) = run(&[
        "analyze",
        "--variant",
        "international",
        "--moves",
        "32-28 19-23 28x19",
        "--depth",
        "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("FEN B:"), "{out}");
    let (_, err, code) =
        run(&["analyze", "--variant", "international", "--moves", "32-28 20-26", "--depth", "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("move 2 is refused"), "{err}");
    // International's default is its built-in learned weights (the same search as `--eval
    // learned`); `classic` is its hand-set evaluation, which searches other nodes.
    let nodes = |eval: &[&str]| {
        let mut args = vec!["analyze", "--variant", "international", "--depth", "6"];
        args.extend_from_slice(eval);
        let (out, err, code) = run(&args);
        assert_eq!(code, Some(0), "{err}");
        let last = out.lines().rfind(|l| l.starts_with("depth  6/")).unwrap_or("");
        let words: Vec<&str> = last.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "nodes").expect("a depth 6 line with nodes");
        words[at + 1].to_string()
    };
    let default = nodes(&[]);
    assert_eq!(default, nodes(&["--eval", "learned"]));
    assert_ne!(default, nodes(&["--eval", "classic"]));
}

#[test]
fn bench_runs_each_game() {
    for (variant, positions) in [("english", 16), ("international", 16)] {
        let (out, err, code) = run(&["bench", "--variant", variant, "--depth", "5"]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out.lines().filter(|l| l.starts_with("position ")).count(), positions, "{out}");
        let nodes: u64 = out
            .lines()
            .find_map(|l| l.strip_prefix("nodes "))
            .and_then(|n| n.parse().ok())
            .expect("a node total");
        assert!(nodes > 1000, "{variant}: {nodes}");
        // The node count is a fingerprint: the same twice.
        let (again, _, _) = run(&["bench", "--variant", variant, "--depth", "5"]);
        let total = |text: &str| text.lines().find(|l| l.starts_with("nodes ")).map(String::from);
        assert_eq!(total(&out), total(&again));
    }
}

#[test]
fn bench_and_solve_take_search_switches() {
    let total = |args: &[&str]| -> String {
        let (out, err, code) = run(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        out.lines().find(|l| l.starts_with("nodes ")).map(String::from).expect("a node total")
    };
    let plain = ["bench", "--variant", "international", "--depth", "7"];
    let default = total(&plain);
    // Switching on what is already on changes nothing; a switch that is off by default, on,
    // changes the search and so the fingerprint.
    assert_eq!(default, total(&[&plain[..], &["--switch", "late-move-reductions=true"]].concat()));
    assert_ne!(default, total(&[&plain[..], &["--switch", "threat-quiescence=true"]].concat()));
    for (switch, says) in [
        ("threat-quiescence", "NAME=true|false"),
        ("threat-quiescence=maybe", "true or false"),
        ("no-such-switch=true", "unknown search switch 'no-such-switch'"),
    ] {
        let suite = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/problems/international.txt");
        for command in [
            &["bench", "--depth", "3"][..],
            &["solve", "--variant", "international", "--suite", suite],
        ] {
            let (out, err, code) = run(&[command, &["--switch", switch]].concat());
            assert_eq!(code, Some(2), "{command:?} {switch}: {out} {err}");
            assert!(err.contains(says) && !err.contains("panicked"), "{switch}: {err}");
        }
    }
}
