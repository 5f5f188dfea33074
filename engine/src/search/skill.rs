//! Strength levels ("skill" 1-20) for players and for bots that offer levels. Below 20 the engine
//! plays weaker in two natural ways: it searches fewer nodes (50 at skill 1, about 1.8 times more
//! each level up, some 1.6 million at skill 19) and it sometimes prefers a slightly worse move,
//! chosen among the best few lines by score (never one more than `margin` below the best, so
//! never a blunder the search can see at its depth). At 20, the engine plays at full strength.
//!
//! What each level is worth against full strength is measured in docs/strength.md.

use super::limits::SearchLimits;
use super::Line;
use crate::score::Score;

/// Full strength.
pub const MAX_SKILL: u8 = 20;

/// The lines searched below full strength to choose an inaccuracy from.
const CANDIDATE_LINES: usize = 4;

/// The node budget of a move at `skill` (`None` at full strength).
pub fn node_cap(skill: u8) -> Option<u64> {
    if skill >= MAX_SKILL {
        return None;
    }
    let level = i32::from(skill.max(1)) - 1;
    Some((50.0 * 1.78f64.powi(level)).round() as u64)
}

/// How far below the best line, in hundredths of a man, a move may be chosen at `skill`:
/// 95 at skill 1, 5 fewer each level, 0 at full strength.
pub fn margin(skill: u8) -> Score {
    5 * Score::from(MAX_SKILL.saturating_sub(skill.max(1)))
}

/// `limits` for a move at `skill`: the node budget (the smaller of it and any node limit given)
/// and enough lines to choose from.
pub fn limit(skill: u8, limits: &SearchLimits) -> SearchLimits {
    let mut limits = limits.clone();
    if let Some(cap) = node_cap(skill) {
        limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        limits.multipv = limits.multipv.max(CANDIDATE_LINES);
    }
    limits
}

/// The move to play at `skill` from a search's `lines` (best first): at full strength the best;
/// below it, a line within [`margin`] of the best, the nearer to the best the likelier (weights
/// falling by e for every half margin), picked by `random`, a number in [0, 1) the caller draws.
/// `None` only when `lines` is empty.
pub fn choose<M: Copy>(skill: u8, lines: &[Line<M>], random: f64) -> Option<M> {
    let best = lines.first()?;
    let first = *best.pv.first()?;
    let margin = margin(skill);
    if margin == 0 {
        return Some(first);
    }
    let temperature = f64::from(margin) / 2.0;
    let candidates: Vec<(M, f64)> = lines
        .iter()
        .filter(|line| line.score >= best.score - margin)
        .filter_map(|line| {
            let weight = (-f64::from(best.score - line.score) / temperature).exp();
            line.pv.first().map(|&m| (m, weight))
        })
        .collect();
    let total: f64 = candidates.iter().map(|(_, w)| w).sum();
    let mut pick = random.clamp(0.0, 1.0) * total;
    for (mv, weight) in &candidates {
        if pick < *weight {
            return Some(*mv);
        }
        pick -= weight;
    }
    Some(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board8::moves::Move;
    use crate::board8::position::Position;
    use rand::{Rng, SeedableRng};

    fn lines(scores: &[Score]) -> Vec<Line<Move>> {
        let moves = Position::start().legal_moves();
        scores.iter().zip(moves.iter()).map(|(&score, &m)| Line { score, pv: vec![m] }).collect()
    }

    #[test]
    fn budgets_grow_with_the_level_and_full_strength_has_none() {
        assert_eq!(node_cap(1), Some(50));
        assert_eq!(node_cap(0), Some(50), "below 1 counts as 1");
        for skill in 1..19 {
            assert!(node_cap(skill + 1) > node_cap(skill), "{skill}");
        }
        assert_eq!(node_cap(20), None);
        assert_eq!((margin(1), margin(10), margin(20)), (95, 50, 0));
        let limited = limit(5, &SearchLimits::nodes(100));
        assert_eq!((limited.nodes, limited.multipv), (Some(100), CANDIDATE_LINES));
        assert_eq!(limit(20, &SearchLimits::depth(9)), SearchLimits::depth(9));
    }

    #[test]
    fn choices_stay_within_the_margin_and_favour_the_best() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let l = lines(&[30, 10, -20, -400]);
        let mut counts = [0usize; 4];
        for _ in 0..2000 {
            let mv = choose(1, &l, rng.gen()).unwrap();
            counts[l.iter().position(|line| line.pv[0] == mv).unwrap()] += 1;
        }
        assert_eq!(counts[3], 0, "a move 4.30 men worse is never played");
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0, "{counts:?}");
        // Full strength and near-full strength play the best when the others are worse.
        assert_eq!(choose(20, &l, rng.gen()), Some(l[0].pv[0]));
        for _ in 0..200 {
            assert_eq!(choose(19, &l, rng.gen()), Some(l[0].pv[0]));
        }
        assert_eq!(choose::<Move>(5, &[], rng.gen()), None);
    }
}
