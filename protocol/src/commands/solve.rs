//! `dama solve`: search every position of a problem file and say, for each, whether and when the
//! search found the key move (the time to solution: from the first iteration whose best move is
//! a key move, when every later iteration and the final answer agree). A search that plays
//! another move it proves winning is counted apart: the problem has another solution.

use crate::games::{dispatch, Game, GameRules, Session, WithGame};
use clap::Args;
use dama_engine::excerpt::Excerpt;
use dama_engine::rules::Rules;
use dama_engine::score::{score_text, TABLEBASE_BOUND};
use dama_engine::search::SearchControl;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `dama solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The problem file: one position a line, `FEN<TAB>key moves<TAB>note`, the key moves (any
    /// notation, e.g. `22-17` or `27x18`) separated by spaces or commas when several win; lines
    /// starting with `#` and blank lines are skipped (docs/problems.md).
    #[arg(long, value_name = "FILE")]
    suite: PathBuf,
    /// The game of the file's positions: italian, english, international, russian or brazilian.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    #[command(flatten)]
    search: super::search_args::SearchArgs,
}

/// One problem of the file: where it is, the position, the moves that solve it, its note.
struct Problem<R: Rules> {
    line: usize,
    position: R::Position,
    keys: Vec<R::Move>,
    note: String,
}

/// Reads the problem file's text for the game `R`: every problem, or the first line that is
/// wrong, named by its number.
fn read_problems<R: Rules>(text: &str) -> Result<Vec<Problem<R>>, String> {
    let mut problems = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut fields = trimmed.split('\t');
        let fen = fields.next().unwrap_or_default().trim();
        let keys_text = fields.next().map(str::trim).unwrap_or_default();
        if keys_text.is_empty() {
            return Err(format!(
                "line {line}: '{}' has no key move (write FEN<TAB>key moves<TAB>note)",
                Excerpt(trimmed)
            ));
        }
        let position = R::parse_fen(fen).map_err(|e| format!("line {line}: bad FEN: {e}"))?;
        let mut keys = Vec::new();
        for word in keys_text.split([' ', ',']).filter(|w| !w.is_empty()) {
            let mv = R::parse_move(&position, word)
                .map_err(|e| format!("line {line}: key move: {e}"))?;
            if !keys.contains(&mv) {
                keys.push(mv);
            }
        }
        let note = fields.collect::<Vec<_>>().join(" ").trim().to_string();
        problems.push(Problem { line, position, keys, note });
    }
    if problems.is_empty() {
        return Err("the problem file holds no position".into());
    }
    Ok(problems)
}

/// What the search made of one problem.
#[derive(Debug, PartialEq)]
pub struct Outcome<M> {
    /// The move it played at the end.
    pub best: Option<M>,
    /// When it found a key move for good: the iteration's time and depth.
    pub solved: Option<(Duration, u32)>,
}

/// The time to solution from a search's iterations (first move of each line, time, depth) and
/// its final answer (move, time, depth): the first iteration from which every iteration's move is
/// a key move, when the final answer is one too; the final answer's time when it alone is.
pub fn time_to_solution<M: PartialEq + Copy>(
    iterations: &[(Option<M>, Duration, u32)],
    answer: (Option<M>, Duration, u32),
    keys: &[M],
) -> Outcome<M> {
    let is_key = |m: &Option<M>| m.as_ref().is_some_and(|m| keys.contains(m));
    let (best, time, depth) = answer;
    let solved = if is_key(&best) {
        let held = iterations.iter().rev().take_while(|(m, _, _)| is_key(m)).count();
        let first = iterations.len() - held;
        Some(iterations.get(first).map_or((time, depth), |&(_, time, depth)| (time, depth)))
    } else {
        None
    };
    Outcome { best, solved }
}

/// Runs `dama solve`.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    dispatch(args.variant, Solve(args))
}

struct Solve<'a>(&'a SolveArgs);

impl WithGame for Solve<'_> {
    type Output = Result<(), String>;
    fn with<R: GameRules>(self) -> Self::Output {
        solve::<R>(self.0)
    }
}

