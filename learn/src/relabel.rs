//! Relabelling: the positions of a self-play file searched again, deeper than the games searched
//! them and with the endgame tables, for any game ([`TrainingGame`]). The file written has the
//! same games, positions and results in the same order; the search score of every position
//! whose piece count lies in the chosen range is replaced by a search of `nodes` nodes, the
//! others keep theirs. Its header is the input's, with the relabelling's node count.
//!
//! A search starts from the position alone (no game history). Each game's positions are
//! searched in file order by one searcher whose transposition table is cleared at the start of
//! the game, so a file relabels alike whatever the thread count. The output is written a game at
//! a time and resumed: games already in it are checked against the input and skipped.

use crate::data::{self, DataHeader, DataWriter, GameBlock, Record, SCORE_LIMIT};
use crate::game::TrainingGame;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::tables::EndgameTables;
use rayon::prelude::*;
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How to search the positions of `R` again.
#[derive(Clone)]
pub struct RelabelSettings<R: TrainingGame> {
    /// Nodes per position.
    pub nodes: u64,
    /// The piece counts whose positions are searched again; the others keep their scores.
    pub pieces: RangeInclusive<u32>,
    /// The engine's evaluation.
    pub eval: R::Eval,
    /// The endgame tables the searches probe.
    pub tables: Option<Arc<dyn EndgameTables<R::Position>>>,
}

/// Progress after each game written.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Games in the output, and in the input.
    pub games: usize,
    pub target: usize,
    /// Positions searched again by this run.
    pub searched: u64,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games in the output, and how many were there already.
    pub games: usize,
    pub resumed_games: usize,
    /// Positions in the output, and how many this run searched again.
    pub positions: u64,
    pub searched: u64,
    /// Of those searched: the mean of |new score - old score| (hundredths of a man), and how
    /// many changed verdict (a side ahead by a man or more, or neither).
    pub mean_change: f64,
    pub verdicts_changed: u64,
}

/// A score's verdict: 1 when White is a man or more ahead, -1 when Black is, else 0.
fn verdict(score: i16) -> i8 {
    match score {
        s if s >= 100 => 1,
        s if s <= -100 => -1,
        _ => 0,
    }
}

fn pieces<R: TrainingGame>(position: &R::Position) -> u32 {
    let [white, black, _] = R::masks(position);
    (white | black).count_ones()
}

/// The game `block` with the positions in range searched again by `searcher`.
fn relabel_game<R: TrainingGame>(
    block: &GameBlock<R>,
    settings: &RelabelSettings<R>,
    searcher: &mut Searcher<R>,
) -> GameBlock<R> {
    searcher.clear();
    let records = block
        .records
        .iter()
        .map(|record| {
            if !settings.pieces.contains(&pieces::<R>(&record.position)) {
                return *record;
            }
            let history = GameHistory::new::<R>(&record.position);
            let outcome = searcher.search(
                &record.position,
                &history,
                &SearchLimits::nodes(settings.nodes),
                &SearchControl::new(),
                |_| {},
            );
            let white = if R::side_to_move(&record.position) == Color::White {
                outcome.score
            } else {
                -outcome.score
            };
            Record { score: white.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16, ..*record }
        })
        .collect();
    GameBlock { game: block.game, records }
}

