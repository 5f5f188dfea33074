//! What ends a search: depth, nodes, time per move, a game clock, or only a stop signal; and the
//! time manager that turns a clock into a soft target and a hard limit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A game clock for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    /// Time left on the clock.
    pub time: Duration,
    /// Added after each move (credited before this move, so this move may use `time + increment`).
    pub increment: Duration,
    /// Moves to play before the clock is refilled, if the time control has periods.
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. Every limit given applies; with none, the search runs until stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLimits {
    /// Deepest iteration (nominal depth in plies).
    pub depth: Option<u32>,
    /// Stop after about this many nodes (checked often enough to overshoot by a few hundred).
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub move_time: Option<Duration>,
    /// A game clock to manage.
    pub clock: Option<Clock>,
    /// Search until stopped, ignoring the other limits except depth... none: analysis mode.
    pub infinite: bool,
    /// How many best moves to search and report, each with its own score and line (0 and 1:
    /// only the best). More lines cost time: every line is a search of the moves left.
    pub multipv: usize,
    /// Time kept back from a fixed move time and from the clock for what the engine's own clock
    /// does not see: the pipe or socket, waking the processes, the GUI's work
    /// ([`DEFAULT_MOVE_OVERHEAD`] unless the front end is told otherwise).
    pub move_overhead: Duration,
}

impl Default for SearchLimits {
    /// No limit: the search runs until stopped; the default move overhead.
    fn default() -> SearchLimits {
        SearchLimits {
            depth: None,
            nodes: None,
            move_time: None,
            clock: None,
            infinite: false,
            multipv: 0,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        }
    }
}

impl SearchLimits {
    /// Limits with only a depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    /// Limits with only a node count.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }

    /// Limits with only a time per move.
    pub fn move_time(time: Duration) -> SearchLimits {
        SearchLimits { move_time: Some(time), ..SearchLimits::default() }
    }

    /// Whether the search may stop by itself (anything but infinite analysis).
    pub fn is_bounded(&self) -> bool {
        !self.infinite
            && (self.depth.is_some()
                || self.nodes.is_some()
                || self.move_time.is_some()
                || self.clock.is_some())
    }
}

/// Shared between the caller and the search threads: the stop signal, pondering and the instant
/// the clock started.
#[derive(Debug)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    hit: AtomicBool,
    clock_start: Mutex<Instant>,
}

impl SearchControl {
    /// A control for a normal search (not pondering); the clock starts now.
    pub fn new() -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            hit: AtomicBool::new(false),
            clock_start: Mutex::new(Instant::now()),
        }
    }

    /// A control for a ponder search: no time limit applies until [`SearchControl::ponder_hit`].
    pub fn pondering() -> SearchControl {
        let control = SearchControl::new();
        control.pondering.store(true, Ordering::SeqCst);
        control
    }

    /// Asks the search to stop as soon as it can; it still returns its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The expected move was played: the clock starts now and the limits apply. Does nothing
    /// unless the search is pondering (a stray hit must not restart a normal search's clock).
    pub fn ponder_hit(&self) {
        if !self.is_pondering() {
            return;
        }
        if let Ok(mut start) = self.clock_start.lock() {
            *start = Instant::now();
        }
        self.hit.store(true, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
    }

    /// Whether this was a ponder search whose move was played: the tree searched while
    /// pondering is a head start, so the soft target is enough.
    #[inline]
    pub fn was_ponder_hit(&self) -> bool {
        self.hit.load(Ordering::Relaxed)
    }

    /// Whether the search is pondering (its time limits do not run).
    #[inline]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Time since the clock started (since creation, or since the ponder hit).
    pub fn elapsed(&self) -> Duration {
        self.clock_start.lock().map(|start| start.elapsed()).unwrap_or_default()
    }
}

impl Default for SearchControl {
    fn default() -> SearchControl {
        SearchControl::new()
    }
}

/// The default [`SearchLimits::move_overhead`]: time the engine keeps in reserve for the
/// protocol, process scheduling and the GUI.
pub const DEFAULT_MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// The time budget of one move: stop starting new iterations after `soft`, stop at once at `hard`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeBudget {
    /// The target: no new iteration starts after it.
    pub soft: Duration,
    /// The limit: the search stops at once when it is reached.
    pub hard: Duration,
    /// A fixed time per move (`move-time`): the search uses all of it, up to `hard`, instead of
    /// declining an iteration it might not finish.
    pub fixed: bool,
}

impl TimeBudget {
    /// Whether iterative deepening should start no new iteration at `elapsed`: past three fifths
    /// of the soft target under a clock (the next iteration would likely overrun it); never
    /// under a fixed move time, where the hard limit ends the search.
    pub fn declines_new_iteration(&self, elapsed: Duration) -> bool {
        self.declines_with(elapsed, 1.0)
    }

