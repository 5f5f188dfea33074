//! International draughts tables through the command line and the Hub: `dama egdb build
//! --variant international` into the `international` place of a table directory (files marked
//! with their game, the other games' files untouched), `probe` with exact values, `slices` and
//! `build --slice`, `dama analyze --variant international` with the tables and with an FMJD
//! count carried by `--moves`, and the Hub with `variant international`.

mod isolated;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

fn dama(args: &[&str]) -> Output {
    isolated::dama().args(args).output().expect("run dama")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn ok(args: &[&str]) -> String {
    let out = dama(args);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout)
}

fn assert_fails_cleanly(out: &Output, expected: &str) {
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "expected a failure: {}", text(&out.stdout));
    assert!(stderr.contains(expected), "stderr lacks '{expected}': {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-egdb-intl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Every file of a directory with its bytes, by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    found.sort();
    found
}

fn build(variant: &str, tables: &str, pieces: &str) -> String {
    ok(&[
        "egdb",
        "build",
        "--variant",
        variant,
        "--pieces",
        pieces,
        "--dir",
        tables,
        "--threads",
        "1",
    ])
}

/// The International tables go in the `international` place, marked 2 in their headers; the
/// Italian and English files of the same table directory are not touched; probes give exact
/// values, a file of positions included; the slices are listed and built one at a time.
#[test]
fn international_tables_build_into_their_place_and_probe() {
    let dir = scratch("build");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    build("italian", tables, "3");
    build("english", tables, "3");
    let before = (files(&dir.join("tables")), files(&dir.join("tables/english")));
    let first = build("international", tables, "3");
    assert!(first.contains("International draughts tables up to 3 pieces"), "{first}");
    assert!(first.contains("9 slices built"), "{first}");
    let place = dir.join("tables").join("international");
    let built = files(&place);
    assert_eq!(built.len(), 9);
    assert!(built.iter().all(|(_, bytes)| bytes[28..32] == [2, 0, 0, 0]), "the game's mark");
    assert_eq!((files(&dir.join("tables")), files(&dir.join("tables/english"))), before);
    assert!(build("international", tables, "3").contains("0 slices built"));

    let positions = dir.join("positions.txt");
    std::fs::write(
        &positions,
        "# lone kings: both on the long diagonal, White in the corner\nW:WK46:BK5\nW:WK47:BK5\n\n\
         W:WK1,K7:BK50\nB:WK1,K7:BK50\nW:W28:B23\n",
    )
    .unwrap();
    let probe = ["egdb", "probe", "--variant", "international", "--dir", tables, "--fen-file"];
    let out = ok(&[&probe[..], &[positions.to_str().unwrap()]].concat());
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "W:WK46:BK5\tloss\t2",
            "W:WK47:BK5\tdraw",
            "W:WK1,K7:BK50\twin\t7",
            "B:WK1,K7:BK50\tdraw",
            "W:W28:B23\twin\t1"
        ]
    );
    let one = |fen: &str| {
        dama(&["egdb", "probe", "--variant", "international", "--dir", tables, "--fen", fen])
    };
    assert_fails_cleanly(&one("W:WK1,K2,K3:BK46"), "4 pieces but the tables hold at most 3");
    assert_fails_cleanly(&one("W:WK51:BK5"), "bad FEN");
    // An 8x8 FEN is read as a 10x10 one: a legal International position, answered as such.
    assert_eq!(text(&one("W:WK1:BK32").stdout), "W:WK1:BK32\tdraw\n");

    // Slices: the same materials as the 8x8 games, each with its 10x10 size.
    let slices = ok(&["egdb", "slices", "--variant", "international", "--pieces", "4"]);
    assert!(slices.contains("slice=m0k3-m0k1 positions=1842400 needs=m0k1-m0k1,m0k2-m0k1"));
    let out = ok(&[
        "egdb",
        "build",
        "--variant",
        "international",
        "--slice",
        "m0k3-m0k1",
        "--dir",
        tables,
    ]);
    assert!(out.contains("slice m0k3-m0k1"), "{out}");
    assert!(place.join("m0k3-m0k1.egdb").is_file());
    let out = dama(&[
        "egdb",
        "build",
        "--variant",
        "international",
        "--slice",
        "m1k1-m0k2",
        "--dir",
        tables,
    ]);
    assert_fails_cleanly(&out, "slice m1k1-m0k2 needs 1 more slice");
    assert_fails_cleanly(&out, "m0k2-m0k2");
    assert_eq!(text(&one("W:WK1,K2,K3:BK46").stdout), "W:WK1,K2,K3:BK46\tdraw\n");
    // Six pieces are out of reach on the 10x10 board: refused, saying why.
    let out =
        dama(&["egdb", "build", "--variant", "international", "--pieces", "6", "--dir", tables]);
    assert_fails_cleanly(&out, "International draughts tables can be built for 2 to 5 pieces");
    assert_fails_cleanly(&out, "some 12 GB");
    std::fs::remove_dir_all(&dir).ok();
}