/// Searches the positions of `input` again into `output`, resuming an output made from the same
/// input with the same nodes. `stop` ends the run after the games under way; `progress` is
/// called after each game written.
pub fn run<R: TrainingGame>(
    input: &Path,
    output: &Path,
    settings: &RelabelSettings<R>,
    stop: &AtomicBool,
    mut progress: impl FnMut(Progress),
) -> Result<Summary, String> {
    if settings.nodes == 0 {
        return Err("give at least one node per position".to_string());
    }
    if input == output {
        return Err("write the relabelled positions to another file than the input".to_string());
    }
    let source = data::read::<R>(input)?;
    let header = DataHeader { nodes: settings.nodes, depth: 0, ..source.header };
    let (mut writer, existing) = DataWriter::<R>::open(output, header)?;
    let by_number: HashMap<u32, &GameBlock<R>> =
        source.games.iter().map(|block| (block.game, block)).collect();
    for block in &existing {
        let same = by_number.get(&block.game).is_some_and(|original| {
            original.records.len() == block.records.len()
                && original
                    .records
                    .iter()
                    .zip(&block.records)
                    .all(|(a, b)| a.position == b.position && a.result == b.result)
        });
        if !same {
            return Err(format!(
                "{} holds game {} unlike that of {}: it was made from another file; use another \
                 output to start afresh",
                output.display(),
                block.game,
                input.display()
            ));
        }
    }
    let done: std::collections::HashSet<u32> = existing.iter().map(|b| b.game).collect();
    let mut summary = Summary {
        games: existing.len(),
        resumed_games: existing.len(),
        positions: existing.iter().map(|b| b.records.len() as u64).sum(),
        ..Summary::default()
    };
    let todo: Vec<&GameBlock<R>> =
        source.games.iter().filter(|b| !done.contains(&b.game)).collect();
    let target = source.games.len();
    let mut change_sum = 0f64;
    let batch = (rayon::current_num_threads() * 4).max(4);
    for chunk in todo.chunks(batch) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let games: Vec<GameBlock<R>> = chunk
            .par_iter()
            .map_init(
                || {
                    let mut searcher = Searcher::<R>::new(8, 1).expect("an 8 MiB table");
                    searcher.set_eval(settings.eval.clone());
                    searcher.set_endgame_tables(settings.tables.clone());
                    searcher
                },
                |searcher, block| relabel_game(block, settings, searcher),
            )
            .collect();
        for (new, old) in games.iter().zip(chunk) {
            for (a, b) in old.records.iter().zip(&new.records) {
                if settings.pieces.contains(&pieces::<R>(&a.position)) {
                    summary.searched += 1;
                    change_sum += f64::from((i32::from(b.score) - i32::from(a.score)).abs());
                    summary.verdicts_changed += u64::from(verdict(a.score) != verdict(b.score));
                }
            }
            writer
                .write_game(new)
                .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
            summary.games += 1;
            summary.positions += new.records.len() as u64;
            progress(Progress { games: summary.games, target, searched: summary.searched });
        }
    }
    summary.mean_change = change_sum / (summary.searched.max(1) as f64);
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::read;
    use crate::selfplay::{self, SelfPlaySettings};
    use dama_engine::board8::position::Position;
    use dama_engine::italian::{EvalOptions, Italian};
    use dama_engine::tables::{TableGame, TablebaseValue};

    fn temp(name: &str) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("dama-relabel-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// Tables that call every position of at most 8 pieces a win for the side to move: a search
    /// that probes them scores such positions as decisive.
    struct AllWon;

    impl EndgameTables for AllWon {
        fn game(&self) -> TableGame {
            TableGame::Italian
        }
        fn max_pieces(&self) -> u32 {
            8
        }
        fn probe(&self, position: &Position) -> Option<TablebaseValue> {
            (pieces::<Italian>(position) <= 8).then_some(TablebaseValue::Win)
        }
    }

    fn selfplay_file(path: &Path, games: u32, nodes: u64) {
        let settings = SelfPlaySettings::<Italian> {
            games,
            nodes: Some(nodes),
            depth: None,
            random_plies: 2,
            seed: 3,
            adjudicate: 30_000,
            max_plies: 300,
            eval: EvalOptions::DEFAULT,
            shard: None,
        };
        selfplay::run(path, &settings, &AtomicBool::new(false), |_| {}).unwrap();
    }

    #[test]
    fn scores_in_range_change_the_others_stay_and_a_run_resumes() {
        let (input, output) = (temp("in.bin"), temp("out.bin"));
        selfplay_file(&input, 12, 400);
        let source = read::<Italian>(&input).unwrap();
        let small = |r: &Record<Italian>| pieces::<Italian>(&r.position) <= 8;
        let records = || source.games.iter().flat_map(|g| &g.records);
        assert!(records().filter(|r| small(r)).count() > 5, "too few small positions");
        assert!(records().filter(|r| !small(r)).count() > 5, "too few large positions");
        let settings = RelabelSettings::<Italian> {
            nodes: 2_000,
            pieces: 2..=8,
            eval: EvalOptions::DEFAULT,
            tables: Some(Arc::new(AllWon)),
        };
        // Stop after the first batch (4 games on one thread), then resume to the end.
        let stop = AtomicBool::new(false);
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let first = one
            .install(|| {
                run(&input, &output, &settings, &stop, |p| {
                    stop.store(p.games >= 1, Ordering::Relaxed)
                })
            })
            .unwrap();
        let second = run(&input, &output, &settings, &AtomicBool::new(false), |_| {}).unwrap();
        assert!(first.games >= 1 && first.games < source.games.len());
        assert_eq!(second.resumed_games, first.games);
        assert_eq!(second.games, source.games.len());
        assert_eq!(first.searched + second.searched, records().filter(|r| small(r)).count() as u64);
        let relabelled = read::<Italian>(&output).unwrap();
        assert_eq!(relabelled.header, DataHeader { nodes: 2_000, ..source.header });
        let numbers =
            |f: &data::DataFile<Italian>| f.games.iter().map(|g| g.game).collect::<Vec<_>>();
        assert_eq!(numbers(&relabelled), numbers(&source));
        let new: Vec<_> = relabelled.games.iter().flat_map(|g| &g.records).collect();
        assert_eq!(new.len(), records().count());
        for (a, b) in records().zip(new) {
            assert_eq!((a.position, a.result), (b.position, b.result));
            if small(a) {
                assert_eq!(i32::from(b.score).abs(), SCORE_LIMIT, "{:?}", a.position);
            } else {
                assert_eq!(a.score, b.score);
            }
        }
        // Two threads write the same file as one.
        let twice = temp("two-threads.bin");
        let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        two.install(|| run(&input, &twice, &settings, &AtomicBool::new(false), |_| {})).unwrap();
        assert_eq!(std::fs::read(&twice).unwrap(), std::fs::read(&output).unwrap());
        std::fs::remove_file(twice).unwrap();
        // The output of another input (same settings, other games) is not resumed.
        let other = temp("other.bin");
        selfplay_file(&other, 2, 300);
        let refused = run(&other, &output, &settings, &AtomicBool::new(false), |_| {});
        assert!(refused.unwrap_err().contains("another file"));
        assert!(run(&input, &input, &settings, &AtomicBool::new(false), |_| {}).is_err());
        for path in [input, output, other] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
