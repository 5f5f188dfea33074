//! The search, checked against independent brute force and against its own limits.
//!
//! Forced wins are confirmed by an exhaustive win/loss solver that uses only the move generator;
//! the winning shot by a material-only alpha-beta written here, not by the engine's search.

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchLimits, SearchOptions, SearchResult, Searcher};
use std::time::{Duration, Instant};

fn search(fen: &str, limits: SearchLimits, threads: usize) -> SearchResult<Move> {
    search_with(fen, limits, threads, SearchOptions::for_game::<Italian>())
}

fn search_with(
    fen: &str,
    limits: SearchLimits,
    threads: usize,
    options: SearchOptions,
) -> SearchResult<Move> {
    let position = parse_fen(fen).unwrap();
    let mut searcher = Searcher::<Italian>::new(16, threads).unwrap();
    searcher.set_options(options);
    searcher.search(
        &position,
        &GameHistory::new::<Italian>(&position),
        &limits,
        &SearchControl::new(),
        |_| {},
    )
}

/// Whether the side to move can force the opponent out of moves within `plies` plies.
fn wins_within(position: &Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    position.legal_moves().iter().any(|mv| {
        let next = position.play(mv);
        let replies = next.legal_moves();
        replies.is_empty()
            || (plies >= 3 && replies.iter().all(|r| wins_within(&next.play(r), plies - 2)))
    })
}

/// Material (men 1, kings 1.5, in half-men) for White, minimaxed with alpha-beta to `depth`,
/// continuing while a capture is pending.
fn material_minimax(position: &Position, depth: i32, mut alpha: i32, beta: i32) -> i32 {
    let moves = position.legal_moves();
    let sign = if position.side_to_move() == Color::White { 1 } else { -1 };
    if moves.is_empty() {
        return -1000;
    }
    if depth <= 0 && !moves[0].is_capture() {
        let value =
            |c: Color| 2 * position.men(c).count() as i32 + 3 * position.kings_of(c).count() as i32;
        return sign * (value(Color::White) - value(Color::Black));
    }
    for mv in moves.iter() {
        let score = -material_minimax(&position.play(mv), depth - 1, -beta, -alpha);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

const FORCED_WINS: [&str; 5] = [
    "W:W6,K7,13,K29:B2,21",
    "W:W10,18,K23:B8,9",
    "W:W7,9,K14,26:B1,6",
    "W:WK3,14,K25,28:B2,4",
    "W:WK3,9,K11,30:B8,18",
];

/// Dama Italiana's search as it plays, and with each pruning near the horizon switched the
/// other way (futility pruning, on by default; razoring): the wins and the shot are found with
/// and without each. (ProbCut and early reductions, off in Dama Italiana, lose one of these
/// forced wins at depth 14: they are measured in the games they are on in.)
fn pruning_variants() -> Vec<SearchOptions> {
    let defaults = SearchOptions::for_game::<Italian>();
    assert!(defaults.futility, "Dama Italiana plays with futility pruning");
    let mut variants = vec![defaults.clone()];
    for switch in ["futility", "razoring"] {
        let mut options = defaults.clone();
        let on = options.get(switch).unwrap();
        assert!(options.set(switch, !on));
        variants.push(options);
    }
    variants
}

#[test]
fn finds_forced_wins_confirmed_by_brute_force() {
    for options in pruning_variants() {
        finds_forced_wins(options);
    }
}

fn finds_forced_wins(options: SearchOptions) {
    for fen in FORCED_WINS {
        let result = search_with(fen, SearchLimits::depth(14), 1, options.clone());
        let plies = dama_engine::score::plies_to_end(result.score)
            .unwrap_or_else(|| panic!("{fen}: no win found, score {} ({options:?})", result.score));
        assert!(plies > 0 && plies <= 9, "{fen}: win in {plies}");
        let position = parse_fen(fen).unwrap();
        let next = position.play(&result.best_move.unwrap());
        let replies = next.legal_moves();
        let confirmed = replies.is_empty()
            || replies.iter().all(|r| wins_within(&next.play(r), plies as u32 - 2));
        assert!(confirmed, "{fen}: the brute-force solver does not confirm a win in {plies}");
    }
}

#[test]
fn finds_the_shot_that_wins_material() {
    // Equal material (9 against 9); White's 27-23 gives a man to win two.
    let fen = "W:W17,21,25,27-32:B1-5,8,9,12,19";
    let position = parse_fen(fen).unwrap();
    assert_eq!(material_minimax(&position, 0, -10_000, 10_000), 0, "material is level");
    for options in pruning_variants() {
        let result = search_with(fen, SearchLimits::depth(12), 1, options);
        assert!(result.score >= 80, "score {}", result.score);
        let after = position.play(&result.best_move.unwrap());
        let gain = -material_minimax(&after, 7, -10_000, 10_000);
        assert!(gain >= 2, "the chosen move wins a man by material alone (gain {gain} half-men)");
    }
}

#[test]
fn never_returns_an_illegal_move() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut searcher = Searcher::<Italian>::new(4, 1).unwrap();
    for _ in 0..30 {
        let mut position = Position::start();
        let mut history = GameHistory::new::<Italian>(&position);
        for _ in 0..rng.gen_range(0..40) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            let next = position.play(&mv);
            history.push_move::<Italian>(&position, &mv, &next);
            position = next;
        }
        let limits = SearchLimits::nodes(rng.gen_range(1..3000));
        let result = searcher.search(&position, &history, &limits, &SearchControl::new(), |_| {});
        match result.best_move {
            Some(mv) => assert!(position.legal_moves().contains(&mv)),
            None => assert!(position.legal_moves().is_empty()),
        }
    }
}

