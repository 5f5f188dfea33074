//! `dama egdb build | probe`, run as a user would: a file of positions, resuming, and the
//! errors (too many pieces, missing tables, bad FEN), which exit nonzero without a panic.

mod isolated;
use std::path::PathBuf;
use std::process::Output;

fn dama(args: &[&str]) -> Output {
    isolated::dama().args(args).output().expect("run dama")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-egdb-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn build(dir: &str, pieces: &str) -> String {
    let out = dama(&["egdb", "build", "--pieces", pieces, "--dir", dir, "--threads", "1"]);
    assert!(out.status.success(), "build failed: {}", text(&out.stderr));
    text(&out.stdout)
}

fn assert_fails_cleanly(out: &Output, expected: &str) {
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "expected a failure: {}", text(&out.stdout));
    assert!(stderr.contains(expected), "stderr lacks '{expected}': {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn probe_answers_a_file_of_positions_and_resume_keeps_the_tables() {
    let dir = scratch("file");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    let first = build(tables, "3");
    assert!(first.contains("slices built") && first.contains("0 already there"), "{first}");
    let again = build(tables, "3");
    assert!(again.contains("0 slices built"), "resuming rebuilt slices: {again}");

    let positions = dir.join("positions.txt");
    std::fs::write(
        &positions,
        "# two kings against one, both sides to move\nW:WK1,K3:BK32\nB:WK1,K3:BK32\n\nW:WK29:BK4\nW:W29:BK25,K26\n",
    )
    .unwrap();
    let out = dama(&["egdb", "probe", "--fen-file", positions.to_str().unwrap(), "--dir", tables]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(
        lines,
        [
            "W:WK1,K3:BK32\twin\t11",
            "B:WK1,K3:BK32\tloss\t30",
            "W:WK29:BK4\tdraw",
            "W:W29:BK25,K26\tloss\t0"
        ]
    );

    // `dama analyze` prints the exact value and searches with the tables.
    let out = dama(&[
        "analyze",
        "--fen",
        "W:WK1,K3:BK32",
        "--depth",
        "3",
        "--no-book",
        "--egdb-dir",
        tables,
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("tablebase win in 11 plies"), "{stdout}");
    assert!(stdout.contains("bestmove "), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn probe_errors_exit_nonzero_with_a_message() {
    let dir = scratch("errors");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    build(tables, "2");

    let out = dama(&["egdb", "probe", "--fen", "W:W21-32:B1-12", "--dir", tables]);
    assert_fails_cleanly(&out, "24 pieces but the tables hold at most 2");

    let out = dama(&["egdb", "probe", "--fen", "W:WK1,K3:BK32", "--dir", tables]);
    assert_fails_cleanly(&out, "3 pieces but the tables hold at most 2");

    let out = dama(&[
        "egdb",
        "probe",
        "--fen",
        "W:WK1:BK32",
        "--dir",
        dir.join("none").to_str().unwrap(),
    ]);
    assert_fails_cleanly(&out, "no table directory");

    let out = dama(&["egdb", "probe", "--fen", "X:W1:B2", "--dir", tables]);
    assert_fails_cleanly(&out, "bad FEN");

    // One bad line among good ones: the good ones are answered, the exit status says failure.
    let positions = dir.join("mixed.txt");
    std::fs::write(&positions, "W:WK1:BK32\nW:WK1,K3:BK32\n").unwrap();
    let out = dama(&["egdb", "probe", "--fen-file", positions.to_str().unwrap(), "--dir", tables]);
    assert_fails_cleanly(&out, "mixed.txt:2");
    assert!(text(&out.stdout).starts_with("W:WK1:BK32\twin\t"), "{}", text(&out.stdout));

    // A missing slice (deleted after the build) is named with the command that builds it.
    std::fs::remove_file(dir.join("tables").join("m0k1-m0k1.egdb")).unwrap();
    let out = dama(&["egdb", "probe", "--fen", "W:WK1:BK32", "--dir", tables]);
    assert_fails_cleanly(&out, "m0k1-m0k1.egdb is missing");

    // A damaged file is refused, not trusted.
    std::fs::write(dir.join("tables").join("m1k0-m0k1.egdb"), b"DAMAEGDBjunk").unwrap();
    let out = dama(&["egdb", "probe", "--fen", "W:W22:BK1", "--dir", tables]);
    assert_fails_cleanly(&out, "not a valid table file");

    let out = dama(&["egdb", "build", "--pieces", "9", "--dir", tables]);
    assert_fails_cleanly(&out, "9");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_hub_probes_tables_named_by_egdb_path_and_reports_their_hits() {
    use std::io::{BufRead, BufReader, Write};
    let dir = scratch("hub");
    let tables = dir.join("tables");
    build(tables.to_str().unwrap(), "3");
    let mut child = isolated::dama()
        .args(["hub", "--no-book"])
        .env("DAMA_EGDB_DIR", dir.join("empty-default"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap()).lines().map(Result::unwrap);
    let mut until = |pred: &dyn Fn(&str) -> bool| -> Vec<String> {
        let mut seen = Vec::new();
        for line in output.by_ref() {
            let done = pred(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
        panic!("dama hub ended: {seen:?}");
    };
    writeln!(input, "hub").unwrap();
    let handshake = until(&|l| l == "wait");
    assert!(handshake.iter().any(|l| l == "param name=egdb-path value=\"\" type=string"));
    assert!(handshake.iter().any(|l| l.starts_with("param name=egdb-pieces value=6 type=int")));
    writeln!(input, "set-param name=egdb-path value=/nonexistent-dir/tables").unwrap();
    let error = until(&|l| l.starts_with("error "));
    assert!(error[0].contains("egdb-path '/nonexistent-dir/tables'"), "{error:?}");
    let position = dama_engine::board8::hubpos::to_hub_position(
        &dama_engine::board8::fen::parse_fen("W:WK1,K3:BK32").unwrap(),
    );
    writeln!(input, "set-param name=egdb-path value=\"{}\"", tables.display()).unwrap();
    writeln!(input, "pos pos={position}\nlevel depth=4\ngo think").unwrap();
    let search = until(&|l| l.starts_with("done "));
    let last_info = search.iter().rev().find(|l| l.starts_with("info ")).expect("an info line");
    assert!(last_info.contains(" tbhits="), "{last_info}");
    // Without tables (egdb-pieces=0) the same search reports no hits.
    writeln!(
        input,
        "set-param name=egdb-pieces value=0\npos pos={position}\nlevel depth=4\ngo think"
    )
    .unwrap();
    let search = until(&|l| l.starts_with("done "));
    assert!(search.iter().all(|l| !l.contains("tbhits=")), "{search:?}");
    drop(input);
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}

fn build_english(dir: &str, pieces: &str) -> String {
    let args = ["egdb", "build", "--variant", "english", "--pieces", pieces, "--threads", "1"];
    let out = dama(&[&args[..], &["--dir", dir]].concat());
    assert!(out.status.success(), "build failed: {}", text(&out.stderr));
    text(&out.stdout)
}

/// English tables go in the `english` subdirectory of the table directory, beside the Italian
/// ones, and answer English positions (Lasker's king against king, which the move decides; two
/// kings against one; an English man taking a king).
#[test]
fn english_tables_build_into_their_own_place_and_probe() {
    let dir = scratch("english");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    let first = build_english(tables, "3");
    assert!(first.starts_with("English draughts tables up to 3 pieces in "), "{first}");
    assert!(first.contains("0 already there"), "{first}");
    let english = dir.join("tables").join("english");
    assert!(english.join("m0k2-m0k1.egdb").is_file());
    assert!(!dir.join("tables").join("m0k2-m0k1.egdb").exists(), "the Italian place taken");
    assert!(build_english(tables, "3").contains("0 slices built"));

    let positions = dir.join("positions.txt");
    std::fs::write(&positions, "W:WK32:BK26\nB:WK32:BK26\nW:WK19,K23:BK32\nW:W29:BK25,K26\n")
        .unwrap();
    let probe = |variant: &str| {
        let file = positions.to_str().unwrap();
        dama(&["egdb", "probe", "--variant", variant, "--fen-file", file, "--dir", tables])
    };
    let out = probe("english");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(
        lines,
        [
            "W:WK32:BK26\twin\t9",
            "B:WK32:BK26\tdraw",
            "W:WK19,K23:BK32\twin\t15",
            "W:W29:BK25,K26\tloss\t2"
        ]
    );
    // The directory holds no Italian tables: the Italian probe says so, naming both games. With
    // both, each game reads its own (two kings against one: 11 plies in Italian, 33 in English).
    let out = probe("italian");
    assert_fails_cleanly(&out, "no Dama Italiana tables in");
    assert_fails_cleanly(&out, "only English draughts tables");
    build(tables, "3");
    let kings = |variant: &str| {
        let args = ["egdb", "probe", "--variant", variant, "--fen", "W:WK1,K3:BK32", "--dir"];
        text(&dama(&[&args[..], &[tables]].concat()).stdout)
    };
    assert_eq!(kings("italian"), "W:WK1,K3:BK32\twin\t11\n");
    assert_eq!(kings("english"), "W:WK1,K3:BK32\twin\t33\n");

    // `dama analyze --variant english` prints the value and searches with the tables.
    let analyze = ["analyze", "--variant", "english", "--fen", "W:WK1,K3:BK32", "--depth", "3"];
    let out = dama(&[&analyze[..], &["--egdb-dir", tables]].concat());
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("tablebase win in 33 plies"), "{stdout}");
    assert!(stdout.contains("score     tb win") && !stdout.contains("tbhits 0 "), "{stdout}");
    let out = dama(&[&analyze[..], &["--no-egdb"]].concat());
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("tablebase") && stdout.contains("tbhits 0 "), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every way of naming the other game's tables is an error that names both games, never a
/// panic and never a value of the other game.
#[test]
fn the_other_games_tables_are_refused_by_name() {
    let dir = scratch("english-errors");
    let tables = dir.join("tables");
    let tables = tables.to_str().unwrap();
    let english = dir.join("tables").join("english");
    let english = english.to_str().unwrap();
    build(tables, "2");
    let probe = |variant: &str, fen: &str, dir: &str| {
        dama(&["egdb", "probe", "--variant", variant, "--fen", fen, "--dir", dir])
    };
    // Italian tables only: no English ones, and the command that builds them.
    let out = probe("english", "W:WK32:BK26", tables);
    assert_fails_cleanly(&out, "no English draughts tables in");
    assert_fails_cleanly(&out, "only Dama Italiana tables");
    assert_fails_cleanly(&out, "dama egdb build --variant english --pieces N");
    let analyze = ["analyze", "--variant", "english", "--fen", "W:WK32:BK26", "--depth", "2"];
    let out = dama(&[&analyze[..], &["--egdb-dir", tables]].concat());
    assert_fails_cleanly(&out, "only Dama Italiana tables");
    let none = dir.join("none");
    assert_fails_cleanly(
        &probe("english", "W:WK32:BK26", none.to_str().unwrap()),
        "no table directory",
    );

    build_english(tables, "2");
    let out = probe("english", "W:WK19,K23:BK32", tables);
    assert_fails_cleanly(&out, "3 pieces but the tables hold at most 2");
    // The English place named as the table directory: for Italian, a directory of English
    // tables; for English, a place inside a place.
    let out = probe("italian", "W:WK32:BK26", english);
    assert_fails_cleanly(&out, "a table of English draughts, not of Dama Italiana");
    let out = probe("english", "W:WK32:BK26", english);
    assert_fails_cleanly(&out, "holds English draughts tables itself");
    // An Italian build there would overwrite English tables: refused.
    let out = dama(&["egdb", "build", "--pieces", "2", "--dir", english]);
    assert_fails_cleanly(&out, "a table of English draughts, not of Dama Italiana");
    assert_eq!(probe("english", "W:WK32:BK26", tables).status.code(), Some(0));

    // A missing slice names the English build command.
    std::fs::remove_file(dir.join("tables/english/m0k1-m0k1.egdb")).unwrap();
    let out = probe("english", "W:WK32:BK26", tables);
    assert_fails_cleanly(
        &out,
        "m0k1-m0k1.egdb is missing; build it with `dama egdb build --variant english",
    );
    // An Italian table in the English place is refused, never read as English.
    std::fs::copy(dir.join("tables/m0k1-m0k1.egdb"), dir.join("tables/english/m0k1-m0k1.egdb"))
        .unwrap();
    let out = probe("english", "W:WK32:BK26", tables);
    assert_fails_cleanly(&out, "a table of Dama Italiana, not of English draughts");

    // International draughts has its tables in its own place; a directory of the 8x8 games'
    // only is refused by name.
    let out = probe("international", "W:WK46:BK5", tables);
    assert_fails_cleanly(&out, "no International draughts tables in");
    assert_fails_cleanly(&out, "only Dama Italiana tables");
    assert_fails_cleanly(&out, "dama egdb build --variant international --pieces N");
    assert_fails_cleanly(
        &dama(&["egdb", "build", "--variant", "spanish", "--pieces", "2"]),
        "spanish",
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// With the variant English, `egdb-path` names a table directory whose English tables the Hub
/// uses: a directory with only Italian tables is an error naming both games (the search goes on
/// without tables), one with English tables gives the search its hits.
#[test]
fn the_hub_probes_english_tables_in_their_place() {
    use dama_engine::english::English;
    use dama_engine::rules::Rules;
    use std::io::{BufRead, BufReader, Write};
    let dir = scratch("hub-english");
    let tables = dir.join("tables");
    build(tables.to_str().unwrap(), "3");
    let mut child = isolated::dama()
        .args(["hub"])
        .env("DAMA_EGDB_DIR", dir.join("empty-default"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
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
    let position = English::to_hub_position(&English::parse_fen("W:WK1,K3:BK32").unwrap());
    let search = format!("pos pos={position}\nlevel depth=4\ngo think");
    let set_path = format!("set-param name=egdb-path value=\"{}\"", tables.display());
    until(&mut input, "hub\nset-param name=variant value=english\ninit", "ready");
    let refused = until(&mut input, &set_path, "error");
    let error = refused.last().unwrap();
    assert!(error.contains("no English draughts tables in"), "{error}");
    assert!(error.contains("only Dama Italiana tables"), "{error}");
    let without = until(&mut input, &search, "done ");
    assert!(
        without.iter().all(|l| !l.contains("tbhits=") && !l.starts_with("error")),
        "{without:?}"
    );
    build_english(tables.to_str().unwrap(), "3");
    let with = until(&mut input, &format!("{set_path}\n{search}"), "done ");
    assert!(with.iter().all(|l| !l.starts_with("error")), "{with:?}");
    let last_info = with.iter().rev().find(|l| l.starts_with("info ")).expect("an info line");
    assert!(last_info.contains(" tbhits="), "{last_info}");
    drop(input);
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}
