//! Growing a book of any game with the engine: seed every line of the first plies, then drop-out
//! expansion from the start position and from each opening (ballot), scoring each new position's
//! moves with the game's search, a batch of positions at a time in parallel.

use crate::openings::{lines_from_start, Ballot};
use crate::tree::{negate, Tree};
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::rules::Rules;
use dama_engine::score::{loss_in, Score};
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use rayon::prelude::*;
use std::collections::HashSet;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How each move of a new book position is scored: a search of the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LeafLimit {
    /// A search to this nominal depth (repeatable).
    Depth(u32),
    /// A search of this long (not repeatable).
    Time(Duration),
}

/// What to build and how, for the game `R` (Dama Italiana by default).
#[derive(Clone, Debug)]
pub struct BuildOptions<R: Rules = Italian> {
    /// The search of each move.
    pub leaf: LeafLimit,
    /// Stop when the book holds this many positions (the seed lines are always completed).
    pub positions: usize,
    /// Every line of this many plies from the start is in the book (3: all 302 three-ply lines
    /// of Dama Italiana).
    pub seed_plies: usize,
    /// Openings (the Italian ballots): each is in the book and a root of its own drop-out
    /// expansion, beside the start position.
    pub ballots: Vec<Ballot<R>>,
    /// The cost of one ply, in centi-men, against the shortfall of a move from the best.
    pub ply_cost: Score,
    /// Positions expanded per batch. The build depends on it, not on `threads`.
    pub batch: usize,
    /// Worker threads (each with its own single-threaded searcher).
    pub threads: usize,
    /// Transposition table per searcher, in MiB.
    pub hash_mib: usize,
}

/// What a build is doing, reported after every batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Adding every line of the first plies.
    Seeding,
    /// Drop-out expansion.
    Expanding,
}

/// Progress of a build.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The current phase.
    pub phase: Phase,
    /// Positions in the book now.
    pub positions: usize,
    /// Positions wanted.
    pub target: usize,
    /// Moves searched so far in this run.
    pub searches: u64,
    /// Time since this run started.
    pub elapsed: Duration,
}

/// Grows `tree` (empty, or read back from an earlier build's file) as `options` say; calls
/// `after_batch` after every batch, e.g. to save the file and show progress. An error from
/// `after_batch` (a save that failed) stops the build and is returned.
pub fn build<R: Rules>(
    tree: &mut Tree<R>,
    options: &BuildOptions<R>,
    mut after_batch: impl FnMut(&Tree<R>, &Progress) -> Result<(), String>,
) -> Result<(), String> {
    let workers = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", options.threads))?;
    let mut searchers = Vec::new();
    for _ in 0..options.threads.max(1) {
        searchers.push(Searcher::<R>::new(options.hash_mib, 1).map_err(|e| e.to_string())?);
    }
    let pool = Mutex::new(searchers);
    let started = Instant::now();
    let mut searches = 0u64;
    let mut run_batch = |tree: &mut Tree<R>, batch: &[R::Position], phase: Phase| {
        let scored: Vec<Vec<(R::Move, Score)>> = workers.install(|| {
            batch
                .par_iter()
                .map(|p| with_searcher(&pool, options, |s| score_moves::<R>(s, p, options.leaf)))
                .collect()
        });
        for (position, moves) in batch.iter().zip(&scored) {
            searches += moves.len() as u64;
            tree.add(*position, moves);
        }
        tree.refresh();
        let progress = Progress {
            phase,
            positions: tree.len(),
            target: options.positions,
            searches,
            elapsed: started.elapsed(),
        };
        after_batch(tree, &progress)
    };
    let batch_size = options.batch.max(1);
    for batch in seeds(tree, options).chunks(batch_size) {
        run_batch(tree, batch, Phase::Seeding)?;
    }
    let mut anchors = vec![R::start()];
    anchors.extend(options.ballots.iter().map(Ballot::position));
    while tree.len() < options.positions {
        let wanted = batch_size.min(options.positions - tree.len());
        let batch = tree.frontier(&anchors, options.ply_cost, wanted);
        if batch.is_empty() {
            break;
        }
        run_batch(tree, &batch, Phase::Expanding)?;
    }
    Ok(())
}

/// Runs `task` with a searcher from the pool (a new one if the pool is empty).
fn with_searcher<R: Rules, T>(
    pool: &Mutex<Vec<Searcher<R>>>,
    options: &BuildOptions<R>,
    task: impl FnOnce(&mut Searcher<R>) -> T,
) -> T {
    let taken = pool.lock().expect("searcher pool").pop();
    let mut searcher = taken.unwrap_or_else(|| {
        Searcher::<R>::new(options.hash_mib, 1).expect("a table of this size was made before")
    });
    let result = task(&mut searcher);
    pool.lock().expect("searcher pool").push(searcher);
    result
}

/// The positions of every line of `seed_plies` plies or fewer and of every ballot's line that
/// are not yet in the tree (and not over), shallowest first.
fn seeds<R: Rules>(tree: &Tree<R>, options: &BuildOptions<R>) -> Vec<R::Position> {
    let mut lines: Vec<Vec<R::Move>> =
        (0..=options.seed_plies).flat_map(lines_from_start::<R>).collect();
    for ballot in &options.ballots {
        lines.extend((0..=ballot.moves.len()).map(|n| ballot.moves[..n].to_vec()));
    }
    lines.sort_by_key(Vec::len);
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for line in lines {
        let position = line.iter().fold(R::start(), |p, mv| R::play(&p, mv));
        let open = !R::legal_moves(&position).is_empty();
        if open && !tree.contains(&position) && seen.insert(R::key(&position)) {
            out.push(position);
        }
    }
    out
}

