//! Faults a user can cause on the command line, each once a defect: a closed pipe on stdout, an
//! unwritable book, huge or invisible characters in a FEN, out-of-range sizes, an empty board,
//! a byte-order mark, a refused `--moves` move, an empty book file. Every one ends with a clear
//! message (or, for a closed pipe, quietly) and never a panic.

mod isolated;
use std::io::{BufRead, BufReader, Write};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

fn dama(args: &[&str]) -> Output {
    isolated::dama().args(args).output().expect("run dama")
}

/// Runs a command that must fail: exit status 2, nothing on stdout, one `error:` line on stderr.
fn error_of(args: &[&str]) -> String {
    let output = dama(args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "dama {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-cli-faults-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_closed_pipe_on_stdout_ends_each_command_quietly() {
    for args in [
        &["perft", "--depth", "11"][..],
        &["analyze", "--depth", "40", "--no-book"],
        &["bench", "--depth", "9"],
        &["book", "stats", "--per-ballot"],
    ] {
        let mut child = isolated::dama()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        assert!(!first.is_empty(), "{args:?} wrote nothing");
        // The reader is gone (as after `| head -1`): the next write fails.
        let closed = Instant::now();
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        println!("{args:?}: exit {:?} after {:?}", output.status.code(), closed.elapsed());
        assert!(output.status.success(), "{args:?}: {} {stderr}", output.status);
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        assert!(closed.elapsed() < Duration::from_secs(20), "{args:?} kept working");
    }
}

#[test]
fn book_build_refuses_an_unwritable_out_before_any_work() {
    let started = Instant::now();
    let stderr = error_of(&[
        "book",
        "build",
        "--out",
        "/nonexistent-dir/x.book",
        "--depth",
        "10",
        "--positions",
        "1500",
        "--save-every",
        "2",
    ]);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
    assert!(stderr.starts_with("error: cannot write --out '/nonexistent-dir/x.book'"), "{stderr}");
    let dir = scratch("out-dir");
    let stderr = error_of(&["book", "build", "--out", dir.to_str().unwrap(), "--depth", "1"]);
    assert!(stderr.contains("is a directory"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fen_error_quotes_a_short_escaped_excerpt() {
    let fen = format!("W:W21-32:B1-12\u{1b}[31m{}", "x".repeat(130_000));
    let stderr = error_of(&["moves", "--fen", &fen]);
    assert!(stderr.len() < 400, "{} bytes: {}", stderr.len(), &stderr[..400]);
    assert!(!stderr.chars().any(|c| c.is_control() && c != '\n'), "{stderr:?}");
    assert!(stderr.contains("\\u{1b}"), "{stderr}");
    assert!(stderr.contains("more characters"), "{stderr}");
}

#[test]
fn sizes_and_thread_counts_have_the_limits_of_the_hub() {
    for args in [
        &["analyze", "--hash", "0"][..],
        &["bench", "--hash", "0"],
        &["analyze", "--hash", "65537"],
    ] {
        let stderr = error_of(args);
        assert!(stderr.contains("--hash"), "{args:?}: {stderr}");
    }
    for command in [&["analyze"][..], &["bench"], &["perft", "--depth", "1"], &["book", "build"]] {
        let mut args = command.to_vec();
        args.extend(["--threads", "65"]);
        let stderr = error_of(&args);
        assert!(stderr.contains("--threads") && stderr.contains("64"), "{args:?}: {stderr}");
    }
    let hub =
        isolated::dama().arg("hub").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    hub.stdin.as_ref().unwrap().write_all(b"hub\n").unwrap();
    let output = hub.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("param name=threads value=1 type=int min=1 max=64"), "{text}");
}

#[test]
fn a_position_with_no_piece_is_refused() {
    for fen in ["W", "B:W:B", "W:W:B."] {
        let stderr = error_of(&["moves", "--fen", fen]);
        assert!(stderr.contains("the board is empty"), "{fen}: {stderr}");
    }
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_fen_file_is_skipped() {
    let dir = scratch("bom");
    let file = dir.join("positions.fen");
    std::fs::write(&file, "\u{feff}W:W21-32:B1-12\nB:W18:B14\n").unwrap();
    let output = dama(&["moves", "--fen-file", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("W:W21-32:B1-12\t"), "{stdout:?}");
    assert_eq!(lines[1], "B:W18:B14\t14x21");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_refused_move_in_moves_is_named_by_its_number() {
    let stderr = error_of(&["analyze", "--moves", "22-18 11-15 18x11", "--depth", "1"]);
    assert!(stderr.starts_with("error: --moves: move 3 is refused: move '18x11'"), "{stderr}");
    let stderr = error_of(&["book", "show", "--moves", "22-18 hello"]);
    assert!(stderr.starts_with("error: --moves: move 2 is refused: malformed move"), "{stderr}");
}

#[test]
fn an_empty_book_file_is_an_error_unless_asked_for() {
    let stderr = error_of(&["book", "stats", "--book", "/dev/null"]);
    assert!(stderr.contains("holds no position"), "{stderr}");
    let stderr = error_of(&["book", "show", "--book", "/dev/null"]);
    assert!(stderr.contains("holds no position"), "{stderr}");
    let output = dama(&["book", "stats", "--book", "/dev/null", "--allow-empty"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}
