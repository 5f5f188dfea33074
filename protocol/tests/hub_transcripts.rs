//! Transcripts of `dama hub`: scripted input (the input closed after the last line) and the
//! exact output expected. Lines that depend on the search are checked by shape: `info` lines
//! field by field with a legal principal variation, `done` lines with a legal move and reply.
//! Every transcript also checks that the engine exits successfully and writes nothing on stderr.

mod hub_support;
mod isolated;

use hub_support::{
    check_transcript, hub_string, info_score, lines, position_after, transcript, Engine, Expect,
    START,
};

const ID: &str = "id name=Dama version=0.1.0 author=\"The Dama developers\" country=Italy";

use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::search::{SearchOptions, DEFAULT_MOVE_OVERHEAD};

/// The search feature and evaluation-term switches, each a bool param with the engine's default.
fn switches() -> impl Iterator<Item = &'static &'static str> {
    SearchOptions::SWITCHES.iter().chain(EvalOptions::SWITCHES)
}

fn params(threads: &str, tt: &str, book: &str, ponder: &str, plies: &str) -> Vec<String> {
    let overhead = DEFAULT_MOVE_OVERHEAD.as_millis().to_string();
    params_with_switch(threads, tt, book, ponder, plies, &overhead, None)
}

fn params_with_switch(
    threads: &str,
    tt: &str,
    book: &str,
    ponder: &str,
    plies: &str,
    overhead: &str,
    off: Option<&str>,
) -> Vec<String> {
    let switches = switches().map(|name| {
        // The Hub starts in Dama Italiana: its switches as that game plays them.
        let default = SearchOptions::for_game::<Italian>()
            .get(name)
            .or_else(|| EvalOptions::DEFAULT.get(name))
            .expect("a switch");
        let on = if off == Some(*name) { false } else { default };
        format!("param name={name} value={on} type=bool")
    });
    let mut list = vec![
        "param name=variant value=italian type=enum \
         values=\"italian english international russian brazilian\""
            .to_string(),
        format!("param name=threads value={threads} type=int min=1 max=64"),
        format!("param name=tt-size value={tt} type=int min=1 max=65536"),
        format!("param name=book value={book} type=bool"),
        format!("param name=ponder value={ponder} type=bool"),
        format!("param name=quiet-ply-limit value={plies} type=int min=1 max=1000"),
        "param name=log-file value=\"\" type=string".to_string(),
        "param name=egdb-path value=\"\" type=string".to_string(),
        "param name=egdb-build value=true type=bool".to_string(),
        "param name=egdb-pieces value=6 type=int min=0 max=6".to_string(),
        "param name=multipv value=1 type=int min=1 max=64".to_string(),
        "param name=skill value=20 type=int min=1 max=20".to_string(),
        format!("param name=move-overhead value={overhead} type=int min=0 max=5000"),
        format!(
            "param name=eval value={} type=enum values=\"classic learned\"",
            EvalOptions::default().eval_name()
        ),
        "param name=eval-file value=\"\" type=string".to_string(),
    ];
    list.extend(switches);
    list
}

#[test]
fn handshake_declares_the_engine_and_every_param_then_set_param_changes_them() {
    let mut expected = vec![ID.to_string()];
    expected.extend(params("1", "64", "true", "false", "80"));
    expected.extend(["wait".to_string(), "ready".to_string(), ID.to_string()]);
    expected.extend(params_with_switch(
        "2",
        "16",
        "false",
        "true",
        "79",
        "45",
        Some("table-cutoffs"),
    ));
    expected.push("wait".to_string());
    check_transcript(
        &[
            "hub",
            "set-param name=variant value=italian",
            "set-param name=threads value=2",
            "set-param name=tt-size value=16",
            "set-param name=book value=false",
            "set-param name=ponder value=true",
            "set-param name=quiet-ply-limit value=79",
            "set-param name=move-overhead value=45",
            "set-param name=table-cutoffs value=false",
            "init",
            "hub",
        ],
        &lines(&expected),
    );
}