/// Scores every legal move of `position` for its side to move, with a fresh table (so the result
/// depends only on the position and the limit).
pub fn score_moves<R: Rules>(
    searcher: &mut Searcher<R>,
    position: &R::Position,
    leaf: LeafLimit,
) -> Vec<(R::Move, Score)> {
    searcher.clear();
    let limits = match leaf {
        LeafLimit::Depth(d) => SearchLimits::depth(d),
        LeafLimit::Time(t) => SearchLimits::move_time(t),
    };
    R::legal_moves(position)
        .into_iter()
        .map(|mv| (mv, negate(evaluate(searcher, &R::play(position, &mv), &limits, 0))))
        .collect()
}

/// The score of `position` for its side to move. A lone legal move is played out first: the
/// search answers it at once without a score.
fn evaluate<R: Rules>(
    searcher: &mut Searcher<R>,
    position: &R::Position,
    limits: &SearchLimits,
    forced: u32,
) -> Score {
    let moves = R::legal_moves(position);
    match moves.len() {
        0 => loss_in(0),
        1 if forced < 40 => {
            negate(evaluate(searcher, &R::play(position, &moves[0]), limits, forced + 1))
        }
        _ => {
            let history = GameHistory::new::<R>(position);
            searcher.search(position, &history, limits, &SearchControl::new(), |_| {}).score
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::{ballots, numbered_lines};
    use dama_engine::board8::position::Position;
    use dama_engine::international::International;

    #[test]
    fn a_small_build_seeds_every_line_then_expands() {
        let options = BuildOptions {
            leaf: LeafLimit::Depth(2),
            positions: 70,
            seed_plies: 2,
            ballots: ballots().into_iter().take(2).collect(),
            ply_cost: 10,
            batch: 8,
            threads: 2,
            hash_mib: 1,
        };
        let mut tree = Tree::new();
        let mut reports = Vec::new();
        build(&mut tree, &options, |_, p| {
            reports.push(*p);
            Ok(())
        })
        .unwrap();
        assert_eq!(tree.len(), 70);
        let seeded = reports.iter().rfind(|p| p.phase == Phase::Seeding).unwrap();
        assert_eq!(seeded.positions, 1 + 7 + 49 + 2, "two plies and two ballots");
        assert!(options.ballots.iter().all(|b| tree.contains(&b.position())));
        for line in lines_from_start::<Italian>(2) {
            assert!(tree.contains(&line.iter().fold(Position::start(), |p, m| p.play(m))));
        }
        // The same options give the same book, whatever the thread count.
        let mut again = Tree::new();
        build(&mut again, &BuildOptions { threads: 1, ..options }, |_, _| Ok(())).unwrap();
        assert_eq!(again.to_text(&[]), tree.to_text(&[]));
    }

    #[test]
    fn a_build_resumes_from_its_text() {
        let options = BuildOptions::<Italian> {
            leaf: LeafLimit::Depth(2),
            positions: 12,
            seed_plies: 1,
            ballots: Vec::new(),
            ply_cost: 2,
            batch: 4,
            threads: 1,
            hash_mib: 1,
        };
        let mut first = Tree::<Italian>::new();
        build(&mut first, &options, |_, _| Ok(())).unwrap();
        let text = first.to_text(&[]);
        let mut resumed = Tree::from_lines(&crate::format::parse_book::<Italian>(&text).unwrap());
        let mut searched = 0;
        build(&mut resumed, &BuildOptions { positions: 20, ..options }, |_, p| {
            searched = p.searches;
            Ok(())
        })
        .unwrap();
        assert_eq!(resumed.len(), 20);
        assert!(searched > 0 && searched < 100, "only the new positions are searched: {searched}");
        for line in crate::format::parse_book::<Italian>(&text).unwrap() {
            assert!(resumed.contains(&line.position));
        }
    }

    #[test]
    fn an_error_after_a_batch_stops_the_build_at_once() {
        let options = BuildOptions::<Italian> {
            leaf: LeafLimit::Depth(2),
            positions: 40,
            seed_plies: 1,
            ballots: Vec::new(),
            ply_cost: 2,
            batch: 4,
            threads: 1,
            hash_mib: 1,
        };
        let mut tree = Tree::<Italian>::new();
        let mut batches = 0;
        let result = build(&mut tree, &options, |_, _| {
            batches += 1;
            if batches == 2 {
                Err("cannot write 'x.book': disk full".to_string())
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("cannot write 'x.book': disk full".to_string()));
        assert_eq!(batches, 2, "no batch runs after the error");
        assert!(tree.len() < 40);
    }

    #[test]
    fn an_international_build_roots_its_openings_and_repeats() {
        let options = BuildOptions {
            leaf: LeafLimit::Depth(2),
            positions: 30,
            seed_plies: 1,
            ballots: numbered_lines::<International>(2).into_iter().take(3).collect(),
            ply_cost: 5,
            batch: 6,
            threads: 2,
            hash_mib: 1,
        };
        let mut tree = Tree::new();
        build(&mut tree, &options, |_, _| Ok(())).unwrap();
        assert_eq!(tree.len(), 30);
        assert!(tree.contains(&International::start()));
        assert!(options.ballots.iter().all(|b| tree.contains(&b.position())));
        let text = tree.to_text(&[]);
        assert!(text.starts_with("start | "), "{text}");
        let lines = crate::format::parse_book::<International>(&text).unwrap();
        assert_eq!(lines.len(), 30);
        let mut again = Tree::new();
        build(&mut again, &BuildOptions { threads: 1, ..options }, |_, _| Ok(())).unwrap();
        assert_eq!(again.to_text(&[]), text, "the same book on one thread as on two");
    }
}
