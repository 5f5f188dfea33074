//! Switches for the search's features, so that each feature's value can be measured in matches
//! against the engine without it (see docs/strength.md). The evaluation's own settings are the
//! game's ([`crate::rules::Rules::Eval`]).

use crate::rules::Rules;

/// The search features that can be turned off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Late-move reductions of quiet moves ordered late.
    pub late_move_reductions: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration_windows: bool,
    /// Killer and history move ordering.
    pub killers_and_history: bool,
    /// At the horizon, search one more ply when the opponent threatens a capture.
    pub threat_extension: bool,
    /// At the horizon in a quiet position, the evaluation stands unless one of the moves that
    /// force the opponent to capture (an exchange, a sacrifice: where combinations start) does
    /// better, each searched through the captures that follow.
    pub forcing_quiescence: bool,
    /// At the horizon in a quiet position the opponent does not threaten, the evaluation stands
    /// unless a move that creates a capture threat does better, the opponent's replies searched
    /// (by the threat extension) and the captures after them. Tried only where the evaluation lies
    /// below beta and within a man and a fifth of alpha.
    pub threat_quiescence: bool,
    /// Search a forced (only) move one ply deeper.
    pub forced_move_extension: bool,
    /// At a node off the principal variation, prune when a shallower search (two fifths of the
    /// depth) fails high against a raised bound (5 hundredths of a man a ply above beta).
    pub probcut: bool,
    /// Reduce late quiet moves off the principal variation from the second move on (and one ply
    /// more from the sixth), not only from the fourth.
    pub early_reductions: bool,
    /// At a quiet node off the principal variation one to three plies from the horizon, neither
    /// side able to capture, cut when the evaluation clears beta by a margin that grows with the
    /// depth (reverse futility pruning).
    pub futility: bool,
    /// At a quiet node off the principal variation one or two plies from the horizon, skip the
    /// quiet moves ordered after the first few (late-move pruning).
    pub late_move_pruning: bool,
    /// At a quiet node off the principal variation one or two plies from the horizon, neither
    /// side able to capture, whose evaluation lies below alpha by a margin that grows with the
    /// depth: the horizon's search decides, and stands when it does not reach alpha (razoring).
    pub razoring: bool,
    /// Cut off with transposition-table bounds (the table's move ordering stays on).
    pub table_cutoffs: bool,
    /// Under a clock, spend less time when the best move has stood for several iterations and
    /// more when it has just changed or the score has fallen ([`crate::search::limits::Stability`]).
    pub time_stability: bool,
    /// When a time limit cuts an iteration short after it proved a root move better than the one
    /// the iteration before chose, play that move (else the cut iteration is thrown away).
    pub partial_iterations: bool,
    /// Late-move reductions that grow with the depth left and the move's place in the order
    /// (about ln(depth) * ln(place) / 1.8 plies, never fewer than the fixed steps give).
    pub log_reductions: bool,
    /// The counter move (the quiet move that last refuted the opponent's move) ordered after
    /// the killers.
    pub counter_moves: bool,
    /// A node 4 plies or more from the horizon searched a ply shallower when the table has no
    /// move for it.
    pub internal_reduction: bool,
}

impl SearchOptions {
    /// The switches as the engine plays (the games' own choices aside: [`SearchOptions::for_game`]).
    pub const DEFAULT: SearchOptions = SearchOptions {
        late_move_reductions: true,
        aspiration_windows: true,
        killers_and_history: true,
        threat_extension: true,
        // Measured a loss as it stands: -47.5 +/- 35.4 Elo at 0.1 s in International
        // (docs/strength.md): it costs more nodes than the shots it sees are worth.
        forcing_quiescence: false,
        // Measured no gain at 0.1 s: +2.1 +/- 18.3 Elo in International, -3.3 +/- 15.3 over the
        // English ballots (docs/strength.md), for 8-16 % more nodes to a depth.
        threat_quiescence: false,
        // Measured no gain: +3.0 +/- 19.2 Elo at 5 000 nodes, -16.0 +/- 19.0 at 8 000 (docs/strength.md).
        forced_move_extension: false,
        table_cutoffs: true,
        // On where it measured a gain: Rules::PROBCUT (International, English).
        probcut: false,
        // On where it measured a gain: Rules::EARLY_REDUCTIONS (English, International).
        early_reductions: false,
        // On where it measured a gain: Rules::FUTILITY (Italian, English, International).
        futility: false,
        late_move_pruning: false,
        razoring: false,
        time_stability: false,
        // On where it measured a gain: Rules::PARTIAL_ITERATIONS (International).
        partial_iterations: false,
        // Measured no gain at 0.1 s: 0.0 +/- 19.7 Elo in International, -12.3 +/- 15.5 over the
        // English ballots (docs/strength.md), for 21-24 % fewer nodes to a depth.
        log_reductions: false,
        counter_moves: false,
        internal_reduction: false,
    };

