//! `dama play` driven through standard input: a game to its end, an illegal move answered with
//! the legal ones, undo, flip, save, resuming from a PDN game, the engine playing first as White.

mod match_support;

use match_support::{dama, temp_file};
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `dama play ARGS` with `input` on stdin; returns (stdout, stderr, exit code).
fn play(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(dama())
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dama runs");
    // The program may end before reading its input (a bad argument): a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn a_game_to_its_end_with_an_illegal_move_answered_by_the_legal_ones() {
    let save = temp_file("won.pdn");
    let save_arg = save.display().to_string();
    let (out, err, code) =
        play(&["--fen", "W:W22:B18", "--save", &save_arg], "22-19\n22x13\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("'22-19' is not a legal move"), "{out}");
    assert!(out.contains("legal moves: 22x13"), "{out}");
    assert!(out.contains("game over: 1-0, White wins: Black has no move"), "{out}");
    let pdn = std::fs::read_to_string(&save).unwrap();
    assert!(pdn.contains("[Result \"1-0\"]") && pdn.contains("1. 22x13 1-0"), "{pdn}");
    let games = dama_engine::pdn::parse_pdn_games(&pdn);
    assert_eq!(games[0].as_ref().unwrap().moves.len(), 1);
    std::fs::remove_file(save).unwrap();
}

#[test]
fn undo_flip_moves_and_save_keep_the_game_consistent() {
    let save = temp_file("undone.pdn");
    let input = format!(
        "moves\n22-18\nundo\nflip\n23-19\nskill 0\ntime x\nsave {}\nquit\n",
        save.display()
    );
    let (out, err, code) = play(&["--skill", "2", "--movetime", "0.05"], &input);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("legal moves: 21-17 22-18 23-19 24-20 21-18 22-19 23-20"), "{out}");
    assert!(out.contains("took back 2 moves"), "{out}");
    assert_eq!(out.matches("Dama plays").count(), 2, "one reply before undo, one after: {out}");
    assert!(out.contains("skill must be a number from 1 to 20"), "{out}");
    assert!(out.contains("time must be a number of seconds"), "{out}");
    // Flipped, White's men are at the top: the first row printed holds White men.
    let flipped = out.split("took back").nth(1).unwrap();
    let after_flip = flipped.split("> ").nth(1).unwrap();
    assert!(after_flip.trim_start().starts_with('w'), "{after_flip}");
    // The saved game holds 23-19 and the reply: the undone 22-18 is gone.
    let pdn = std::fs::read_to_string(&save).unwrap();
    let game = dama_engine::pdn::parse_pdn_games(&pdn).remove(0).unwrap();
    assert_eq!(game.moves.len(), 2, "{pdn}");
    assert_eq!(dama_engine::italian::notation::path_notation(&game.moves[0]), "23-19");
    assert!(pdn.contains("[Black \"Dama (skill 2)\"]"), "{pdn}");
    std::fs::remove_file(save).unwrap();
}

#[test]
fn a_game_resumes_from_pdn_and_the_engine_moves_first_for_the_other_side() {
    let file = temp_file("resume.pdn");
    std::fs::write(&file, "[Event \"x\"]\n\n1. 22-18 11-15 *\n").unwrap();
    let file_arg = file.display().to_string();
    // After 22-18 11-15 it is White's turn; the player takes Black, so Dama (White) moves.
    let (out, err, code) =
        play(&["--pdn", &file_arg, "--color", "black", "--movetime", "0.05"], "quit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("FEN W:W18,21,23-32:B1-10,12,15"), "{out}");
    assert!(out.contains("Dama plays"), "{out}");
    let (_, err, code) = play(&["--pdn", &file_arg, "--game", "3"], "quit\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("--game 3: the file has 1 games"), "{err}");
    let (_, err, code) = play(&["--fen", "W:W33:B1"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("bad FEN"), "{err}");
    std::fs::remove_file(file).unwrap();
}
