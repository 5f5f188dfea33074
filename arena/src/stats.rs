//! Match statistics, from the first engine's point of view: the win/draw/loss tally, the
//! pentanomial counts of game pairs, and the Elo difference with its 95% interval and the
//! likelihood of superiority.
//!
//! The Elo model is the plain logistic one (no BayesElo draw model): a score `s` in (0, 1) is
//! worth `-400 log10(1/s - 1)` Elo. The interval comes from the normal approximation of the mean
//! score: its standard error is the sample standard deviation over the square root of the number
//! of samples, where a sample is one game (trinomial: 0, 1/2, 1) or one game pair with colours
//! reversed (pentanomial: the pair's points over two, 0, 1/4, 1/2, 3/4, 1). Pairs share an
//! opening, so their two games are correlated; the pentanomial variance accounts for that and
//! gives the honest (usually narrower) interval. Reference values:
//! `protocol/tests/fixtures/stats_reference.py`.

use std::fmt;

/// The two-sided 95% quantile of the standard normal distribution.
pub const Z95: f64 = 1.959963984540054;

/// The outcome of one game for the first engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The first engine won.
    Win,
    /// A draw.
    Draw,
    /// The first engine lost.
    Loss,
}

impl Outcome {
    /// Points for the first engine in half points: 2, 1 or 0.
    pub fn half_points(self) -> usize {
        match self {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }
}

/// Wins, draws and losses of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points.
    pub fn points(&self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// The first engine's mean score per game (0.5 when no game was played).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            self.points() / self.games() as f64
        }
    }

    /// The counts as sample weights for the outcomes 0, 1/2, 1.
    pub fn counts(&self) -> [u64; 3] {
        [self.losses, self.draws, self.wins]
    }
}

/// The sample values of a game: a loss, a draw, a win.
pub const TRINOMIAL_OUTCOMES: [f64; 3] = [0.0, 0.5, 1.0];
/// The sample values of a game pair: its points over two.
pub const PENTANOMIAL_OUTCOMES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// How many game pairs ended with 0, 1/2, 1, 3/2 and 2 points for the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: pairs worth `k / 2` points.
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// Counts one complete pair.
    pub fn add_pair(&mut self, first: Outcome, second: Outcome) {
        self.counts[first.half_points() + second.half_points()] += 1;
    }

    /// Complete pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.counts;
        write!(f, "[{},{},{},{},{}]", c[0], c[1], c[2], c[3], c[4])
    }
}

/// The Elo difference worth a mean score (infinite at 0 and 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        // Adding 0.0 turns the -0.0 of an even score into 0.0.
        -400.0 * (1.0 / score - 1.0).log10() + 0.0
    }
}

/// The mean score an Elo difference is worth.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// Mean and variance of samples taking `outcomes[i]` with weight `counts[i]`.
pub fn mean_and_variance(outcomes: &[f64], counts: &[f64]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    let mean = outcomes.iter().zip(counts).map(|(x, c)| x * c).sum::<f64>() / n;
    let variance =
        outcomes.iter().zip(counts).map(|(x, c)| c * (x - mean).powi(2)).sum::<f64>() / n;
    (mean, variance)
}

/// An Elo difference with its 95% interval and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub lower: f64,
    /// The upper end of the 95% interval.
    pub upper: f64,
    /// The probability that the first engine is the stronger one.
    pub los: f64,
}

impl EloEstimate {
    /// Half the width of the 95% interval: the `+/-` figure.
    pub fn error(&self) -> f64 {
        if self.lower.is_infinite() || self.upper.is_infinite() {
            return f64::INFINITY;
        }
        (self.upper - self.lower) / 2.0
    }

    /// The estimate from samples `outcomes` counted `counts` times (None without samples).
    pub fn from_samples(outcomes: &[f64], counts: &[u64]) -> Option<EloEstimate> {
        let weights: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
        let n: f64 = weights.iter().sum();
        if n == 0.0 {
            return None;
        }
        let (mean, variance) = mean_and_variance(outcomes, &weights);
        let error = (variance / n).sqrt();
        let los = if error > 0.0 {
            normal_cdf((mean - 0.5) / error)
        } else if mean > 0.5 {
            1.0
        } else if mean < 0.5 {
            0.0
        } else {
            0.5
        };
        Some(EloEstimate {
            elo: elo_from_score(mean),
            lower: elo_from_score(mean - Z95 * error),
            upper: elo_from_score(mean + Z95 * error),
            los,
        })
    }