#[test]
fn returns_the_only_move_instantly() {
    let started = Instant::now();
    let result = search("W:W22:BK18", SearchLimits::move_time(Duration::from_secs(5)), 1);
    assert!(started.elapsed() < Duration::from_millis(100));
    assert_eq!(dama_engine::italian::notation::path_notation(&result.best_move.unwrap()), "22-19");
}

#[test]
fn stops_on_time() {
    for ms in [50u64, 300] {
        let started = Instant::now();
        let result =
            search("W:W21-32:B1-12", SearchLimits::move_time(Duration::from_millis(ms)), 1);
        let used = started.elapsed();
        assert!(result.best_move.is_some());
        assert!(used <= Duration::from_millis(ms + 40), "{ms} ms asked, {used:?} used");
    }
}

#[test]
fn a_stop_signal_ends_an_infinite_search_within_milliseconds() {
    let position = Position::start();
    let control = std::sync::Arc::new(SearchControl::new());
    let stopper = control.clone();
    let handle = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        let at = Instant::now();
        stopper.stop();
        at
    });
    let mut searcher = Searcher::<Italian>::new(16, 2).unwrap();
    let limits = SearchLimits { infinite: true, ..SearchLimits::default() };
    let result = searcher.search(
        &position,
        &GameHistory::new::<Italian>(&position),
        &limits,
        &control,
        |_| {},
    );
    let returned = Instant::now();
    let stopped_at = handle.join().unwrap();
    assert!(result.best_move.is_some());
    assert!(returned.duration_since(stopped_at) < Duration::from_millis(50));
}

#[test]
fn respects_depth_and_node_limits() {
    let result = search("W:W21-32:B1-12", SearchLimits::depth(5), 1);
    assert_eq!(result.depth, 5);
    let result = search("W:W21-32:B1-12", SearchLimits::nodes(5_000), 1);
    assert!(result.nodes <= 5_000 + 512, "nodes {}", result.nodes);
}

#[test]
fn one_thread_is_deterministic() {
    let a = search("W:W17,21,25,27-32:B1-5,8,9,12,19", SearchLimits::depth(9), 1);
    let b = search("W:W17,21,25,27-32:B1-5,8,9,12,19", SearchLimits::depth(9), 1);
    assert_eq!((a.nodes, a.score, a.best_move), (b.nodes, b.score, b.best_move));
}

#[test]
fn agrees_with_itself_across_thread_counts_on_won_positions() {
    for fen in FORCED_WINS {
        let one = search(fen, SearchLimits::depth(14), 1);
        let two = search(fen, SearchLimits::depth(14), 2);
        assert!(one.score > 29_000 && two.score > 29_000, "{fen}: {} vs {}", one.score, two.score);
    }
}

