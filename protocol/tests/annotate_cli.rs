//! `dama annotate` on a PDN file of several games (comments, a variation, a FEN start with Black
//! to move, an illegal move, a planted blunder, an English game): the readable games come back
//! as PDN with the same moves (the English one under English rules, GameType 21), the blunder is
//! flagged with the right better move, the unreadable game is named on stderr, and a graph is
//! written per annotated game.

mod isolated;
mod match_support;

use dama_engine::english::English;
use dama_engine::pdn::{parse_pdn_games, read_pdn_games};
use match_support::temp_file;

const INPUT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/annotate.pdn");

#[test]
fn games_are_annotated_and_bad_games_reported() {
    let out = temp_file("annotated.pdn");
    let svg = temp_file("graph.svg");
    let run = isolated::dama()
        .args(["annotate", INPUT, "--depth", "6", "--out"])
        .arg(&out)
        .arg("--svg")
        .arg(&svg)
        .output()
        .expect("dama runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "some games are unreadable: {stderr}");
    assert!(stderr.contains("game 3: move 3"), "{stderr}");
    assert!(!stderr.contains("game 5"), "the English game reads as English: {stderr}");
    assert!(stderr.contains("1 of 5 games could not be read"), "{stderr}");

    let input = parse_pdn_games(&std::fs::read_to_string(INPUT).unwrap());
    let expected: Vec<_> = input.into_iter().filter_map(Result::ok).collect();
    let text = std::fs::read_to_string(&out).unwrap();
    let annotated: Vec<_> = parse_pdn_games(&text).into_iter().filter_map(Result::ok).collect();
    assert_eq!(annotated.len(), 3);
    let english: Vec<_> =
        read_pdn_games::<English>(&text).into_iter().filter_map(Result::ok).collect();
    assert_eq!(english.len(), 1, "{text}");
    assert_eq!(english[0].moves.len(), 2);
    assert_eq!(english[0].tag("GameType"), Some("21"));
    for (a, e) in annotated.iter().zip(&expected) {
        assert_eq!((a.start, &a.moves), (e.start, &e.moves), "{}", a.tag("Event").unwrap());
        assert!(a.tag("Annotator").unwrap().starts_with("Dama"));
    }
    // Every move has its evaluation comment, and each game a summary.
    let comments = text.matches('{').count();
    let moves: usize = annotated.iter().map(|g| g.moves.len()).sum::<usize>() + 2;
    assert_eq!(comments, moves + annotated.len() + 1, "{text}");
    assert_eq!(text.matches("{Dama, depth 6: White").count(), 4);
    // The planted blunder: 23-19 lets 15x22 take a man; 23-20 keeps both.
    assert!(text.contains("1. 23-19??"), "{text}");
    assert!(text.contains("better 23-20"), "{text}");
    assert!(text.contains("White 0 mistakes, 1 blunder"), "{text}");
    // A game starting with Black to move numbers its first move "1...".
    assert!(text.contains("1... 10-14"), "{text}");
    for number in [1, 2, 4, 5] {
        let name = svg
            .with_file_name(format!("{}-{number}.svg", svg.file_stem().unwrap().to_string_lossy()));
        let page = std::fs::read_to_string(&name).unwrap();
        assert!(page.starts_with("<svg") && page.contains("<polyline"), "{}", name.display());
        std::fs::remove_file(name).unwrap();
    }
    std::fs::remove_file(out).unwrap();
}

#[test]
fn bad_arguments_are_refused_with_a_reason() {
    let cases: [(&[&str], &str); 4] = [
        (&["annotate", "/no/such/file.pdn"], "cannot read"),
        (&["annotate", INPUT, "--movetime", "0"], "--movetime must be a positive"),
        (&["annotate", INPUT, "--mistake", "2", "--blunder", "1"], "--blunder"),
        (&["annotate", INPUT, "--mistake", "nan"], "--mistake"),
    ];
    for (args, message) in cases {
        let run = isolated::dama().args(args).output().expect("dama runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}