#[test]
fn set_param_refuses_unknown_names_and_bad_values_and_keeps_the_old_value() {
    let mut expected: Vec<String> = [
        "set-param: unknown variant 'turkish': Dama plays italian, english, international (also \
         named normal or standard), russian and brazilian",
        "set-param: threads must be an integer from 1 to 64, got '0'",
        "set-param: threads must be an integer from 1 to 64, got 'two'",
        "set-param: tt-size must be an integer from 1 to 65536, got '0'",
        "set-param: tt-size must be an integer from 1 to 65536, got ''",
        "set-param: book must be true or false, got 'yes'",
        "set-param: ponder must be true or false, got '1'",
        "set-param: quiet-ply-limit must be an integer from 1 to 1000, got '0'",
        "set-param: unknown param 'colour'",
        "set-param: value= is missing",
        "set-param: name= is missing",
        "set-param: value is given twice",
        "set-param: late-move-reductions must be true or false, got 'off'",
        "set-param: egdb-pieces must be an integer from 0 to 6, got '7'",
        "set-param: move-overhead must be an integer from 0 to 5000, got '5001'",
        "set-param: move-overhead must be an integer from 0 to 5000, got '-1'",
        "set-param: move-overhead must be an integer from 0 to 5000, got '0.03'",
    ]
    .iter()
    .map(|m| format!("error message=\"{m}\""))
    .collect();
    expected.push(ID.to_string());
    expected.extend(params("1", "64", "true", "false", "80"));
    expected.extend(["wait".to_string(), "ready".to_string(), "pong".to_string()]);
    check_transcript(
        &[
            "set-param name=variant value=turkish",
            "set-param name=threads value=0",
            "set-param name=threads value=two",
            "set-param name=tt-size value=0",
            "set-param name=tt-size value=\"\"",
            "set-param name=book value=yes",
            "set-param name=ponder value=1",
            "set-param name=quiet-ply-limit value=0",
            "set-param name=colour value=red",
            "set-param name=threads",
            "set-param value=2",
            "set-param name=threads value=2 value=3",
            "set-param name=late-move-reductions value=off",
            "set-param name=egdb-pieces value=7",
            "set-param name=move-overhead value=5001",
            "set-param name=move-overhead value=-1",
            "set-param name=move-overhead value=0.03",
            "hub",
            "init",
            "ping",
        ],
        &lines(&expected),
    );
}

#[test]
fn every_level_form_and_every_go_mode_answer_exactly_one_done() {
    let start = position_after(START, "");
    let forms = [
        "level depth=4",
        "level nodes=3000",
        "level move-time=0.05",
        "level time=1",
        "level time=0.9 inc=0.1",
        "level moves=40 time=2",
        "level moves=40 time=2 inc=0.1",
        "level time=-0.05 inc=0.1",
        "level depth=30 nodes=2000",
    ];
    let mut input = vec!["hub", "init"];
    for form in forms {
        input.extend(["pos start", form, "go think"]);
    }
    // Searches that only `stop` ends, the stop right behind them.
    input.extend(["pos start", "level infinite", "go think", "stop"]);
    input.extend(["pos start", "go analyze", "stop"]);
    input.extend(["pos start", "level depth=2", "go analyze", "stop"]);
    input.extend(["pos start", "level move-time=0.05", "go ponder", "ponder-hit"]);
    input.extend(["pos start", "go ponder", "stop"]);
    input.push("ping");
    let handshake = transcript(&["hub"], 0);
    let mut expected: Vec<Expect> = handshake.iter().map(|l| Expect::Line(l)).collect();
    expected.push(Expect::Line("ready"));
    expected.extend((0..forms.len() + 5).map(|_| Expect::Search(start)));
    expected.push(Expect::Line("pong"));
    check_transcript(&input, &expected);
}

#[test]
fn pos_takes_the_start_or_a_position_string_and_moves_in_every_notation() {
    let forced = "done move=18x11x14";
    let string_with_moves = format!("pos pos={START} moves=\"22-18 11-14\"");
    let after_capture = position_after(START, "22-18 11-14 18x11x14");
    let black_king = hub_string("B:W21,22:BK5,K6");
    let black_king_pos = format!("pos pos={black_king}");
    check_transcript(
        &[
            "pos start moves=\"22-18 11-14\"",
            "go think",
            &string_with_moves,
            "go think",
            "pos start moves=\"22-18 11-14 18x11\"",
            "level depth=3",
            "go think",
            "pos start moves=\"22-18 11-14 18x11x14 7x14 21-17\"",
            "level depth=3",
            "go think",
            &black_king_pos,
            "level depth=3",
            "go think",
            "pos start moves=\"\"",
            "level depth=1",
            "go think",
        ],
        &[
            Expect::Line(forced),
            Expect::Line(forced),
            Expect::Search(after_capture),
            Expect::Search(position_after(START, "22-18 11-14 18x11x14 7x14 21-17")),
            Expect::Search(position_after(&black_king, "")),
            Expect::Search(position_after(START, "")),
        ],
    );
}

#[test]
fn unknown_commands_and_arguments_are_ignored_and_blank_lines_too() {
    check_transcript(
        &[
            "xyzzy",
            "future-command name=x value=\"a b\"",
            "",
            "   \t ",
            "ping extra=1 flag",
            "  ping  \r",
            "new-game",
            "pos start colour=red",
            "level depth=2 handicap=3",
            "go think later",
            "new-game",
            "ping",
        ],
        &[
            Expect::Line("pong"),
            Expect::Line("pong"),
            Expect::Search(position_after(START, "")),
            Expect::Line("pong"),
        ],
    );
}

