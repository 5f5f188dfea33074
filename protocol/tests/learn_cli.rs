//! The learned evaluation's pipeline end to end, small: `dama selfplay` writes a few hundred
//! positions (and resumes), `dama tune` lowers the validation loss and writes weights, and those
//! weights load in `dama hub` (param eval-file) and play a refereed match with legal moves only.
//! Also the errors of each step.

mod isolated;
mod match_support;

use match_support::{dama_hub, play, read_pdn, replay, temp_file};
use std::path::PathBuf;
use std::process::Output;

fn run(args: &[&str]) -> Output {
    isolated::dama().args(args).output().expect("dama runs")
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Runs `dama args`, which must fail (status 2) with a message containing `expected`.
fn refused(args: &[&str], expected: &str) {
    let output = run(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", text(&output));
    assert!(text(&output).contains(expected), "{args:?}: {}", text(&output));
}

/// The number after `word` in `text`.
fn number_after(text: &str, word: &str) -> f64 {
    let at = text.find(word).unwrap_or_else(|| panic!("no '{word}' in {text}")) + word.len();
    text[at..]
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find(|s| !s.is_empty())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no number after '{word}' in {text}"))
}

#[test]
fn generate_train_and_play() {
    let data = temp_file("selfplay.bin");
    let weights = temp_file("weights.dwt");
    let data_arg = data.display().to_string();
    let weights_arg = weights.display().to_string();

    let first = run(&["selfplay", "--out", &data_arg, "--games", "6", "--nodes", "400"]);
    assert!(first.status.success(), "{}", text(&first));
    let resumed = run(&["selfplay", "--out", &data_arg, "--games", "10", "--nodes", "400"]);
    assert!(resumed.status.success(), "{}", text(&resumed));
    let out = text(&resumed);
    assert!(out.contains("games 10 (resumed 6)"), "{out}");
    let positions = number_after(&out, "positions ");
    assert!(positions >= 300.0, "{out}");
    // The same file with other settings is refused, and nothing is lost.
    let other = run(&["selfplay", "--out", &data_arg, "--games", "12", "--nodes", "500"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(text(&other).contains("other settings"), "{}", text(&other));

    let tune = run(&[
        "tune",
        "--data",
        &data_arg,
        "--out",
        &weights_arg,
        "--epochs",
        "4",
        "--batch",
        "128",
    ]);
    assert!(tune.status.success(), "{}", text(&tune));
    let out = text(&tune);
    assert_eq!(number_after(&out, "positions "), positions, "every position is read: {out}");
    let before = number_after(&out, "validation loss ");
    let summary = &out[out.find("scale ").expect("a summary")..];
    let after = number_after(summary, "-> ");
    assert!(after < before, "training lowers the validation loss: {out}");

    // The weights load in the Hub and play legal, refereed games against the classic evaluation.
    let pdn = temp_file("learned.pdn");
    let hub = dama_hub();
    let learned = format!("option.eval-file={weights_arg}");
    let engines: [&[&str]; 2] =
        [&[&hub, "name=learned", &learned], &[&hub, "name=classic", "option.eval=classic"]];
    let game = play(engines, "--nodes 1000 --games 4 --option book=false", Some(&pdn));
    assert!(game.success, "{}\n{}", game.stdout, game.stderr);
    assert_eq!(game.result["games"], "4");
    assert_eq!(game.result["forfeits"], "0,0");
    let records = read_pdn(&pdn);
    for record in &records {
        replay(record);
    }
    // Two different evaluations: the games of a pair (same opening, colours reversed) are not
    // move for move the same, as they would be with one deterministic engine twice.
    let differ = records.chunks(2).any(|pair| pair[0].moves != pair[1].moves);
    assert!(differ, "every pair repeats its moves: the weights were not used");
    for path in [&data, &weights, &pdn] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn english_data_and_weights_stay_english() {
    let data = temp_file("english-selfplay.bin");
    let weights = temp_file("english-weights.dwt");
    let (data_arg, weights_arg) = (data.display().to_string(), weights.display().to_string());
    let play = |games: &str| {
        run(&[
            "selfplay",
            "--variant",
            "english",
            "--out",
            &data_arg,
            "--games",
            games,
            "--nodes",
            "300",
        ])
    };
    let first = play("4");
    assert!(first.status.success(), "{}", text(&first));
    let out = text(&first);
    assert!(out.contains("games 4 (resumed 0)") && out.contains("eval learned"), "{out}");
    let positions = number_after(&out, "positions ");
    assert!(positions >= 50.0, "{out}");
    let tune = |variant: &str| {
        let args = ["tune", "--variant", variant, "--data", &data_arg, "--out", &weights_arg];
        run(&[&args[..], &["--epochs", "2", "--batch", "64"]].concat())
    };
    let trained = tune("english");
    assert!(trained.status.success(), "{}", text(&trained));
    assert_eq!(number_after(&text(&trained), "positions "), positions, "{}", text(&trained));
    // English data does not train the Italian evaluation, nor English weights load as Italian.
    let italian = tune("italian");
    assert_eq!(italian.status.code(), Some(2));
    assert!(
        text(&italian).contains("English draughts positions, not Dama Italiana"),
        "{}",
        text(&italian)
    );
    let analyze = run(&["analyze", "--depth", "2", "--eval-file", &weights_arg]);
    assert_eq!(analyze.status.code(), Some(2));
    assert!(
        text(&analyze).contains("is for English draughts, not Dama Italiana"),
        "{}",
        text(&analyze)
    );
    // The English weights play English.
    let english =
        run(&["analyze", "--variant", "english", "--depth", "3", "--eval-file", &weights_arg]);
    assert!(english.status.success(), "{}", text(&english));
    assert!(text(&english).contains("bestmove "), "{}", text(&english));
    // Nor does an Italian file resume as English.
    let resumed = run(&[
        "selfplay",
        "--variant",
        "italian",
        "--out",
        &data_arg,
        "--games",
        "6",
        "--nodes",
        "300",
    ]);
    assert_eq!(resumed.status.code(), Some(2));
    assert!(text(&resumed).contains("English draughts positions"), "{}", text(&resumed));
    for path in [&data, &weights] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn international_data_and_weights_go_through_the_same_pipeline() {
    let data = temp_file("international-selfplay.bin");
    let weights = temp_file("international-weights.dwt");
    let (data_arg, weights_arg) = (data.display().to_string(), weights.display().to_string());
    let args = ["selfplay", "--variant", "international", "--out", &data_arg];
    let played =
        run(&[&args[..], &["--games", "2", "--nodes", "200", "--random-plies", "2"]].concat());
    assert!(played.status.success(), "{}", text(&played));
    let positions = number_after(&text(&played), "positions ");
    assert!(positions >= 20.0, "{}", text(&played));
    let args = ["tune", "--variant", "international", "--data", &data_arg, "--out", &weights_arg];
    let trained = run(&[&args[..], &["--epochs", "2", "--batch", "32"]].concat());
    assert!(trained.status.success(), "{}", text(&trained));
    assert_eq!(number_after(&text(&trained), "positions "), positions, "{}", text(&trained));
    let english =
        run(&["tune", "--variant", "english", "--data", &data_arg, "--out", &weights_arg]);
    assert_eq!(english.status.code(), Some(2));
    assert!(text(&english).contains("International draughts positions"), "{}", text(&english));
    for path in [&data, &weights] {
        let _ = std::fs::remove_file(path);
    }
}

/// Trains a network of `variant` on two games of self-play validated on two others, checks the
/// epoch kept, and plays a game with the file written against the built-in evaluation; returns
/// the training data and the network file (to remove).
fn a_network_trains_on_other_games_validation_loads_and_plays(
    variant: &str,
) -> (PathBuf, PathBuf, PathBuf) {
    let (train, held) = (
        temp_file(&format!("net-train-{variant}.bin")),
        temp_file(&format!("net-held-{variant}.bin")),
    );
    let net = temp_file(&format!("net-{variant}.dwt"));
    let [train_arg, held_arg, net_arg] = [&train, &held, &net].map(|p| p.display().to_string());
    let mut counts = Vec::new();
    for (file, seed) in [(&train_arg, "1"), (&held_arg, "2")] {
        let args = ["selfplay", "--variant", variant, "--out", file, "--seed", seed];
        let played = run(&[&args[..], &["--games", "2", "--nodes", "200"]].concat());
        assert!(played.status.success(), "{}", text(&played));
        counts.push(number_after(&text(&played), "positions "));
    }
    let args = ["tune", "--variant", variant, "--network", "--data", &train_arg];
    let more = ["--validation-data", &held_arg, "--out", &net_arg, "--epochs", "3"];
    let trained = run(&[&args[..], &more[..], &["--lambda", "0", "--batch", "16"]].concat());
    let out = text(&trained);
    assert!(trained.status.success(), "{out}");
    assert_eq!(number_after(&out, "positions "), counts[0], "{out}");
    assert_eq!(number_after(&out, "validation files "), counts[1], "{out}");
    assert!(out.contains("weights and network written"), "{out}");
    // The network written is the epoch with the lowest held-out loss, which the summary names.
    let losses: Vec<f64> = out
        .lines()
        .filter(|line| line.starts_with("epoch "))
        .map(|line| number_after(line, "validation loss "))
        .collect();
    assert_eq!(losses.len(), 4, "epoch 0 and three: {out}");
    let summary = &out[out.find("scale ").expect("a summary")..];
    let kept = number_after(summary, "(epoch ") as usize;
    assert_eq!(number_after(summary, "-> "), losses[kept], "{out}");
    assert!(losses.iter().all(|&loss| loss >= losses[kept]), "{out}");
    // The file holds the built-in weights and the network: the Hub loads it and plays with it.
    let analyze = ["analyze", "--variant", variant, "--depth", "3", "--eval-file", &net_arg];
    let analysed = run(&analyze);
    assert!(analysed.status.success(), "{}", text(&analysed));
    let hub = dama_hub();
    let with_network = format!("option.eval-file={net_arg}");
    let engines: [&[&str]; 2] = [&[&hub, "name=network", &with_network], &[&hub, "name=built-in"]];
    let options = format!("--variant {variant} --nodes 500 --games 2 --option book=false");
    let game = play(engines, &options, None);
    assert!(game.success, "{}\n{}", game.stdout, game.stderr);
    assert_eq!(game.result["forfeits"], "0,0");
    (train, held, net)
}

#[test]
fn an_international_network_trains_on_other_games_validation_loads_and_plays() {
    let (train, held, net) =
        a_network_trains_on_other_games_validation_loads_and_plays("international");
    let [train_arg, net_arg] = [&train, &net].map(|p| p.display().to_string());
    let italian_out = temp_file("net-italian.dwt");
    let italian_arg = italian_out.display().to_string();
    // A game without a network input set, and a bad step, are refused with a message.
    let italian = ["tune", "--variant", "italian", "--network", "--data", &train_arg];
    refused(&[&italian[..], &["--out", &italian_arg]].concat(), "has no network");
    let args = ["tune", "--variant", "international", "--network", "--data", &train_arg];
    let bad_rate = ["--out", &net_arg, "--network-learning-rate", "0"];
    refused(&[&args[..], &bad_rate[..]].concat(), "--network-learning-rate");
    refused(&[&args[..], &["--out", &net_arg, "--patience", "0"]].concat(), "--patience");
    refused(&[&args[..], &["--out", &net_arg, "--fit-from", "5"]].concat(), "--fit-from");
    // Fitting from past the game's last feature fits nothing: refused, with the count.
    let weights = ["tune", "--variant", "international", "--data", &train_arg, "--out", &net_arg];
    refused(&[&weights[..], &["--fit-from", "99999999"]].concat(), "leaves nothing to fit");
    // The activation is a new network's: refused without --network, for a network that has
    // its own (the built-in one's is clipped), and when it is not one of the two.
    let squared = ["--network-activation", "squared"];
    refused(&[&weights[..], &squared[..]].concat(), "give --network");
    refused(&[&args[..], &["--out", &net_arg], &squared[..]].concat(), "keeps its activation");
    let cubic = ["--out", &net_arg, "--network-activation", "cubic"];
    refused(&[&args[..], &cubic[..]].concat(), "cubic");
    for path in [&train, &held, &net, &italian_out] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn an_english_network_trains_on_other_games_validation_loads_and_plays() {
    let (train, held, net) = a_network_trains_on_other_games_validation_loads_and_plays("english");
    // An English network file is refused by International draughts, with both games named.
    let net_arg = net.display().to_string();
    let analyze =
        ["analyze", "--variant", "international", "--depth", "2", "--eval-file", &net_arg];
    refused(&analyze, "for English draughts, not International draughts");
    for path in [&train, &held, &net] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn bad_inputs_are_refused_with_a_message() {
    let missing = temp_file("missing.bin").display().to_string();
    let out = temp_file("w.dwt").display().to_string();
    refused(&["tune", "--data", &missing, "--out", &out], "cannot open");
    let garbage = temp_file("garbage.bin");
    std::fs::write(&garbage, vec![7u8; 100]).unwrap();
    let garbage_arg = garbage.display().to_string();
    refused(&["tune", "--data", &garbage_arg, "--out", &out], "DAMASELF");
    refused(&["tune", "--data", &garbage_arg, "--out", &out, "--lambda", "2"], "--lambda");
    refused(&["analyze", "--depth", "2", "--eval-file", &garbage_arg], "DAMAEVAL");
    refused(&["analyze", "--depth", "2", "--eval-file", &missing], "cannot read weights");
    refused(
        &["bench", "--depth", "2", "--eval", "classic", "--eval-file", &garbage_arg],
        "--eval-file",
    );
    let _ = std::fs::remove_file(garbage);
}

#[test]
fn relabel_searches_the_positions_again_and_resumes() {
    let data = temp_file("relabel-in.bin");
    let relabelled = temp_file("relabel-out.bin");
    let weights = temp_file("relabel-weights.dwt");
    let (data_arg, out_arg) = (data.display().to_string(), relabelled.display().to_string());
    let played = run(&[
        "selfplay",
        "--variant",
        "english",
        "--out",
        &data_arg,
        "--games",
        "4",
        "--nodes",
        "300",
    ]);
    assert!(played.status.success(), "{}", text(&played));
    let positions = number_after(&text(&played), "positions ");
    let relabel = |pieces: &str| {
        run(&[
            "relabel",
            "--variant",
            "english",
            "--data",
            &data_arg,
            "--out",
            &out_arg,
            "--nodes",
            "3000",
            "--pieces",
            pieces,
        ])
    };
    let first = relabel("2-24");
    assert!(first.status.success(), "{}", text(&first));
    let out = text(&first);
    assert!(out.contains("games 4 (resumed 0)") && out.contains("no tables"), "{out}");
    assert_eq!(number_after(&out, "searched "), positions, "every position: {out}");
    // Run again: every game is there, nothing is searched.
    let again = relabel("2-24");
    assert!(again.status.success(), "{}", text(&again));
    assert!(text(&again).contains("games 4 (resumed 4)"), "{}", text(&again));
    assert_eq!(number_after(&text(&again), "searched "), 0.0, "{}", text(&again));
    // The relabelled file trains like any other, every position read.
    let trained = run(&[
        "tune",
        "--variant",
        "english",
        "--data",
        &out_arg,
        "--out",
        &weights.display().to_string(),
        "--epochs",
        "2",
        "--batch",
        "64",
    ]);
    assert!(trained.status.success(), "{}", text(&trained));
    assert_eq!(number_after(&text(&trained), "positions "), positions, "{}", text(&trained));
    // Errors: a reversed range, the input as output, another game, a missing file.
    refused(
        &["relabel", "--data", &data_arg, "--out", &out_arg, "--pieces", "9-3"],
        "smaller first",
    );
    refused(&["relabel", "--data", &data_arg, "--out", &out_arg, "--pieces", "x"], "piece count");
    refused(
        &["relabel", "--variant", "english", "--data", &data_arg, "--out", &data_arg],
        "another file than the input",
    );
    refused(&["relabel", "--data", &data_arg, "--out", &out_arg], "English draughts positions");
    let missing = temp_file("relabel-missing.bin").display().to_string();
    refused(&["relabel", "--data", &missing, "--out", &out_arg], "cannot open");
    for path in [&data, &relabelled, &weights] {
        let _ = std::fs::remove_file(path);
    }
}
