//! `dama match` faults once defects: Ctrl-C printed no result, an existing `--pdn-out` was
//! overwritten, and the statistics of identical engines or of an all-forfeit match read as
//! `+0.0 +/- 0.0` and `-inf +/- inf`.

mod isolated;
mod match_support;

use match_support::{dama_hub, play, read_pdn, replay, temp_file};
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn an_existing_pdn_file_is_refused_before_any_engine_starts() {
    let pdn = temp_file("existing.pdn");
    std::fs::write(&pdn, "[Event \"kept\"]\n\n1-0\n\n").unwrap();
    // The engine command does not exist: the PDN check must come first.
    let run = play(
        [&["/nonexistent/engine"], &["/nonexistent/engine"]],
        "--depth 1 --games 2",
        Some(&pdn),
    );
    assert!(!run.success);
    assert!(run.stderr.contains("exists: give --append"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&pdn).unwrap(), "[Event \"kept\"]\n\n1-0\n\n");

    let hub = dama_hub();
    let run = play([&[&hub], &[&hub]], "--depth 1 --games 2 --append --quiet", Some(&pdn));
    assert!(run.success, "{}", run.stderr);
    let games = read_pdn(&pdn);
    assert_eq!(games.len(), 3, "the old game and two new ones");
    assert_eq!(games[0].tags["Event"], "kept");

    let run = play([&[&hub], &[&hub]], "--depth 1 --games 2 --force --quiet", Some(&pdn));
    assert!(run.success, "{}", run.stderr);
    assert_eq!(read_pdn(&pdn).len(), 2, "replaced");
    let _ = std::fs::remove_file(&pdn);
}

#[test]
fn identical_engines_at_fixed_nodes_are_warned_about_and_get_no_interval() {
    let hub = dama_hub();
    let run = play([&[&hub], &[&hub]], "--nodes 300 --rounds 4 --option book=false --quiet", None);
    assert!(run.success, "{}", run.stderr);
    assert!(run.stderr.contains("warning: both engines are the same command"), "{}", run.stderr);
    assert!(
        run.stdout.contains("Elo difference: cannot be estimated: every one of the 4 game pairs"),
        "{}",
        run.stdout
    );
    assert_eq!(run.result["elo95"], "none");
}

#[test]
fn ctrl_c_prints_the_result_of_the_finished_games_and_keeps_the_pdn_valid() {
    let pdn = temp_file("interrupted.pdn");
    let hub = dama_hub();
    let mut child = isolated::dama()
        .args(["match", "--engine", &hub, "--engine", &hub, "--movetime", "0.05", "--games", "40"])
        .arg("--pdn-out")
        .arg(&pdn)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for two finished games, then interrupt.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut finished = 0;
    let mut log = String::new();
    while finished < 2 {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "dama match ended early: {log}");
        if line.starts_with("game ") {
            finished += 1;
        }
        log.push_str(&line);
    }
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let sent = Instant::now();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let output = child.wait_with_output().unwrap();
    let waited = sent.elapsed();
    println!("Ctrl-C to exit: {waited:?}");
    assert!(waited < Duration::from_secs(5), "{waited:?}");
    assert!(output.status.success(), "{}\n{log}{rest}", output.status);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("Interrupted (Ctrl-C)"), "{stdout}");
    let result = stdout.lines().last().unwrap();
    assert!(
        result.starts_with("result games=") && result.ends_with(" interrupted=true"),
        "{result}"
    );
    let games: usize = result["result games=".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!((2..40).contains(&games), "{result}");
    let records = read_pdn(&pdn);
    assert_eq!(records.len(), games, "every finished game, and only those, in the PDN");
    for game in &records {
        replay(game);
    }
    let _ = std::fs::remove_file(&pdn);
}