    /// The switches as the engine plays the game `R`: [`SearchOptions::DEFAULT`] with the
    /// game's own measured choices ([`Rules::PROBCUT`], [`Rules::EARLY_REDUCTIONS`],
    /// [`Rules::FUTILITY`], [`Rules::PARTIAL_ITERATIONS`]).
    pub fn for_game<R: Rules>() -> SearchOptions {
        SearchOptions {
            probcut: R::PROBCUT,
            early_reductions: R::EARLY_REDUCTIONS,
            futility: R::FUTILITY,
            partial_iterations: R::PARTIAL_ITERATIONS,
            ..SearchOptions::DEFAULT
        }
    }

    /// The names accepted by [`SearchOptions::set`], for documentation and protocol params.
    pub const SWITCHES: &'static [&'static str] = &[
        "late-move-reductions",
        "aspiration-windows",
        "killers-and-history",
        "threat-extension",
        "forcing-quiescence",
        "threat-quiescence",
        "forced-move-extension",
        "table-cutoffs",
        "probcut",
        "early-reductions",
        "futility",
        "late-move-pruning",
        "razoring",
        "time-stability",
        "partial-iterations",
        "log-reductions",
        "counter-moves",
        "internal-reduction",
    ];

    /// Turns the named feature on or off. Returns `false` for an unknown name.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        match name {
            "late-move-reductions" => self.late_move_reductions = on,
            "aspiration-windows" => self.aspiration_windows = on,
            "killers-and-history" => self.killers_and_history = on,
            "threat-extension" => self.threat_extension = on,
            "forcing-quiescence" => self.forcing_quiescence = on,
            "threat-quiescence" => self.threat_quiescence = on,
            "forced-move-extension" => self.forced_move_extension = on,
            "table-cutoffs" => self.table_cutoffs = on,
            "probcut" => self.probcut = on,
            "early-reductions" => self.early_reductions = on,
            "futility" => self.futility = on,
            "late-move-pruning" => self.late_move_pruning = on,
            "razoring" => self.razoring = on,
            "time-stability" => self.time_stability = on,
            "partial-iterations" => self.partial_iterations = on,
            "log-reductions" => self.log_reductions = on,
            "counter-moves" => self.counter_moves = on,
            "internal-reduction" => self.internal_reduction = on,
            _ => return false,
        }
        true
    }

    /// Whether the named feature is on (`None` for an unknown name).
    pub fn get(&self, name: &str) -> Option<bool> {
        Some(match name {
            "late-move-reductions" => self.late_move_reductions,
            "aspiration-windows" => self.aspiration_windows,
            "killers-and-history" => self.killers_and_history,
            "threat-extension" => self.threat_extension,
            "forcing-quiescence" => self.forcing_quiescence,
            "threat-quiescence" => self.threat_quiescence,
            "forced-move-extension" => self.forced_move_extension,
            "table-cutoffs" => self.table_cutoffs,
            "probcut" => self.probcut,
            "early-reductions" => self.early_reductions,
            "futility" => self.futility,
            "late-move-pruning" => self.late_move_pruning,
            "razoring" => self.razoring,
            "time-stability" => self.time_stability,
            "partial-iterations" => self.partial_iterations,
            "log-reductions" => self.log_reductions,
            "counter-moves" => self.counter_moves,
            "internal-reduction" => self.internal_reduction,
            _ => return None,
        })
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_switch_round_trips() {
        for &name in SearchOptions::SWITCHES {
            let mut options = SearchOptions::DEFAULT;
            let default = options.get(name).unwrap_or_else(|| panic!("{name} has no value"));
            assert!(options.set(name, false));
            assert_eq!(options.get(name), Some(false), "{name}");
            assert!(options.set(name, default));
            assert_eq!(options, SearchOptions::DEFAULT, "{name} restores the default");
        }
        // The features that matches showed to help are on by default.
        for name in ["late-move-reductions", "table-cutoffs"] {
            assert_eq!(SearchOptions::DEFAULT.get(name), Some(true), "{name}");
        }
        assert!(!SearchOptions::DEFAULT.clone().set("flying-kings", true));
    }
}
