//! `dama hub` playing English, International, Russian and Brazilian draughts: the `variant`
//! param (with Scan's and pydraughts' names for International), each game's position string, and
//! searches whose `info` and `done` moves are checked legal by the engine's rules for that game.

mod hub_support;
mod isolated;

use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use hub_support::transcript;

/// Checks every `info` line's principal variation and the `done` move (and its ponder move) of
/// the searches in `output`, in order, against `positions` under the rules `R`.
fn check_searches<R: Rules>(output: &[String], positions: &[R::Position]) {
    let mut searches = positions.iter();
    let mut position = *searches.next().expect("a position per search");
    let mut dones = 0;
    for line in output {
        let legal_line = |pv: &str| {
            let mut p = position;
            for text in pv.split_whitespace() {
                let mv = R::parse_move(&p, text).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(R::hub_text(&p, &mv), text, "moves are written in Hub form: {line}");
                p = R::play(&p, &mv);
            }
        };
        if let Some(rest) = line.strip_prefix("info ") {
            let pv = rest.split("pv=\"").nth(1).expect("pv").trim_end_matches('"');
            legal_line(pv);
        } else if let Some(rest) = line.strip_prefix("done move=") {
            let moves: Vec<&str> = rest.split(" ponder=").collect();
            legal_line(&moves.join(" "));
            dones += 1;
            if let Some(next) = searches.next() {
                position = *next;
            }
        } else {
            assert!(!line.starts_with("error"), "{line}\n{output:#?}");
        }
    }
    assert_eq!(dones, positions.len(), "{output:#?}");
}

fn after<R: Rules>(start: R::Position, moves: &str) -> R::Position {
    let mut history = dama_engine::history::GameHistory::from_key(R::key(&start), 100);
    dama_engine::history::play_line::<R>(start, &mut history, moves).unwrap()
}

#[test]
fn the_variant_param_names_all_five_games() {
    let output = transcript(&["hub"], 0);
    let variant = output.iter().find(|l| l.starts_with("param name=variant ")).unwrap();
    assert_eq!(
        variant,
        "param name=variant value=italian type=enum \
         values=\"italian english international russian brazilian\""
    );
}

/// A game of `R` (Russian or Brazilian, named `name`) as pydraughts' HubEngine sends it: the
/// position string row by row from Black's side (b8, d8, f8, h8, a7, ...: the order of
/// pydraughts' `initial_hub_fen`), the moves in the games' numbers (1 = a1), captures in the Hub
/// form `from x to x captured...`; algebraic moves are read too.
fn flying8_game<R: Rules>(name: &str) {
    let start = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
    // pydraughts 0.6.7: Board(name, "W:W10,K1:B14,K32")._game.initial_hub_fen
    let string = "WeeeBeeeeeeeeeeeeebeeeweeeeeeWeee";
    let output = transcript(
        &[
            "hub",
            &format!("set-param name=variant value={name}"),
            "init",
            &format!("pos pos={start} moves=\"10-14 23-19 14x23x19\""),
            "level depth=6",
            "go think",
            &format!("pos pos={string}"),
            "level depth=6",
            "go think",
            "pos start moves=\"c3-d4 f6-g5\"",
            "level nodes=2000",
            "go think",
        ],
        3,
    );
    let positions = [
        after::<R>(R::start(), "c3-d4 f6-e5 d4:f6"),
        R::parse_fen("W:Wc3,Ka1:Bd4,Kh8").unwrap(),
        after::<R>(R::start(), "10-14 23-20"),
    ];
    check_searches::<R>(&output, &positions);
    // The second position: c3 must take d4 (and the king a1 cannot, c3 stands in its way).
    let dones: Vec<&String> = output.iter().filter(|l| l.starts_with("done ")).collect();
    assert!(dones[1].starts_with("done move=10x19x14"), "{output:#?}");
}

#[test]
fn russian_and_brazilian_games_as_pydraughts_sends_them() {
    flying8_game::<Russian>("russian");
    flying8_game::<Brazilian>("brazilian");
}

#[test]
fn english_games_from_the_start_and_from_pydraughts_position_strings() {
    // pydraughts' English position string for B:W18,K30:B5,K12 (Black to move), see the rules.
    let string = "WeeBeeeeeeeeeeebeeeeeWeeeeeeweeee";
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=english",
            "init",
            "pos start moves=\"11-15 23-19\"",
            "level depth=6",
            "go think",
            &format!("pos pos={string}"),
            "level depth=8",
            "go think",
            "pos start moves=\"22-18\"",
            "pos start",
            "level nodes=2000",
            "go think",
        ],
        3,
    );
    assert!(output.iter().any(|l| l.starts_with("error message=\"pos: moves: move 1")));
    let output: Vec<String> = output.into_iter().filter(|l| !l.starts_with("error")).collect();
    let start = English::start();
    let positions = [
        after::<English>(start, "11-15 23-19"),
        English::parse_fen("B:W18,K30:B5,K12").unwrap(),
        start,
    ];
    check_searches::<English>(&output, &positions);
}

