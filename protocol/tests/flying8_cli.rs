//! `--variant russian|brazilian` on the command line: `dama moves` (each game's start, its rules
//! on a file of positions, FENs in numbers and in algebraic squares), `dama perft` (dctl's and
//! KestoG's published counts), `dama analyze`, `dama bench`, and the errors.

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
fn both_games_start_with_white_s_seven_steps() {
    for variant in ["russian", "brazilian"] {
        let (out, err, code) = run(&["moves", "--variant", variant]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out, "a3-b4\nc3-b4\nc3-d4\ne3-d4\ne3-f4\ng3-f4\ng3-h4\n");
    }
}

#[test]
fn the_rules_of_each_game_on_a_file_of_positions() {
    let file = temp_file("flying8.fen");
    // A man crowned on d8 in a capture (b6 takes c7); a king that must land where it can go on
    // (e5, to take f4); free choice against majority capture; a FEN in the games' numbers.
    std::fs::write(&file, "W:Wb6:Bc7,f6\nW:WKa1:Bc3,f4\nW:Wc3,h2:Bd4,f6,g3\nW:W10:B14,23\n")
        .unwrap();
    let path = file.display().to_string();
    let (out, err, code) = run(&["moves", "--variant", "russian", "--fen-file", &path]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "W:Wb6:Bc7,f6\tb6:d8:h4 b6:d8:g5\nW:WKa1:Bc3,f4\ta1:e5:h2 a1:e5:g3\n\
         W:Wc3,h2:Bd4,f6,g3\th2:f4 c3:e5:g7\nW:W10:B14,23\tc3:e5:g7\n"
    );
    let (out, err, code) = run(&["moves", "--variant", "brazilian", "--fen-file", &path]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out,
        "W:Wb6:Bc7,f6\tb6:d8\nW:WKa1:Bc3,f4\ta1:e5:h2 a1:e5:g3\n\
         W:Wc3,h2:Bd4,f6,g3\tc3:e5:g7\nW:W10:B14,23\tc3:e5:g7\n"
    );
    std::fs::remove_file(file).unwrap();
}