#[test]
fn the_forty_move_count_is_a_draw_inside_the_search() {
    // Two kings against one is good for White, but with the count at its limit after one more
    // king move (a limit of 1 ply here) every line is a draw.
    let position = parse_fen("W:WK22,K23:BK1").unwrap();
    let mut searcher = Searcher::<Italian>::new(4, 1).unwrap();
    let free = searcher.search(
        &position,
        &GameHistory::new::<Italian>(&position),
        &SearchLimits::depth(8),
        &SearchControl::new(),
        |_| {},
    );
    assert!(free.score > 50, "two kings against one: {}", free.score);
    let counted = GameHistory::new::<Italian>(&position).with_quiet_ply_limit(1);
    let drawn = searcher.search(
        &position,
        &counted,
        &SearchLimits::depth(8),
        &SearchControl::new(),
        |_| {},
    );
    assert_eq!(drawn.score, 0);
}

#[test]
fn multipv_lines_are_distinct_legal_moves_best_first_and_line_one_is_the_single_best() {
    // Over the bench positions at a fixed depth: every search's lines are distinct legal moves
    // ordered by score, with their own legal lines; where the best move is clear (20 hundredths
    // above the second), line 1 is the move the single-line search plays.
    let bench = include_str!("../protocol/data/bench.fen");
    let mut clear = 0;
    for fen in bench.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let position = parse_fen(fen).unwrap();
        let legal = position.legal_moves();
        let limits = SearchLimits { multipv: 3, ..SearchLimits::depth(7) };
        let several = search(fen, limits, 1);
        assert_eq!(several.lines.len(), legal.len().min(3), "{fen}");
        let firsts: Vec<_> = several.lines.iter().map(|l| l.pv[0]).collect();
        for (i, line) in several.lines.iter().enumerate() {
            assert!(legal.contains(&line.pv[0]), "{fen}");
            assert!(!firsts[..i].contains(&line.pv[0]), "{fen}: a move twice");
            let mut at = position;
            for mv in &line.pv {
                assert!(at.legal_moves().contains(mv), "{fen}: illegal line");
                at = at.play(mv);
            }
        }
        assert!(several.lines.windows(2).all(|w| w[0].score >= w[1].score), "{fen}");
        assert_eq!(several.best_move, Some(firsts[0]));
        assert_eq!(several.score, several.lines[0].score);
        if several.lines.len() >= 2 && several.lines[0].score - several.lines[1].score >= 20 {
            clear += 1;
            let single = search(fen, SearchLimits::depth(7), 1);
            assert_eq!(single.best_move, Some(firsts[0]), "{fen}");
        }
    }
    assert!(clear >= 5, "only {clear} positions with a clear best move");
}

/// A search stopped by its node limit plays the move of the last completed depth, unless the
/// depth it was cut in had already proved another root move better (`partial-iterations`).
#[test]
fn a_cut_iteration_plays_a_move_it_proved_better_and_only_then() {
    let fen = "B:W18,21-24,26-32:B1-11,13";
    let mut on = SearchOptions::for_game::<Italian>();
    on.partial_iterations = true;
    let mut off = on.clone();
    off.partial_iterations = false;
    let mut changed = 0;
    for nodes in (2_000..200_000).step_by(6_000) {
        let whole = search_with(fen, SearchLimits::nodes(nodes), 1, off.clone());
        let completed = search_with(fen, SearchLimits::depth(whole.depth), 1, off.clone());
        assert_eq!(whole.best_move, completed.best_move, "{nodes} nodes, depth {}", whole.depth);
        let partial = search_with(fen, SearchLimits::nodes(nodes), 1, on.clone());
        assert_eq!(partial.depth, whole.depth, "{nodes} nodes");
        assert_eq!(partial.pv.first(), partial.best_move.as_ref(), "{nodes} nodes");
        if partial.best_move != whole.best_move {
            changed += 1;
        }
    }
    assert!(changed > 0, "no node limit cut an iteration after it proved a new move");
}
