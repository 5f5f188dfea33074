//! Self-play, for any game ([`TrainingGame`]): the engine plays itself from each of the game's
//! openings (the 174 three-move ballots in Dama Italiana), with a few random plies after the
//! opening so that the games differ, at a fixed node count or depth per move.
//!
//! Game `g` starts from opening `g / 2` (modulo their number) and its random plies come from the
//! seed and `g`, so a game is the same whatever the thread count or the shard that plays it, and
//! a run is reproducible. A shard (`--shard I/N`) plays its block of the game pairs only
//! ([`Shard::games`]); [`crate::merge`] joins the shards' files into the file of one run. Every position
//! in which the side to move has no capture and more than one move is kept with the search score;
//! positions seen earlier in the run are dropped (deduplication by position key).
//!
//! A game ends by the rules (no move, threefold repetition, the move count), or is adjudicated:
//! when the search finds a forced win, or when the score stays beyond `adjudicate` for six plies
//! in a row for the same side.
//!
//! Under a node limit, each move gets a random share of 3/4 to 5/4 of it, so that games which
//! meet in one position do not play on alike (a deterministic engine would repeat the rest of
//! the game, and every later position would be a duplicate).

use crate::data::{DataHeader, DataWriter, GameBlock, Record, SCORE_LIMIT};
use crate::game::TrainingGame;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::score::is_decisive;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_frontend::shard::Shard;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// How to play the games of `R`.
#[derive(Clone, Debug)]
pub struct SelfPlaySettings<R: TrainingGame> {
    /// Games to have in the file when done (numbered from 0).
    pub games: u32,
    /// Nodes per move, or
    pub nodes: Option<u64>,
    /// depth per move.
    pub depth: Option<u32>,
    /// Random plies after the opening.
    pub random_plies: u32,
    /// Seed of the random plies.
    pub seed: u64,
    /// Adjudicate a win when the score stays beyond this for six plies (hundredths of a man).
    pub adjudicate: i32,
    /// Games longer than this many plies are drawn.
    pub max_plies: u32,
    /// The engine's evaluation.
    pub eval: R::Eval,
    /// Play only this shard's games of `games` (its file is marked with the shard).
    pub shard: Option<Shard>,
}

impl<R: TrainingGame> SelfPlaySettings<R> {
    /// The numbers of the games to play: all of `games`, or the shard's block of them.
    pub fn game_numbers(&self) -> std::ops::Range<u32> {
        match self.shard {
            Some(shard) => {
                let games = shard.games(u64::from(self.games));
                games.start as u32..games.end as u32
            }
            None => 0..self.games,
        }
    }
}

/// Progress after each game written.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Games in the file.
    pub games: u32,
    /// Games to reach.
    pub target: u32,
    /// Positions in the file.
    pub positions: u64,
}

/// The outcome of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Games in the file, and how many were already there.
    pub games: u32,
    pub resumed_games: u32,
    /// Positions in the file, and how many this run added.
    pub positions: u64,
    pub new_positions: u64,
    /// Results of this run's games: White wins, draws, Black wins.
    pub white_wins: u32,
    pub draws: u32,
    pub black_wins: u32,
}

/// A finished game before deduplication.
struct Game<R: TrainingGame> {
    number: u32,
    positions: Vec<(R::Position, i16)>,
    result: i8,
}

fn play_game<R: TrainingGame>(
    number: u32,
    opening: &[R::Move],
    settings: &SelfPlaySettings<R>,
    searcher: &mut Searcher<R>,
) -> Game<R> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(
        settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(number),
    );
    let mut position = R::start();
    let mut history = GameHistory::new::<R>(&position);
    for mv in opening {
        let next = R::play(&position, mv);
        history.push_move::<R>(&position, mv, &next);
        position = next;
    }
    for _ in 0..settings.random_plies {
        let moves = R::legal_moves(&position);
        let Some(mv) = moves.choose(&mut rng) else { break };
        let next = R::play(&position, mv);
        history.push_move::<R>(&position, mv, &next);
        position = next;
    }
    searcher.clear();
    // Under a node limit each move gets between 3/4 and 5/4 of it at random: without this the
    // engine is deterministic, and two games that meet in one position play on alike, every
    // later position a duplicate.
    let limits = |rng: &mut rand::rngs::StdRng| match (settings.nodes, settings.depth) {
        (_, Some(depth)) => SearchLimits::depth(depth),
        (nodes, None) => {
            let nodes = nodes.unwrap_or(2_000).max(4);
            SearchLimits::nodes(rng.gen_range(nodes * 3 / 4..=nodes * 5 / 4))
        }
    };
    let mut positions = Vec::new();
    let (mut streak_side, mut streak) = (0i32, 0u32);
    let mut plies = 0;
    let white_to_move = |p: &R::Position| R::side_to_move(p) == Color::White;
    let result = loop {
        let moves = R::legal_moves(&position);
        if moves.is_empty() {
            break if white_to_move(&position) { -1 } else { 1 };
        }
        if history.is_draw() || plies >= settings.max_plies {
            break 0;
        }
        let outcome =
            searcher.search(&position, &history, &limits(&mut rng), &SearchControl::new(), |_| {});
        let Some(mv) = outcome.best_move else { break 0 };
        let white_score = if white_to_move(&position) { outcome.score } else { -outcome.score };
        if moves.len() > 1 && !R::is_capture(&moves[0]) {
            let clamped = white_score.clamp(-SCORE_LIMIT, SCORE_LIMIT) as i16;
            positions.push((position, clamped));
        }
        if is_decisive(outcome.score) && moves.len() > 1 {
            break white_score.signum() as i8;
        }
        let side = if white_score >= settings.adjudicate {
            1
        } else if white_score <= -settings.adjudicate {
            -1
        } else {
            0
        };
        streak = if side != 0 && side == streak_side { streak + 1 } else { u32::from(side != 0) };
        streak_side = side;
        if streak >= 6 {
            break side as i8;
        }
        let next = R::play(&position, &mv);
        history.push_move::<R>(&position, &mv, &next);
        position = next;
        plies += 1;
    };
    Game { number, positions, result }
}