/// `dama analyze --variant international` prints the tables' value and searches with them; with
/// `--moves` that run the 5-move count down to 2 plies, it says the win does not end in time,
/// and the search scores a draw.
#[test]
fn analyze_uses_the_tables_and_the_count() {
    let dir = scratch("analyze");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    build("international", tables, "3");
    let analyze = ["analyze", "--variant", "international", "--egdb-dir", tables, "--depth", "4"];
    let out = ok(&[&analyze[..], &["--fen", "W:WK1,K7:BK50"]].concat());
    assert!(out.contains("tablebase win in 7 plies"), "{out}");
    assert!(out.contains("the 25-move count, the endgame counts and repetitions"), "{out}");
    assert!(out.contains("5-move rule: 0 of 10 plies played; the tables' value stands"), "{out}");
    // One move keeps the quickest win: played without a search.
    assert!(out.contains("bestmove "), "{out}");
    // The same position after eight plies of the 5-move count.
    let moves = "12-21 50-22 21-3 22-6 3-12 6-39 12-7 39-50";
    let line = [&analyze[..], &["--fen", "W:WK1,K12:BK50", "--moves", moves]].concat();
    let out = ok(&line);
    assert!(out.contains("FEN W:WK1,K7:BK50"), "{out}");
    assert!(
        out.contains("5-move rule: 8 of 10 plies played; the win does not end in time"),
        "{out}"
    );
    let last = out.lines().rfind(|l| l.starts_with("depth")).unwrap();
    assert!(last.contains("score      +0.00"), "{last}");
    // Without tables for the game in a named directory: refused by name.
    let italian = dir.join("italian");
    build("italian", italian.to_str().unwrap(), "2");
    let out = dama(&[&analyze[..4], &[italian.to_str().unwrap(), "--fen", "W:WK1:BK5"]].concat());
    assert_fails_cleanly(&out, "no International draughts tables in");
    std::fs::remove_dir_all(&dir).ok();
}

/// The Hub with `variant international`: `egdb-path` naming a directory of 8x8 tables only is no
/// error (International is searched without tables, as before it had any); naming one with
/// International tables gives the search its hits; and a game whose history runs the 5-move
/// count down (two kings against one, 8 plies) scores the table win as a draw.
#[test]
fn the_hub_probes_international_tables() {
    let dir = scratch("hub");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    build("italian", tables, "2");
    let mut child = isolated::dama()
        .args(["hub"])
        .env("DAMA_EGDB_DIR", dir.join("empty-default"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap()).lines().map(Result::unwrap);
    let mut until = |input: &mut std::process::ChildStdin, send: &str, last: &str| {
        writeln!(input, "{send}").unwrap();
        let mut seen = Vec::new();
        for line in output.by_ref() {
            let done = line.starts_with(last);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("dama hub ended: {seen:?}");
    };
    let set_path = format!("set-param name=egdb-path value=\"{tables}\"");
    // The Hub position of W:WK1,K7:BK50 (White to move), a table win in 7.
    let kings = "W".to_string() + &hub_board(&[(1, 'W'), (7, 'W'), (50, 'B')]);
    let search = format!("pos pos={kings}\nlevel depth=4\ngo think");
    until(&mut input, "hub\nset-param name=variant value=international\ninit", "ready");
    let quiet = until(&mut input, &format!("{set_path}\nping"), "pong");
    assert!(quiet.iter().all(|l| !l.starts_with("error")), "{quiet:?}");
    let without = until(&mut input, &search, "done ");
    assert!(without.iter().all(|l| !l.contains("tbhits=")), "{without:?}");

    build("international", tables, "3");
    ok(&["egdb", "build", "--variant", "international", "--slice", "m0k3-m0k1", "--dir", tables]);
    // One move keeps the quickest win: `go think` plays it unsearched, `go analyze` searches.
    let analyze = format!("pos pos={kings}\nlevel depth=4\ngo analyze");
    let with = until(&mut input, &format!("{set_path}\n{analyze}"), "info depth=4");
    until(&mut input, "stop", "done ");
    assert!(with.iter().all(|l| !l.starts_with("error")), "{with:?}");
    let last_info = with.last().unwrap();
    assert!(last_info.contains(" tbhits="), "{last_info}");
    assert!(last_info.contains("score=89.99"), "a table win: {last_info}");

    // The same position after eight plies of the 5-move count (two kings against one), with
    // no capture that could start a new count (egdb's international_counts.rs finds the
    // line): the win in 7 does not end in time, a draw.
    let start = "W".to_string() + &hub_board(&[(1, 'W'), (12, 'W'), (50, 'B')]);
    let moves = "12-21 50-22 21-3 22-6 3-12 6-39 12-7 39-50";
    let go = format!("pos pos={start} moves=\"{moves}\"\nlevel depth=6\ngo think");
    let counted = until(&mut input, &go, "done ");
    let last_info = counted.iter().rev().find(|l| l.starts_with("info ")).expect("an info line");
    assert!(last_info.contains("score=0.00"), "the count draws: {last_info}");
    drop(input);
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}

/// The 50 characters of a Hub position with the given pieces on their squares (`W`/`B` kings,
/// `w`/`b` men), `e` elsewhere.
fn hub_board(pieces: &[(usize, char)]) -> String {
    let mut squares = vec!['e'; 50];
    for &(square, piece) in pieces {
        squares[square - 1] = piece;
    }
    squares.into_iter().collect()
}
