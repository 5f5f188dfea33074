//! The small endgame tables built on first use (`dama_egdb::first_use`): in the background, into
//! the default directory, without delaying `init` or a move; used by the search as soon as they
//! are complete; one build at a time across processes; a killed build leaves no file that reads as
//! a table; `DAMA_EGDB_BUILD` and the Hub's `egdb-build` turn it off; `dama egdb status` says
//! what there is. Each test has a default directory of its own, and caps the build with
//! `DAMA_EGDB_BUILD=N` pieces so that it takes seconds (the defaults, 2-5 pieces for the 8x8
//! games and 2-4 for International, take a minute or two of one core: docs/egdb.md).

mod hub_support;
mod isolated;

use hub_support::Engine;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A default table directory of this test's own (not created).
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-first-use-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `dama egdb status --dir DIR`: the line of `game`.
fn status(dir: &Path, game: &str) -> String {
    let out = isolated::dama().args(["egdb", "status", "--dir"]).arg(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.starts_with(&format!("{game}\t")));
    line.unwrap_or_else(|| panic!("no {game} line in {text}")).to_string()
}

/// Waits until `game`'s tables in `dir` are complete up to `pieces`.
fn wait_for_tables(dir: &Path, game: &str, pieces: u32) {
    let deadline = Instant::now() + Duration::from_secs(120);
    let want = format!("\tup to {pieces} pieces\t");
    while !dir.is_dir() || !status(dir, game).contains(&want) {
        assert!(Instant::now() < deadline, "no {game} tables up to {pieces} in {}", dir.display());
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A Hub using `dir` as its default table directory, building up to `pieces` on first use.
fn hub(dir: &Path, pieces: &str, log: &Path) -> Engine {
    let env: [(&str, &OsStr); 2] =
        [("DAMA_EGDB_DIR", dir.as_os_str()), ("DAMA_EGDB_BUILD", OsStr::new(pieces))];
    let mut engine = Engine::start_with(&["--no-book"], &env);
    engine.send(&format!("hub\nset-param name=log-file value=\"{}\"", log.display()));
    while engine.next() != "wait" {}
    engine
}

/// The Hub position string of an Italian FEN.
fn hub_position(fen: &str) -> String {
    let position = dama_engine::board8::fen::parse_fen(fen).unwrap();
    dama_engine::board8::hubpos::to_hub_position(&position)
}

/// Searches `fen` to depth 4 and returns the last `info` line.
fn last_info(engine: &mut Engine, fen: &str) -> String {
    engine.send(&format!("pos pos={}\nlevel depth=4\ngo think", hub_position(fen)));
    let mut last = String::new();
    loop {
        let line = engine.next();
        if line.starts_with("done ") {
            return last;
        }
        if line.starts_with("info ") {
            last = line;
        }
    }
}

#[test]
fn a_fresh_hub_plays_at_once_and_takes_the_tables_as_they_are_built() {
    let dir = fresh_dir("hub");
    let log = dir.with_extension("log");
    let mut engine = hub(&dir, "3", &log);
    // init and the first move come at once, whatever the build is doing.
    let asked = Instant::now();
    engine.send("init");
    engine.expect("ready");
    engine.send("pos start\nlevel move-time=0.2\ngo think");
    let mut line = engine.next();
    while !line.starts_with("done ") {
        line = engine.next();
    }
    assert!(asked.elapsed() < Duration::from_secs(3), "{:?}", asked.elapsed());
    wait_for_tables(&dir, "italian", 3);
    // The next search probes them: two kings against one, a table win.
    let info = last_info(&mut engine, "W:WK1,K3:BK32");
    assert!(info.contains(" tbhits="), "{info}");
    drop(engine.finish());
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("building the Dama Italiana endgame tables up to 3 pieces"), "{log}");
    assert!(log.contains("built the Dama Italiana endgame tables up to 3 pieces"), "{log}");
    // What first use builds is there; nothing of the other games (not asked for).
    assert!(status(&dir, "english").contains("\tnone\t0 files"));
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(dir.with_extension("log"));
}

#[test]
fn each_game_builds_its_own_tables_when_it_is_played() {
    let dir = fresh_dir("games");
    let log = dir.with_extension("log");
    let mut engine = hub(&dir, "3", &log);
    engine.send("set-param name=variant value=international\ninit");
    engine.expect("ready");
    wait_for_tables(&dir, "international", 3);
    assert!(status(&dir, "italian").contains("\tnone\t"));
    engine.send("set-param name=variant value=english\npos start\nlevel depth=2\ngo think");
    let mut line = engine.next();
    while !line.starts_with("done ") {
        line = engine.next();
    }
    wait_for_tables(&dir, "english", 3);
    drop(engine.finish());
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(log);
}

#[test]
fn two_processes_build_once_and_both_use_the_tables() {
    let dir = fresh_dir("two");
    let logs = [dir.with_extension("1.log"), dir.with_extension("2.log")];
    let mut engines = [hub(&dir, "4", &logs[0]), hub(&dir, "4", &logs[1])];
    for engine in &mut engines {
        engine.send("init");
    }
    for engine in &engines {
        engine.expect("ready");
    }
    wait_for_tables(&dir, "italian", 4);
    // Give the waiting process its look at the directory (it polls twice a second).
    std::thread::sleep(Duration::from_millis(1200));
    for engine in &mut engines {
        let info = last_info(engine, "W:WK1,K3:BK32");
        assert!(info.contains(" tbhits="), "{info}");
    }
    for engine in engines {
        drop(engine.finish());
    }
    let logs: Vec<String> = logs.iter().map(|l| std::fs::read_to_string(l).unwrap()).collect();
    let builders = logs.iter().filter(|l| l.contains("built the Dama Italiana")).count();
    assert_eq!(builders, 1, "{logs:#?}");
    // The other one waited for the lock (or, started late, found the tables complete).
    let other = logs.iter().find(|l| !l.contains("built the Dama Italiana")).unwrap();
    assert!(
        other.contains("another process is building") || !other.contains("building the"),
        "{other}"
    );
    assert!(status(&dir, "italian").contains("first use 2-5: 22 tables missing"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_build_leaves_only_whole_tables_and_the_next_one_finishes() {
    let dir = fresh_dir("killed");
    let log = dir.with_extension("log");
    let mut engine = hub(&dir, "4", &log);
    engine.send("init");
    engine.expect("ready");
    // Killed once some tables are there, before the 4-piece ones are all done.
    let deadline = Instant::now() + Duration::from_secs(60);
    while dama_egdb::place::table_files(&dir).len() < 4 {
        assert!(Instant::now() < deadline, "no tables appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = engine.kill();
    // Every file that reads as a table checks (status opens them all: a damaged one would be
    // named), and no file is half there under a table's name.
    let line = status(&dir, "italian");
    assert!(!line.contains("error"), "{line}");
    assert!(!dama_egdb::lock::is_locked(&dir), "the lock went with the process");
    let mut engine = hub(&dir, "4", &log);
    engine.send("init");
    engine.expect("ready");
    wait_for_tables(&dir, "italian", 4);
    drop(engine.finish());
    std::fs::remove_dir_all(&dir).unwrap();
    let _ = std::fs::remove_file(log);
}

#[test]
fn the_environment_and_the_hub_param_turn_it_off() {
    for (env, param) in [("off", None), ("3", Some("set-param name=egdb-build value=false"))] {
        let dir = fresh_dir(&format!("off-{env}"));
        let log = dir.with_extension("log");
        let mut engine = hub(&dir, env, &log);
        if let Some(param) = param {
            engine.send(param);
        }
        engine.send("init\npos start\nlevel depth=3\ngo think");
        engine.expect("ready");
        let mut line = engine.next();
        while !line.starts_with("done ") {
            line = engine.next();
        }
        std::thread::sleep(Duration::from_millis(300));
        drop(engine.finish());
        assert!(!dir.join("m0k1-m0k1.egdb").exists(), "{env}: tables were built");
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_file(log);
    }
}

#[test]
fn analyze_says_what_it_builds_and_status_what_there_is() {
    let dir = fresh_dir("analyze");
    let analyze = |fen: &str| {
        let out = isolated::dama()
            .args(["analyze", "--depth", "6", "--fen", fen])
            .env("DAMA_EGDB_DIR", &dir)
            .env("DAMA_EGDB_BUILD", "3")
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stderr).to_string()
    };
    // The start position: the first-use build starts in the background (the process may end
    // before it does: what it finishes stays, the rest is built next time).
    let stderr = analyze("W:W21-32:B1-12");
    assert!(
        stderr.contains("building the Dama Italiana endgame tables up to 3 pieces"),
        "{stderr}"
    );
    // Three pieces: the position needs them now, so they are built first, in the foreground.
    analyze("W:WK1,K3:BK32");
    let out = isolated::dama()
        .args(["egdb", "status"])
        .env("DAMA_EGDB_DIR", &dir)
        .env("DAMA_EGDB_BUILD", "3")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(&format!("table directory {} (the default)", dir.display())),
        "{text}"
    );
    assert!(text.contains("italian\tup to 3 pieces\t9 files"), "{text}");
    assert!(
        text.contains("first use 2-5: 36 tables missing, built in the background up to 3"),
        "{text}"
    );
    assert!(text.contains("english\tnone\t0 files"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_explicit_build_waits_for_the_directory_lock() {
    let dir = fresh_dir("explicit");
    let held = dama_egdb::lock::try_lock(&dir).unwrap().expect("the lock is free");
    let child = isolated::dama()
        .args(["egdb", "build", "--pieces", "2", "--threads", "1", "--dir"])
        .arg(&dir)
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(dama_egdb::place::table_files(&dir).is_empty(), "it built under another's lock");
    drop(held);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("another process is building tables in"), "{stderr}");
    assert_eq!(dama_egdb::place::table_files(&dir).len(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}