#[test]
fn an_english_king_taking_pieces_around_a_loop_has_one_move_named_by_either_route() {
    // White's king on 26 takes 22, 14, 15 and 23 and comes back, by 17, 10, 19 or by 19, 10, 17:
    // the only legal move, written once in Hub form, and read back from either route's path.
    let position = English::parse_fen("W:WK26,K30:B3,14,15,22,23").unwrap();
    let string = English::to_hub_position(&position);
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=english",
            "init",
            &format!("pos pos={string}"),
            "level depth=4",
            "go think",
            &format!("pos pos={string} moves=\"26x19x10x17x26\""),
            "level depth=4",
            "go think",
        ],
        2,
    );
    let first_done = output.iter().find(|l| l.starts_with("done ")).unwrap();
    assert!(first_done.starts_with("done move=26x26x22x14x15x23"), "{output:#?}");
    let positions = [position, after::<English>(position, "26x17x10x19x26")];
    check_searches::<English>(&output, &positions);
}

#[test]
fn international_games_under_every_name_of_the_variant() {
    let start = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    for name in ["international", "normal", "standard"] {
        let output = transcript(
            &[
                "hub",
                &format!("set-param name=variant value={name}"),
                "init",
                &format!("pos pos={start} moves=\"32-28 19-23 28x19 14x23\""),
                "level depth=5",
                "go think",
                "pos pos=BeeeebeeeeeeBeeeeeweeeeeeeeeeeWeeeeeeeeeeeeeeeeeeee",
                "level move-time=0.05",
                "go think",
            ],
            2,
        );
        let positions = [
            after::<International>(International::start(), "32-28 19-23 28x19 14x23"),
            International::parse_fen("B:W18,K30:B5,K12").unwrap(),
        ];
        check_searches::<International>(&output, &positions);
    }
}

#[test]
fn an_italian_position_string_is_refused_in_international_and_switching_back_works() {
    let italian = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
    let output = transcript(
        &[
            "set-param name=variant value=international",
            &format!("pos pos={italian}"),
            "set-param name=variant value=italian",
            &format!("pos pos={italian} moves=\"22-18\""),
            "level depth=4",
            "go think",
        ],
        1,
    );
    assert!(output[0].starts_with("error message=\"pos: bad position string"), "{output:#?}");
    check_searches::<Italian>(&output[1..], &[after::<Italian>(Italian::start(), "22-18")]);
}

#[test]
fn a_variant_set_during_a_search_applies_to_the_pos_after_it() {
    // The `pos` is read after the search has begun, with the variant change still held: it must
    // be read as International.
    let output = transcript(
        &[
            "set-param name=book value=false",
            "pos start",
            "level move-time=0.3",
            "go think",
            "set-param name=variant value=standard",
            "pos start moves=\"32-28\"",
            "level depth=3",
            "go think",
        ],
        2,
    );
    assert!(output.iter().all(|l| !l.starts_with("error")), "{output:#?}");
    let first_done = output.iter().position(|l| l.starts_with("done ")).unwrap();
    check_searches::<Italian>(&output[..=first_done], &[Italian::start()]);
    check_searches::<International>(
        &output[first_done + 1..],
        &[after::<International>(International::start(), "32-28")],
    );
}

#[test]
fn english_and_international_take_their_own_weights_files() {
    use dama_engine::learned::{Features, LearnedEval};
    let dir = std::env::temp_dir();
    let english = dir.join(format!("dama-hub-english-{}.dwt", std::process::id()));
    std::fs::write(&english, LearnedEval::<English>::to_bytes(&English::initial_weights()))
        .unwrap();
    let path = english.display().to_string();
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=english",
            "hub",
            "set-param name=eval value=classic",
            "hub",
            "set-param name=eval value=learned",
            &format!("set-param name=eval-file value=\"{path}\""),
            "init",
            "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
            "level depth=4",
            "go think",
        ],
        1,
    );
    // English switches between its classic evaluation and its built-in weights, then takes its
    // own weights file and the search plays with it.
    assert!(!output.iter().any(|l| l.starts_with("error")), "{output:#?}");
    let declared: Vec<&String> =
        output.iter().filter(|l| l.starts_with("param name=eval value=")).collect();
    // Italian's default, English's default (its built-in weights), then classic as asked.
    assert_eq!(declared.len(), 3, "{output:#?}");
    assert!(declared[1].starts_with("param name=eval value=learned "), "{output:#?}");
    assert!(declared[2].starts_with("param name=eval value=classic "), "{output:#?}");
    let start = English::parse_hub_position("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww").unwrap();
    let searches: Vec<String> = output
        .iter()
        .filter(|l| l.starts_with("info ") || l.starts_with("done "))
        .cloned()
        .collect();
    check_searches::<English>(&searches, &[start]);
    // The English file does not load for International's learned evaluation.
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=international",
            &format!("set-param name=eval-file value=\"{path}\""),
            "set-param name=eval value=learned",
            "hub",
            "quit",
        ],
        0,
    );
    let errors: Vec<&String> = output.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{output:#?}");
    let variants: Vec<&String> =
        output.iter().filter(|l| l.starts_with("param name=variant value=")).collect();
    assert!(variants[1].starts_with("param name=variant value=international "), "{output:#?}");
    assert!(errors[0].contains("holds weights for english, not international"), "{output:#?}");
    // International's own built-in weights stay in use.
    let eval: Vec<&String> =
        output.iter().filter(|l| l.starts_with("param name=eval value=")).collect();
    assert_eq!(eval.len(), 2, "{output:#?}");
    assert!(eval[1].starts_with("param name=eval value=learned "), "{output:#?}");
    let _ = std::fs::remove_file(english);
}

