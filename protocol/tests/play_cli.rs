//! `dama play` driven through standard input: a game to its end, an illegal move answered with
//! the legal ones, undo, flip, save, resuming from a PDN game, the engine playing first as White;
//! a few moves of each of the five games with bad input that the game survives, saved as PDN of
//! the game's `GameType` that the PDN reader and `dama annotate` read back; each game's end.

mod isolated;
mod match_support;

use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::pdn::read_pdn;
use dama_engine::rules::Rules;
use match_support::temp_file;
use std::io::Write;
use std::process::Stdio;

/// Runs `dama play ARGS` with `input` on stdin; returns (stdout, stderr, exit code).
fn play(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = isolated::dama()
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

/// A game of each kind, from a position where the player's moves stay legal whatever Dama
/// answers (the two sides' men far apart): the variant, the FEN, the player's three moves, a
/// move that is not legal there, the first row of the board as drawn.
const GAMES: [(&str, &str, [&str; 3], &str, &str); 5] = [
    // Italian: White's man from the single corner (32, White's right) up the board.
    ("italian", "W:W32:B1", ["32-28", "28-24", "24-20"], "32-27", "b       2       3       4"),
    // English: the player is Black (who moves first), the man on 4 (Black's right corner).
    ("english", "B:W29:B4", ["4-8", "8-12", "12-16"], "4-9", "1       2       3       b"),
    // International: 10x10, White's man from 46 (White's left corner).
    (
        "international",
        "W:W46:B5",
        ["46-41", "41-37", "37-32"],
        "46-37",
        "1       2       3       4       b",
    ),
    // Russian and Brazilian: squares named a1-h8 (numbered from White's side: 29-32 on the top
    // row), White's man from a1 (square 1) up the main road.
    ("russian", "W:W1:B32", ["a1-b2", "b2-c3", "c3-d4"], "a1-c3", "29      30      31       b"),
    ("brazilian", "W:W1:B32", ["a1-b2", "b2-c3", "c3-d4"], "a1-c3", "29      30      31       b"),
];

#[test]
fn each_game_is_played_through_stdin_and_saved_as_its_own_pdn() {
    let mut saved = String::new();
    for (variant, fen, moves, illegal, top_row) in GAMES {
        let save = temp_file(&format!("{variant}.pdn"));
        let input = format!(
            "{}\nnonsense\n{illegal}\n99-98\nskill 30\n{}\n{}\nmoves\nquit\n",
            moves[0], moves[1], moves[2]
        );
        let save_arg = save.display().to_string();
        let args = ["--variant", variant, "--fen", fen, "--movetime", "0.05", "--save", &save_arg];
        let (out, err, code) = play(&args, &input);
        assert_eq!(code, Some(0), "{variant}: {err}");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[1].trim().starts_with(top_row), "{variant}: {out}");
        assert!(out.contains("'nonsense' is neither a move nor a command"), "{variant}: {out}");
        let refused = format!("'{illegal}' is not a legal move; legal moves: ");
        assert!(out.contains(&refused), "{variant}: {out}");
        assert!(out.contains("'99-98' is not a legal move"), "{variant}: {out}");
        assert!(out.contains("skill must be a number from 1 to 20"), "{variant}: {out}");
        assert_eq!(out.matches("Dama plays").count(), 3, "{variant}: a reply to each move: {out}");
        assert!(out.contains("saved") && out.ends_with("bye\n"), "{variant}: {out}");
        let pdn = std::fs::read_to_string(&save).unwrap();
        std::fs::remove_file(&save).unwrap();
        assert!(pdn.contains(&format!("[FEN \"{fen}\"]")), "{pdn}");
        assert!(pdn.contains("[Result \"*\"]") && pdn.contains("[Event \"dama play\"]"), "{pdn}");
        let (replayed, game_type) = match variant {
            "italian" => (read_back::<Italian>(&pdn, moves), 22),
            "english" => (read_back::<English>(&pdn, moves), 21),
            "russian" => (read_back::<Russian>(&pdn, moves), 25),
            "brazilian" => (read_back::<Brazilian>(&pdn, moves), 26),
            _ => (read_back::<International>(&pdn, moves), 20),
        };
        assert_eq!(replayed, 6, "{pdn}");
        assert!(pdn.contains(&format!("[GameType \"{game_type}\"]")), "{pdn}");
        saved.push_str(&pdn);
    }
    // dama annotate reads the five games back, each under its rules.
    let file = temp_file("five-games.pdn");
    std::fs::write(&file, &saved).unwrap();
    let out = isolated::dama()
        .args(["annotate", &file.display().to_string(), "--depth", "2"])
        .output()
        .unwrap();
    std::fs::remove_file(&file).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(text.matches("[Annotator").count(), 5, "{text}");
}