    /// [`TimeBudget::declines_new_iteration`] with the soft target scaled by `factor` (the
    /// search's [`Stability`]); the hard limit stays.
    pub fn declines_with(&self, elapsed: Duration, factor: f64) -> bool {
        !self.fixed && elapsed >= (self.soft * 3 / 5).mul_f64(factor)
    }

    /// The budget for `limits`, or `None` when no time limit applies.
    pub fn new(limits: &SearchLimits) -> Option<TimeBudget> {
        if limits.infinite {
            return None;
        }
        let mut budget: Option<TimeBudget> = None;
        if let Some(t) = limits.move_time {
            let reserve = limits.move_overhead.min(t / 10);
            let hard = t.saturating_sub(reserve).max(Duration::from_millis(1));
            budget = Some(TimeBudget { soft: hard, hard, fixed: true });
        }
        if let Some(clock) = limits.clock {
            let clock_budget = TimeBudget::for_clock(&clock, limits.move_overhead);
            budget = Some(match budget {
                // The move time stays fixed when the clock allows all of it.
                Some(b) if b.hard <= clock_budget.soft => b,
                Some(b) => TimeBudget {
                    soft: b.soft.min(clock_budget.soft),
                    hard: b.hard.min(clock_budget.hard),
                    fixed: false,
                },
                None => clock_budget,
            });
        }
        budget
    }

    /// Splits a clock: the remaining time over the moves still to play, plus most of the
    /// increment; the hard limit allows a few times the target but never more than a safe share
    /// of what is on the clock.
    fn for_clock(clock: &Clock, overhead: Duration) -> TimeBudget {
        let available = clock.time + clock.increment;
        let reserve = overhead.min(available / 5);
        let usable = available.saturating_sub(reserve);
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        // Half the increment: the GUI's own overhead is charged to our clock too, so spending the
        // whole increment every move would slowly drain a short clock.
        let share = clock.time / (moves + 2) + clock.increment / 2;
        let soft = share.min(usable / 2);
        // With a period (`moves=`), no move may take more than its share of the moves left plus
        // one (half of what is left on the last move): overshoots then cannot pile up before the
        // clock is refilled. Sudden death keeps a safe share of the clock.
        let hard_cap = match clock.moves_to_go {
            Some(_) => usable / (moves + 1),
            None => usable * 2 / 5,
        };
        // Some clients (pydraughts, some GUIs) credit the increment after the move: then only
        // what is on the clock now may be spent, and a short clock would fall with an increment
        // counted in advance. No move takes more than two fifths of that either.
        let on_clock = clock.time.saturating_sub(overhead.min(clock.time / 5));
        let hard_cap = hard_cap.min(on_clock * 2 / 5);
        let hard = (soft * 4).min(hard_cap).max(soft.min(hard_cap));
        let floor = Duration::from_millis(1).min(usable);
        let hard = hard.max(floor);
        TimeBudget { soft: soft.max(floor).min(hard), hard, fixed: false }
    }
}

/// How settled the main thread's iterations are, as a factor on the soft target: less time when
/// the best move has stood for several iterations, more when it has just changed or the score
/// has fallen (the best move is then in doubt, and the next iteration is the one that decides).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stability<M> {
    best: Option<M>,
    score: Option<i32>,
    /// Iterations in a row ending with the same best move.
    stood: u32,
    factor: f64,
}

impl<M: PartialEq + Copy> Stability<M> {
    /// Below this depth an iteration says little: the factor stays 1.
    pub const FROM_DEPTH: u32 = 6;

    /// Nothing seen yet.
    pub fn new() -> Stability<M> {
        Stability { best: None, score: None, stood: 0, factor: 1.0 }
    }