/// Plays games of `R` into `path` until it holds `settings.games` games, resuming a file made
/// with the same settings. `stop` ends the run after the games under way; `progress` is called
/// after each game written.
pub fn run<R: TrainingGame>(
    path: &Path,
    settings: &SelfPlaySettings<R>,
    stop: &AtomicBool,
    mut progress: impl FnMut(Progress),
) -> Result<Summary, String> {
    if settings.nodes.is_some() == settings.depth.is_some() {
        return Err("give either nodes or a depth per move".to_string());
    }
    let header = DataHeader {
        game: R::DATA_GAME,
        nodes: settings.nodes.unwrap_or(0),
        depth: settings.depth.unwrap_or(0),
        random_plies: settings.random_plies,
        seed: settings.seed,
        shard: settings.shard,
    };
    let (mut writer, existing) = DataWriter::<R>::open(path, header)?;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut done: HashSet<u32> = HashSet::new();
    let mut positions = 0u64;
    for block in &existing {
        done.insert(block.game);
        for record in &block.records {
            seen.insert(R::key(&record.position));
        }
        positions += block.records.len() as u64;
    }
    let mut summary = Summary {
        games: done.len() as u32,
        resumed_games: done.len() as u32,
        positions,
        new_positions: 0,
        white_wins: 0,
        draws: 0,
        black_wins: 0,
    };
    let openings = R::openings();
    let numbers = settings.game_numbers();
    let target = numbers.len() as u32;
    // A shard's file holds its block of the games only: one of a run with another --games
    // would hold another block.
    let stray = done.iter().find(|g| !numbers.contains(g));
    if let (Some(shard), Some(stray)) = (settings.shard, stray) {
        return Err(format!(
            "{} holds game {stray}, outside shard {shard} of {} games (games {} to {}): it was \
             made with another --games; use another --out to start afresh",
            path.display(),
            settings.games,
            numbers.start,
            numbers.end.saturating_sub(1)
        ));
    }
    let todo: Vec<u32> = numbers.filter(|g| !done.contains(g)).collect();
    let batch = (rayon::current_num_threads() * 4).max(4);
    for chunk in todo.chunks(batch) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let games: Vec<Game<R>> = chunk
            .par_iter()
            .map_init(
                || {
                    let mut searcher = Searcher::<R>::new(8, 1).expect("an 8 MiB table");
                    searcher.set_eval(settings.eval.clone());
                    searcher
                },
                |searcher, &number| {
                    let opening = &openings[(number as usize / 2) % openings.len()];
                    play_game(number, opening, settings, searcher)
                },
            )
            .collect();
        for game in games {
            let records: Vec<Record<R>> = game
                .positions
                .iter()
                .filter(|(p, _)| seen.insert(R::key(p)))
                .map(|&(position, score)| Record { position, score, result: game.result })
                .collect();
            let count = records.len() as u64;
            writer
                .write_game(&GameBlock { game: game.number, records })
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            match game.result {
                1 => summary.white_wins += 1,
                -1 => summary.black_wins += 1,
                _ => summary.draws += 1,
            }
            summary.games += 1;
            summary.positions += count;
            summary.new_positions += count;
            progress(Progress { games: summary.games, target, positions: summary.positions });
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::read;
    use dama_engine::italian::{EvalOptions, Italian};

    #[test]
    fn games_are_written_deduplicated_and_resumed() {
        let path = std::env::temp_dir().join(format!("dama-selfplay-{}.bin", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let settings = SelfPlaySettings::<Italian> {
            games: 4,
            nodes: Some(300),
            depth: None,
            random_plies: 2,
            seed: 1,
            adjudicate: 400,
            max_plies: 300,
            eval: EvalOptions::DEFAULT,
            shard: None,
        };
        let stop = AtomicBool::new(false);
        let first =
            run(&path, &SelfPlaySettings { games: 2, ..settings.clone() }, &stop, |_| {}).unwrap();
        assert_eq!((first.games, first.resumed_games), (2, 0));
        let second = run(&path, &settings, &stop, |_| {}).unwrap();
        assert_eq!((second.games, second.resumed_games), (4, 2));
        let file = read::<Italian>(&path).unwrap();
        let mut numbers: Vec<u32> = file.games.iter().map(|g| g.game).collect();
        numbers.sort();
        assert_eq!(numbers, vec![0, 1, 2, 3]);
        let mut keys = HashSet::new();
        for record in file.games.iter().flat_map(|g| &g.records) {
            assert!(keys.insert(record.position.key()), "a repeated position");
            assert!(!record.position.has_capture(), "a position with a capture to make");
            assert!(record.position.legal_moves().len() > 1);
        }
        assert!(keys.len() > 20, "only {} positions", keys.len());
        assert_eq!(second.positions, keys.len() as u64);
        std::fs::remove_file(&path).unwrap();
    }
}