/// Reads the one game of `pdn` under the rules `R`: its first, third and fifth moves are the
/// player's `moves`; the number of moves.
fn read_back<R: Rules>(pdn: &str, moves: [&str; 3]) -> usize {
    let games = read_pdn::<R>(pdn).unwrap_or_else(|e| panic!("{e}: {pdn}"));
    let game = &games[0];
    let mut position = game.start;
    for (ply, mv) in game.moves.iter().enumerate() {
        if ply % 2 == 0 {
            assert_eq!(R::path_text(&position, mv), moves[ply / 2], "{pdn}");
        }
        position = R::play(&position, mv);
    }
    game.moves.len()
}

#[test]
fn english_and_international_games_end_by_their_rules_and_say_so() {
    // English: Black (the player) takes White's last man.
    let save = temp_file("english-won.pdn");
    let save_arg = save.display().to_string();
    let args = ["--variant", "english", "--fen", "B:W18:B14", "--save", &save_arg];
    let (out, err, code) = play(&args, "14-18\n14x23\n14x23\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("you play Black"), "{out}");
    assert!(out.contains("legal moves: 14x23"), "{out}");
    assert!(out.contains("game over: 0-1, Black wins: White has no move"), "{out}");
    assert!(out.contains("the game is over (Black wins: White has no move)"), "{out}");
    let pdn = std::fs::read_to_string(&save).unwrap();
    std::fs::remove_file(&save).unwrap();
    assert!(pdn.contains("[Result \"0-1\"]") && pdn.contains("1. 14x23 0-1"), "{pdn}");
    assert!(pdn.contains("[White \"Dama\"]") && pdn.contains("[Black \"Player\"]"), "{pdn}");
    // International: two kings against a lone king, drawn by the FMJD 5-move count 10 plies
    // after it began; the game resumed has 9 (its GameType names the game), Dama plays the 10th.
    let file = temp_file("count.pdn");
    let game = "[GameType \"20\"]\n[FEN \"W:WK46,K5:BK1\"]\n\n\
                1. 46-41 1-6 2. 41-37 6-1 3. 37-32 1-6 4. 32-27 6-1 5. 27-21 *\n";
    std::fs::write(&file, game).unwrap();
    let save = temp_file("count-saved.pdn");
    let (file_arg, save_arg) = (file.display().to_string(), save.display().to_string());
    let args = ["--pdn", &file_arg, "--movetime", "0.05", "--save", &save_arg];
    let (out, err, code) = play(&args, "21-16\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Dama: International draughts; you play White"), "{out}");
    assert_eq!(out.matches("Dama plays").count(), 1, "{out}");
    assert!(out.contains("game over: 1/2-1/2, draw by the 5-move rule"), "{out}");
    assert!(out.contains("the game is over (draw by the 5-move rule)"), "{out}");
    let pdn = std::fs::read_to_string(&save).unwrap();
    assert!(pdn.contains("[Result \"1/2-1/2\"]") && pdn.contains("[GameType \"20\"]"), "{pdn}");
    assert_eq!(read_pdn::<International>(&pdn).unwrap()[0].moves.len(), 10, "{pdn}");
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_file(&save).unwrap();
}

#[test]
fn the_game_of_a_pdn_file_names_its_rules() {
    let file = temp_file("english-game.pdn");
    std::fs::write(&file, "[GameType \"21\"]\n\n1. 11-15 23-19 *\n").unwrap();
    let file_arg = file.display().to_string();
    let (out, err, code) = play(&["--pdn", &file_arg, "--movetime", "0.05"], "quit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Dama: English draughts; you play Black"), "{out}");
    assert!(out.contains("FEN B:W19,21,22,24-32:B1-10,12,15"), "{out}");
    let (_, err, code) = play(&["--pdn", &file_arg, "--variant", "italian"], "quit\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("GameType"), "{err}");
    std::fs::remove_file(file).unwrap();
    let (_, err, code) = play(&["--variant", "international", "--fen", "W:W51:B1"], "");
    assert_eq!((code, err.contains("bad FEN")), (Some(2), true), "{err}");
    let (out, _, code) = play(&["--variant", "english", "--fen", "W:W33:B1"], "");
    assert_eq!(code, Some(2), "33 is no square of the 8x8 board: {out}");
    let (out, _, code) = play(&["--variant", "international", "--flip"], "quit\n");
    assert_eq!(code, Some(0));
    assert!(out.lines().nth(1).unwrap().trim().starts_with('w'), "White at the top: {out}");
    assert!(out.lines().nth(1).unwrap().ends_with("50..46"), "{out}");
}