#[test]
fn perft_counts_the_published_numbers() {
    let counts = |out: &str| -> Vec<String> {
        out.lines().map(|l| l.split_whitespace().nth(3).unwrap().to_string()).collect()
    };
    // dctl's tables, one leaf per distinct move.
    let (out, err, code) = run(&["perft", "--variant", "russian", "--depth", "7"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&out), ["7", "49", "302", "1469", "7482", "37986", "190146"]);
    let (out, err, code) = run(&["perft", "--variant", "brazilian", "--depth", "7"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&out), ["7", "49", "302", "1469", "7473", "37628", "187302"]);
    // KestoG's table counts routes: its second position at depth 10.
    let fen = "W:Wa7,a5,b4,c3,f2,h2,g1:Bb8,c7,e7,g7,g5,f4,h4";
    let args = ["perft", "--variant", "russian", "--fen", fen, "--depth", "10", "--paths"];
    let (out, err, code) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(counts(&out).last().map(String::as_str), Some("644551"));
    // The split by root move, algebraic.
    let (out, err, code) = run(&["perft", "--variant", "russian", "--depth", "3", "--divide"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\na3-b4 ") && out.ends_with("g3-h4 48\n"), "{out}");
}

#[test]
fn analyze_finds_a_flying_king_s_win() {
    // The king on a1 takes d4 from afar: Black has nothing left.
    for variant in ["russian", "brazilian"] {
        let (out, err, code) =
            run(&["analyze", "--variant", variant, "--fen", "W:WKa1:Bd4", "--depth", "4"]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains(" win in 1 "), "{out}");
        assert!(out.lines().last().unwrap().starts_with("bestmove a1:"), "{out}");
    }
    // Moves in any notation are replayed; a wrong one is refused with its number.
    let args = ["analyze", "--variant", "russian", "--moves", "c3-d4 22-18", "--depth", "3"];
    let (out, err, code) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("FEN W:W1-9,11,12,14:B18,21,23-32"), "{out}");
    let args = ["analyze", "--variant", "russian", "--moves", "c3-d4 c3-d4", "--depth", "3"];
    let (_, err, code) = run(&args);
    assert_eq!(code, Some(2));
    assert!(err.contains("move 2 is refused") && err.contains("f6-g5"), "{err}");
}

#[test]
fn bad_positions_and_options_are_refused() {
    let (_, err, code) = run(&["moves", "--variant", "russian", "--fen", "W:Wb1:B20"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("light square"), "{err}");
    let (_, err, code) = run(&["moves", "--variant", "brazilian", "--fen", "W:W29:B1"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("crowning row"), "{err}");
    let (_, err, code) = run(&["perft", "--variant", "russian", "--depth", "2", "--threads", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("one thread"), "{err}");
}

#[test]
fn bench_runs_both_games() {
    for variant in ["russian", "brazilian"] {
        let (out, err, code) = run(&["bench", "--variant", variant, "--depth", "5"]);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(out.lines().filter(|l| l.starts_with("position ")).count(), 12, "{out}");
        let (again, _, _) = run(&["bench", "--variant", variant, "--depth", "5"]);
        let total = |text: &str| text.lines().find(|l| l.starts_with("nodes ")).map(String::from);
        assert!(total(&out).is_some());
        assert_eq!(total(&out), total(&again), "the node count is a fingerprint");
    }
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dama-flying8-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

#[test]
fn each_game_builds_and_probes_its_own_endgame_tables() {
    let dir = scratch("egdb");
    let tables = dir.display().to_string();
    for variant in ["russian", "brazilian"] {
        let build = ["egdb", "build", "--variant", variant, "--pieces", "3", "--dir", &tables];
        let (out, err, code) = run(&build);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains("slices built"), "{out}");
        assert!(dir.join(variant).join("m0k2-m0k1.egdb").is_file());
        // Two kings against a king on h8, held on the main road by the king on a1: won; a king
        // against a king: drawn; a position of four pieces: beyond these tables.
        let probe = |fen: &str| {
            run(&["egdb", "probe", "--variant", variant, "--fen", fen, "--dir", &tables])
        };
        let (out, err, code) = probe("W:WK1,K2:BK32");
        assert_eq!(code, Some(0), "{err}");
        assert!(out.starts_with("W:WK1,K2:BK32\twin\t"), "{out}");
        let (out, _, _) = probe("W:WK22:BK11");
        assert_eq!(out, "W:WK22:BK11\tdraw\n");
        let (_, err, code) = probe("W:WK1,K2,K3:BK32");
        assert_ne!(code, Some(0));
        assert!(err.contains("4 pieces but the tables hold at most 3"), "{err}");
        let (_, err, code) = probe("W:Wb1:B20");
        assert_ne!(code, Some(0));
        assert!(err.contains("light square") && !err.contains("panicked"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_and_tune_train_weights_each_game_keeps_to_itself() {
    let dir = scratch("learn");
    let (data, weights) = (dir.join("russian.bin"), dir.join("russian.dwt"));
    let (data, weights) = (data.display().to_string(), weights.display().to_string());
    let selfplay = ["selfplay", "--variant", "russian", "--out", &data, "--games", "4"];
    let (out, err, code) = run(&[&selfplay[..], &["--nodes", "300", "--threads", "1"]].concat());
    assert_eq!(code, Some(0), "{err}");
    assert!(format!("{out}{err}").contains("games 4"), "{out}{err}");
    let tune = ["tune", "--variant", "russian", "--data", &data, "--out", &weights];
    let (out, err, code) = run(&[&tune[..], &["--epochs", "2", "--threads", "1"]].concat());
    assert_eq!(code, Some(0), "{out}{err}");
    let analyze = ["analyze", "--variant", "russian", "--eval-file", &weights, "--depth", "4"];
    let (out, err, code) = run(&analyze);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.lines().last().unwrap().starts_with("bestmove "), "{out}");
    // Brazilian refuses Russian weights by name.
    let analyze = ["analyze", "--variant", "brazilian", "--eval-file", &weights, "--depth", "4"];
    let (_, err, code) = run(&analyze);
    assert_eq!(code, Some(2));
    assert!(err.contains("for Russian draughts, not Brazilian draughts"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