#[test]
fn commands_queue_behind_a_search_and_each_go_gets_its_own_done() {
    let start = position_after(START, "");
    check_transcript(
        &[
            "level depth=3",
            "go think",
            "hub-unknown",
            "level depth=2",
            "go think",
            "bad\"line",
            "level nodes=500",
            "go think",
            "ping",
        ],
        &[
            Expect::Search(start),
            Expect::Search(start),
            Expect::Line("error message=\"not a command: 'bad?line'\""),
            Expect::Search(start),
            Expect::Line("pong"),
        ],
    );
}

#[test]
fn wins_are_reported_beyond_ninety_and_losses_below_minus_ninety() {
    let won = hub_string("W:WK19,K20:B28");
    let lost = hub_string("B:WK22,K20:B28");
    let input = [
        format!("pos pos={won}"),
        "level depth=12".to_string(),
        "go think".to_string(),
        format!("pos pos={lost}"),
        "level depth=12".to_string(),
        "go think".to_string(),
    ];
    let input: Vec<&str> = input.iter().map(String::as_str).collect();
    let output = transcript(&input, 2);
    let dones: Vec<usize> =
        output.iter().enumerate().filter(|(_, l)| l.starts_with("done")).map(|(i, _)| i).collect();
    assert_eq!(dones.len(), 2, "{output:#?}");
    let win = info_score(&output[dones[0] - 1]);
    let loss = info_score(&output[dones[1] - 1]);
    assert!(win > 90.0 && win <= 100.0, "{output:#?}");
    assert!((-100.0..-90.0).contains(&loss), "{output:#?}");
}

#[test]
fn the_log_goes_to_a_file_only_when_asked() {
    let dir = std::env::temp_dir();
    let first = dir.join(format!("dama-hub-log-{}-a.log", std::process::id()));
    let second = dir.join(format!("dama-hub-log-{}-b.log", std::process::id()));
    let _ = std::fs::remove_file(&first);
    let _ = std::fs::remove_file(&second);
    let mut engine = Engine::start(&["--log-file", first.to_str().unwrap()]);
    engine.send("ping");
    engine.expect("pong");
    engine.send(&format!("set-param name=log-file value=\"{}\"", second.display()));
    engine.send("set-param name=log-file value=/nonexistent-dir/x.log");
    let error = engine.next();
    assert!(error.starts_with("error message=\"set-param: cannot open log file"), "{error}");
    engine.send("ping");
    engine.expect("pong");
    assert!(engine.finish().is_empty());
    let first_log = std::fs::read_to_string(&first).unwrap();
    let second_log = std::fs::read_to_string(&second).unwrap();
    assert!(first_log.contains("< ping") && first_log.contains("> pong"), "{first_log}");
    assert!(second_log.contains("< ping") && second_log.contains("> pong"), "{second_log}");
    let _ = std::fs::remove_file(&first);
    let _ = std::fs::remove_file(&second);
}

#[test]
fn a_search_switch_set_by_param_reaches_the_search() {
    // At depth 1 from the start nothing can be captured: with material only, every score is 0.
    let output = transcript(
        &[
            "set-param name=book value=false",
            "set-param name=positional-eval value=false",
            "pos start",
            "level depth=1",
            "go think",
            "set-param name=positional-eval value=true",
            "pos start",
            "level depth=1",
            "go think",
        ],
        2,
    );
    let scores: Vec<f64> =
        output.iter().filter(|l| l.starts_with("info ")).map(|l| info_score(l)).collect();
    assert_eq!(scores.len(), 2, "{output:#?}");
    assert_eq!(scores[0], 0.0, "{output:#?}");
    assert_ne!(scores[1], 0.0, "{output:#?}");
}

#[test]
fn go_think_in_a_book_position_answers_at_once_with_a_book_move() {
    // The start position and the main ballots are in the embedded book: `done` comes with no
    // search (no `info`), and the move is one of the book's moves there. With the book off the
    // engine searches.
    let output = transcript(
        &[
            "init",
            "pos start",
            "go think",
            "set-param name=book value=false",
            "pos start",
            "level depth=2",
            "go think",
        ],
        2,
    );
    let done: Vec<&String> = output.iter().filter(|l| l.starts_with("done ")).collect();
    assert_eq!(done.len(), 2, "{output:#?}");
    let first_info =
        output.iter().position(|l| l.starts_with("info ")).expect("the second go searches");
    let first_done = output.iter().position(|l| l.starts_with("done ")).unwrap();
    assert!(first_done < first_info, "the book move comes before any search: {output:#?}");
    let start = dama_engine::board8::position::Position::start();
    let book: Vec<String> = dama_book::default_book()
        .moves(&start)
        .iter()
        .map(|m| dama_engine::italian::notation::hub_notation(&m.mv))
        .collect();
    let played = done[0].strip_prefix("done move=").unwrap().split_whitespace().next().unwrap();
    assert!(book.iter().any(|m| m == played), "{played} is not a book move: {book:?}");
}