    /// The trinomial estimate: one sample per game.
    pub fn trinomial(tally: &Tally) -> Option<EloEstimate> {
        EloEstimate::from_samples(&TRINOMIAL_OUTCOMES, &tally.counts())
    }

    /// The pentanomial estimate: one sample per game pair.
    pub fn pentanomial(pairs: &Pentanomial) -> Option<EloEstimate> {
        EloEstimate::from_samples(&PENTANOMIAL_OUTCOMES, &pairs.counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_from_score_matches_the_logistic_formula() {
        // stats_reference.py: elo(0.531), elo(0.25), elo(0.9).
        assert!(close(elo_from_score(0.531), 21.568671346554343, 1e-9));
        assert!(close(elo_from_score(0.25), -190.84850188786498, 1e-9));
        assert!(close(elo_from_score(0.9), 381.69700377572985, 1e-9));
        assert_eq!(elo_from_score(0.5), 0.0);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        assert_eq!(elo_from_score(0.0), f64::NEG_INFINITY);
        assert!(close(score_from_elo(elo_from_score(0.7)), 0.7, 1e-12));
    }

    #[test]
    fn normal_cdf_is_accurate_in_both_tails() {
        // stats_reference.py: phi(x).
        assert!(close(normal_cdf(0.0), 0.5, 1e-15));
        assert!(close(normal_cdf(1.959963984540054), 0.975, 1e-12));
        assert!(close(normal_cdf(-1.0), 0.15865525393145707, 1e-12));
        assert!(close(normal_cdf(1.2), 0.8849303297782917, 1e-12));
        assert!(close(normal_cdf(4.0), 0.9999683287581669, 1e-13));
        assert!(close(normal_cdf(-4.0), 3.167124183311998e-05, 1e-15));
    }

    #[test]
    fn trinomial_interval_and_los_match_known_values() {
        // stats_reference.py: trinomial W=120 D=200 L=80 and W=30 D=50 L=20.
        let big = Tally { wins: 120, draws: 200, losses: 80 };
        let e = EloEstimate::trinomial(&big).unwrap();
        assert!(close(e.elo, 34.86007028756008, 1e-9));
        assert!(close(e.lower, 10.91350333315618, 1e-9));
        assert!(close(e.upper, 59.141893951303395, 1e-9));
        assert!(close(e.los, 0.9978626330199137, 1e-9));
        let small = Tally { wins: 30, draws: 50, losses: 20 };
        let e = EloEstimate::trinomial(&small).unwrap();
        assert!(close(e.elo, 34.86007028756008, 1e-9));
        assert!(close(e.lower, -12.929693470337863, 1e-9));
        assert!(close(e.upper, 84.01076264940247, 1e-9));
        assert!(close(e.los, 0.9234362744901654, 1e-9));
    }

    #[test]
    fn pentanomial_interval_and_los_match_known_values() {
        // stats_reference.py: penta [5,30,90,50,25].
        let pairs = Pentanomial { counts: [5, 30, 90, 50, 25] };
        assert_eq!(pairs.pairs(), 200);
        let e = EloEstimate::pentanomial(&pairs).unwrap();
        assert!(close(e.elo, 52.51156585572754, 1e-9));
        assert!(close(e.lower, 29.21734382335874, 1e-9));
        assert!(close(e.upper, 76.28468853152587, 1e-9));
        assert!(close(e.los, 0.9999956561441615, 1e-9));
    }

    #[test]
    fn degenerate_samples_have_no_spread() {
        assert_eq!(EloEstimate::trinomial(&Tally::default()), None);
        let draws = EloEstimate::trinomial(&Tally { wins: 0, draws: 4, losses: 0 }).unwrap();
        assert_eq!((draws.elo, draws.lower, draws.upper, draws.los), (0.0, 0.0, 0.0, 0.5));
        let wins = EloEstimate::trinomial(&Tally { wins: 3, draws: 0, losses: 0 }).unwrap();
        assert_eq!((wins.elo, wins.los), (f64::INFINITY, 1.0));
    }

    #[test]
    fn pairs_are_counted_by_their_points() {
        let mut p = Pentanomial::default();
        p.add_pair(Outcome::Win, Outcome::Loss);
        p.add_pair(Outcome::Draw, Outcome::Draw);
        p.add_pair(Outcome::Win, Outcome::Draw);
        p.add_pair(Outcome::Loss, Outcome::Loss);
        assert_eq!(p.counts, [1, 0, 2, 1, 0]);
        assert_eq!(p.to_string(), "[1,0,2,1,0]");
    }
}