    /// Takes an iteration's result and returns the factor for the next decision.
    pub fn update(&mut self, depth: u32, best: M, score: i32) -> f64 {
        let changed = self.best.is_some_and(|b| b != best);
        let fell = self.score.is_some_and(|s| score < s - 25);
        self.stood = if changed || self.best.is_none() { 0 } else { self.stood + 1 };
        self.best = Some(best);
        self.score = Some(score);
        self.factor = if depth < Self::FROM_DEPTH {
            1.0
        } else if changed {
            1.6
        } else if fell {
            1.3
        } else if self.stood >= 4 {
            0.6
        } else if self.stood >= 2 {
            0.8
        } else {
            1.0
        };
        self.factor
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, moves: Option<u32>) -> SearchLimits {
        SearchLimits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: moves,
            }),
            ..SearchLimits::default()
        }
    }

    #[test]
    fn the_hard_limit_never_exceeds_the_clock() {
        for ms in [1, 10, 100, 1_000, 60_000] {
            for inc in [0, 10, 1_000] {
                for moves in [None, Some(1), Some(5), Some(40)] {
                    let b = TimeBudget::new(&clock(ms, inc, moves)).unwrap();
                    assert!(b.soft <= b.hard, "{ms} {inc} {moves:?}: {b:?}");
                    assert!(
                        b.hard < Duration::from_millis(ms + inc),
                        "{ms} {inc} {moves:?}: {b:?}"
                    );
                    // The increment may be credited only after the move.
                    let now = Duration::from_millis(ms) * 2 / 5;
                    assert!(
                        b.hard <= now.max(Duration::from_millis(1)),
                        "{ms} {inc} {moves:?}: {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn move_time_leaves_an_overhead() {
        let b = TimeBudget::new(&SearchLimits::move_time(Duration::from_secs(1))).unwrap();
        assert_eq!(b.hard, Duration::from_millis(970));
        assert!(TimeBudget::new(&SearchLimits::depth(5)).is_none());
    }

    #[test]
    fn the_move_overhead_setting_changes_the_budget() {
        let with = |overhead_ms, limits: SearchLimits| {
            let limits =
                SearchLimits { move_overhead: Duration::from_millis(overhead_ms), ..limits };
            TimeBudget::new(&limits).unwrap()
        };
        assert_eq!(SearchLimits::default().move_overhead, DEFAULT_MOVE_OVERHEAD);
        let second = || SearchLimits::move_time(Duration::from_secs(1));
        assert_eq!(with(0, second()).hard, Duration::from_secs(1));
        assert_eq!(with(45, second()).hard, Duration::from_millis(955));
        assert_eq!(with(30, second()), TimeBudget::new(&second()).unwrap());
        // Never most of a short move time, however large the setting.
        let short = SearchLimits::move_time(Duration::from_millis(50));
        assert_eq!(with(5_000, short.clone()).hard, with(0, short).hard * 9 / 10);
        // Under a clock: the last move of a period may use less when more is kept back.
        let last_move = || clock(1_000, 0, Some(1));
        assert_eq!(with(0, last_move()).hard, Duration::from_millis(400));
        assert_eq!(with(100, last_move()).hard, Duration::from_millis(360));
        // A large setting keeps at most a fifth of the clock back.
        let tight = with(5_000, clock(100, 0, Some(1)));
        assert_eq!(tight.hard, Duration::from_millis(32));
    }

    #[test]
    fn a_settled_best_move_spends_less_and_a_changed_one_more() {
        let mut stability = Stability::new();
        // Shallow iterations count for nothing.
        assert_eq!(stability.update(3, 'a', 10), 1.0);
        assert_eq!(stability.update(6, 'a', 10), 1.0);
        assert_eq!(stability.update(7, 'a', 12), 0.8);
        assert_eq!(stability.update(8, 'a', 11), 0.8);
        assert_eq!(stability.update(9, 'a', 10), 0.6);
        assert_eq!(stability.update(10, 'b', 10), 1.6);
        assert_eq!(stability.update(11, 'b', -30), 1.3);
        let budget = TimeBudget::new(&clock(60_000, 0, None)).unwrap();
        let at = budget.soft * 3 / 5;
        assert!(budget.declines_with(at, 1.0) && !budget.declines_with(at, 1.6));
        assert!(budget.declines_with(at.mul_f64(0.6), 0.6));
        let fixed = TimeBudget::new(&SearchLimits::move_time(Duration::from_secs(1))).unwrap();
        assert!(!fixed.declines_with(Duration::from_millis(900), 0.5));
    }

    #[test]
    fn a_fixed_move_time_never_declines_an_iteration_but_a_clock_does() {
        let fixed = TimeBudget::new(&SearchLimits::move_time(Duration::from_secs(1))).unwrap();
        assert!(!fixed.declines_new_iteration(Duration::from_millis(900)));
        let clocked = TimeBudget::new(&clock(60_000, 0, None)).unwrap();
        assert!(!clocked.declines_new_iteration(clocked.soft / 2));
        assert!(clocked.declines_new_iteration(clocked.soft * 3 / 5));
        // A move time the clock cannot afford is cut to the clock's budget and is not fixed.
        let both =
            SearchLimits { move_time: Some(Duration::from_secs(10)), ..clock(1_000, 0, None) };
        let budget = TimeBudget::new(&both).unwrap();
        assert!(!budget.fixed && budget.hard < Duration::from_secs(1));
    }
}