#[test]
fn international_go_think_plays_a_book_move_at_once_only_when_the_book_param_is_set() {
    // The International book is not played by default: `go think` searches. Set explicitly,
    // `book` plays it: from the start `done` comes at once, before any other search, with one of
    // the book's moves, even with a long move time. English, whose book is off by default,
    // searches.
    let output = transcript(
        &[
            "set-param name=variant value=international",
            "pos start",
            "level depth=2",
            "go think",
            "set-param name=book value=true",
            "pos start",
            "level move-time=60",
            "go think",
        ],
        2,
    );
    let dones: Vec<usize> = (0..output.len()).filter(|&i| output[i].starts_with("done ")).collect();
    let infos: Vec<usize> = (0..output.len()).filter(|&i| output[i].starts_with("info ")).collect();
    assert!(!infos.is_empty() && infos.iter().all(|&i| i < dones[0]), "{output:#?}");
    let book_done = dones[1];
    let start = International::start();
    let book: Vec<String> = dama_book::international_book()
        .moves(&start)
        .iter()
        .map(|m| International::hub_text(&start, &m.mv))
        .collect();
    let played = output[book_done].strip_prefix("done move=").unwrap();
    let played = played.split_whitespace().next().unwrap();
    assert!(book.iter().any(|m| m == played), "{played} is not a book move: {book:?}");
    check_searches::<International>(&output, &[start, start]);

    let english = transcript(
        &["set-param name=variant value=english", "pos start", "level depth=2", "go think"],
        1,
    );
    assert!(english.iter().any(|l| l.starts_with("info ")), "English searches: {english:#?}");
    check_searches::<English>(&english, &[English::start()]);
}

#[test]
fn russian_takes_its_own_weights_file_and_brazilian_refuses_it() {
    use dama_engine::learned::{Features, LearnedEval};
    let dir = std::env::temp_dir();
    let russian = dir.join(format!("dama-hub-russian-{}.dwt", std::process::id()));
    std::fs::write(&russian, LearnedEval::<Russian>::to_bytes(&Russian::initial_weights()))
        .unwrap();
    let path = russian.display().to_string();
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=russian",
            &format!("set-param name=eval-file value=\"{path}\""),
            "set-param name=eval value=learned",
            "init",
            "level depth=4",
            "go think",
        ],
        1,
    );
    // The Russian file loads for Russian's learned evaluation and the search plays with it.
    assert!(!output.iter().any(|l| l.starts_with("error")), "{output:#?}");
    let eval: Vec<&String> =
        output.iter().filter(|l| l.starts_with("param name=eval value=learned ")).collect();
    assert!(!eval.is_empty(), "{output:#?}");
    let searches: Vec<String> = output
        .iter()
        .filter(|l| l.starts_with("info ") || l.starts_with("done "))
        .cloned()
        .collect();
    check_searches::<Russian>(&searches, &[Russian::start()]);
    // Brazilian refuses it by name, and keeps what it had.
    let output = transcript(
        &[
            "hub",
            "set-param name=variant value=brazilian",
            &format!("set-param name=eval-file value=\"{path}\""),
            "init",
            "level depth=3",
            "go think",
        ],
        1,
    );
    let errors: Vec<&String> = output.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{output:#?}");
    assert!(errors[0].contains("holds weights for russian, not brazilian"), "{output:#?}");
    let searches: Vec<String> = output
        .iter()
        .filter(|l| l.starts_with("info ") || l.starts_with("done "))
        .cloned()
        .collect();
    check_searches::<Brazilian>(&searches, &[Brazilian::start()]);
    let _ = std::fs::remove_file(russian);
}