/// `dama solve` in the game `R`.
fn solve<R: GameRules>(args: &SolveArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.suite)
        .map_err(|e| format!("cannot read {}: {e}", args.suite.display()))?;
    let problems = read_problems::<R>(&text)?;
    let limits = args.search.limits(10)?;
    let mut searcher = Some(args.search.searcher::<R>()?);
    let mut times = Vec::new();
    let mut other_wins = 0;
    for (n, problem) in problems.iter().enumerate() {
        let mut session = Session::new(Game::<R>::new(problem.position));
        let mut fresh = searcher.take().ok_or("the searcher was lost")?;
        fresh.clear();
        session.put_searcher(fresh);
        args.search.attach_tables(&mut session)?;
        let mut iterations = Vec::new();
        let result = session.search(&limits, &SearchControl::new(), |info| {
            if info.multipv <= 1 {
                iterations.push((info.pv.first().copied(), info.time, info.depth));
            }
        })?;
        searcher = session.take_searcher();
        let answer = (result.best_move, result.time, result.depth);
        let outcome = time_to_solution(&iterations, answer, &problem.keys);
        let position = &problem.position;
        let keys: Vec<String> = problem.keys.iter().map(|m| R::path_text(position, m)).collect();
        let played = outcome.best.map_or("none".into(), |m| R::path_text(position, &m));
        let verdict = match outcome.solved {
            Some((time, depth)) => {
                times.push(time);
                format!("solved {:>8.3} s depth {depth:>2}", time.as_secs_f64())
            }
            // Not the key, but a win the search proved (or the tables know): the problem has
            // another solution, or the source missed one.
            None if result.score > TABLEBASE_BOUND => {
                other_wins += 1;
                format!("{:<25}", "another win")
            }
            None => format!("{:<25}", "not solved"),
        };
        let (score, depth, nodes) = (score_text(result.score), result.depth, result.nodes);
        say!(
            "{:>3} line {:<4} {verdict}  key {:<10} played {:<10} score {score:>8} depth {depth:>2} nodes {nodes:>11}  {}",
            n + 1,
            problem.line,
            keys.join(","),
            played,
            problem.note
        );
    }
    times.sort();
    let total: Duration = times.iter().sum();
    let median = times.get(times.len() / 2).map_or(0.0, |t| t.as_secs_f64());
    say!(
        "solved {} of {} ({}); another move proved winning in {other_wins}; time to solution: \
         total {:.3} s, median of the solved {median:.3} s",
        times.len(),
        problems.len(),
        limits_text(args),
        total.as_secs_f64()
    );
    Ok(())
}

/// The limit each position was searched with, for the summary.
fn limits_text(args: &SolveArgs) -> String {
    let s = &args.search;
    match (s.depth, s.movetime, s.nodes) {
        (Some(d), _, _) => format!("depth {d} a position"),
        (_, Some(t), _) => format!("{t} s a position"),
        (_, _, Some(n)) => format!("{n} nodes a position"),
        _ => "10 s a position".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_time_to_solution_is_where_the_key_move_stays_best() {
        let keys = [1u8, 2];
        let iterations =
            [(Some(3), ms(1), 1), (Some(1), ms(2), 2), (Some(3), ms(4), 3), (Some(2), ms(8), 4)];
        // Found at depth 2, lost at 3, found for good at 4.
        let found = time_to_solution(&iterations, (Some(2), ms(9), 4), &keys);
        assert_eq!(found.solved, Some((ms(8), 4)));
        // A final answer that is not a key move is no solution, whatever came before.
        assert_eq!(time_to_solution(&iterations, (Some(3), ms(9), 4), &keys).solved, None);
        // A key move found after the last iteration counts when the search ends.
        let late = time_to_solution(&iterations[..3], (Some(1), ms(5), 3), &keys);
        assert_eq!(late.solved, Some((ms(5), 3)));
        // From the first iteration on; or with no iteration at all (the tables answered).
        let all = [(Some(1), ms(1), 1), (Some(2), ms(3), 2)];
        assert_eq!(time_to_solution(&all, (Some(1), ms(4), 2), &keys).solved, Some((ms(1), 1)));
        let none = time_to_solution(&[], (Some(1), ms(0), 0), &keys);
        assert_eq!((none.best, none.solved), (Some(1), Some((ms(0), 0))));
    }

    #[test]
    fn a_problem_file_is_read_or_its_wrong_line_named() {
        let text = "# comment\n\nW:W30,29,22,21,9,6:B24,20,16,13,8,7\t22-17\tstroke\n\
                    W:WK19,K23:B12,K28\t23-27, 19-24\tFirst Position\n";
        let problems = read_problems::<English>(text).unwrap();
        assert_eq!(problems.len(), 2);
        assert_eq!((problems[0].line, problems[0].keys.len()), (3, 1));
        assert_eq!(problems[1].note, "First Position");
        assert_eq!(problems[1].keys.len(), 2);
        let no_key = read_problems::<English>("W:WK19,K23:B12,K28\n").err().unwrap();
        assert!(no_key.starts_with("line 1: ") && no_key.contains("no key move"), "{no_key}");
        let illegal = read_problems::<English>("x\t23-27\nW:WK19,K23:B12,K28\t23-27\n");
        let illegal = illegal.err().unwrap();
        assert!(illegal.starts_with("line 1: bad FEN"), "{illegal}");
        let wrong = read_problems::<English>("W:WK19,K23:B12,K28\t23-28\n").err().unwrap();
        assert!(wrong.starts_with("line 1: key move: ") && wrong.contains("not legal"), "{wrong}");
        assert!(read_problems::<English>("# only\n").is_err());
    }
}
