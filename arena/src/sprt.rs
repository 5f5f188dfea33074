//! The sequential probability ratio test: stop a match as soon as it shows, at the chosen error
//! rates, that the Elo difference is `elo1` (H1, accept) rather than `elo0` (H0, reject).
//!
//! This is the generalized SPRT in the normal approximation, with the logistic Elo model (no
//! BayesElo draw model), as fishtest's `LLR_logistic` and Michel Van den Bergh's notes on it:
//! with `s0`, `s1` the mean scores worth `elo0` and `elo1`, and `m`, `v` the mean and variance of
//! the `n` samples (games, or game pairs for the pentanomial form),
//! `LLR = n (s1 - s0) (2m - s0 - s1) / (2v)`. An empty outcome counts 0.001 samples, as fastchess
//! does, so the LLR is finite from the first game. While every sample has the same outcome, that
//! alone would leave a variance of next to nothing (only the 0.001 cells) and the LLR of one won
//! game pair would pass any bound; so, until the samples spread, the variance is taken as if one
//! more sample had had the next outcome toward an even score (the next better one when the
//! outcome is even). A run of won pairs then accepts H1 after a few pairs (four 2-0 pairs at
//! elo1=10), not after one. The test accepts H1 when the LLR reaches `ln((1 - beta) / alpha)` and
//! H0 when it falls to `ln(beta / (1 - alpha))`.

use super::stats::{
    mean_and_variance, score_from_elo, Pentanomial, Tally, PENTANOMIAL_OUTCOMES, TRINOMIAL_OUTCOMES,
};
use std::fmt;
use std::str::FromStr;

/// The weight of an outcome that has not occurred yet.
const EMPTY_CELL: f64 = 1e-3;

/// The hypotheses and error rates of an SPRT.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The LLR reached the upper bound: H1 accepted.
    AcceptH1,
    /// The LLR reached the lower bound: H0 accepted.
    AcceptH0,
    /// Neither bound reached yet.
    Continue,
}

impl SprtDecision {
    /// The word of the summary line: `H1`, `H0` or `continue`.
    pub fn word(self) -> &'static str {
        match self {
            SprtDecision::AcceptH1 => "H1",
            SprtDecision::AcceptH0 => "H0",
            SprtDecision::Continue => "continue",
        }
    }
}

impl Sprt {
    /// The lower bound: `ln(beta / (1 - alpha))`.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound: `ln((1 - beta) / alpha)`.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of samples with values `outcomes` counted `counts` times.
    fn llr(&self, outcomes: &[f64], counts: &[u64]) -> f64 {
        let mut counts = counts.to_vec();
        match counts.iter().filter(|&&c| c > 0).count() {
            0 => return 0.0,
            1 => {
                // Outcomes are in increasing order, an even score in the middle.
                let only = counts.iter().position(|&c| c > 0).expect("one outcome");
                let toward_even = if outcomes[only] > 0.5 { only - 1 } else { only + 1 };
                counts[toward_even] = 1;
            }
            _ => {}
        }
        let weights: Vec<f64> =
            counts.iter().map(|&c| if c == 0 { EMPTY_CELL } else { c as f64 }).collect();
        let n: f64 = weights.iter().sum();
        let (mean, variance) = mean_and_variance(outcomes, &weights);
        let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The LLR over single games.
    pub fn llr_trinomial(&self, tally: &Tally) -> f64 {
        self.llr(&TRINOMIAL_OUTCOMES, &tally.counts())
    }

    /// The LLR over game pairs.
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        self.llr(&PENTANOMIAL_OUTCOMES, &pairs.counts)
    }

    /// The decision an LLR gives.
    pub fn decision(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={} bounds [{:.3}, {:.3}]",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.lower_bound(),
            self.upper_bound()
        )
    }
}

impl FromStr for Sprt {
    type Err = String;

    /// Reads `elo0=0,elo1=5[,alpha=0.05][,beta=0.05]` (alpha and beta default to 0.05).
    fn from_str(text: &str) -> Result<Sprt, String> {
        let mut sprt = Sprt { elo0: f64::NAN, elo1: f64::NAN, alpha: 0.05, beta: 0.05 };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("--sprt: '{part}' is not name=value"))?;
            let number: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("--sprt: {name}: '{value}' is not a number"))?;
            if !number.is_finite() {
                return Err(format!("--sprt: {name} must be finite"));
            }
            match name.trim() {
                "elo0" => sprt.elo0 = number,
                "elo1" => sprt.elo1 = number,
                "alpha" => sprt.alpha = number,
                "beta" => sprt.beta = number,
                other => {
                    return Err(format!("--sprt: unknown name '{other}' (elo0 elo1 alpha beta)"))
                }
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0= and elo1=".to_string());
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err("--sprt: elo0 must be less than elo1".to_string());
        }
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !rate(sprt.alpha) || !rate(sprt.beta) || sprt.alpha + sprt.beta >= 1.0 {
            return Err("--sprt: alpha and beta must lie in (0, 1) with a sum below 1".to_string());
        }
        Ok(sprt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    fn standard() -> Sprt {
        "elo0=0,elo1=5,alpha=0.05,beta=0.05".parse().unwrap()
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        // stats_reference.py: ln(0.05/0.95) and ln(0.95/0.05); alpha=0.05 beta=0.1.
        let s = standard();
        assert!(close(s.lower_bound(), -2.9444389791664403));
        assert!(close(s.upper_bound(), 2.9444389791664403));
        let s: Sprt = "elo0=0,elo1=5,alpha=0.05,beta=0.1".parse().unwrap();
        assert!(close(s.lower_bound(), -2.251291798606495));
        assert!(close(s.upper_bound(), 2.8903717578961645));
    }

    #[test]
    fn trinomial_llr_matches_known_values() {
        let s = standard();
        let llr = |w, d, l| s.llr_trinomial(&Tally { wins: w, draws: d, losses: l });
        assert!(close(llr(120, 200, 80), 1.090186073641162));
        assert!(close(llr(30, 50, 20), 0.2725465184102905));
        // Two outcomes, one empty cell counted 0.001.
        assert!(close(llr(3, 0, 1), 0.03782773008880977));
        // No spread yet: as if one more game had been drawn.
        assert!(close(llr(1, 0, 0), llr(1, 1, 0)));
        assert!(close(llr(0, 0, 40), llr(0, 1, 40)));
        assert!(close(llr(0, 7, 0), llr(1, 7, 0)));
        assert_eq!(llr(0, 0, 0), 0.0);
    }

    #[test]
    fn pentanomial_llr_matches_known_values() {
        let s = standard();
        let llr = s.llr_pentanomial(&Pentanomial { counts: [5, 30, 90, 50, 25] });
        assert!(close(llr, 1.8065811965851053));
        let weak = Pentanomial { counts: [20, 40, 90, 30, 10] };
        let s10: Sprt = "elo0=0,elo1=10".parse().unwrap();
        assert!(close(s10.llr_pentanomial(&weak), -2.09327544610294));
        let around: Sprt = "elo0=-5,elo1=5".parse().unwrap();
        assert!(close(around.llr_pentanomial(&weak), -1.770971247932416));
    }

    #[test]
    fn one_won_pair_decides_nothing() {
        // The match that found this: pair 1 scored 1.5 of 2, and the 0.001 cells made the LLR
        // of that single sample pass the H1 bound.
        let s: Sprt = "elo0=0,elo1=10".parse().unwrap();
        let one = Pentanomial { counts: [0, 0, 0, 1, 0] };
        assert_eq!(s.decision(s.llr_pentanomial(&one)), SprtDecision::Continue);
        let two = Pentanomial { counts: [0, 0, 0, 1, 1] };
        assert_eq!(s.decision(s.llr_pentanomial(&two)), SprtDecision::Continue);
        // Won pairs in a row (an opponent that forfeits every game): H1 after four, not one.
        let won = |k| s.decision(s.llr_pentanomial(&Pentanomial { counts: [0, 0, 0, 0, k] }));
        assert_eq!(won(3), SprtDecision::Continue);
        assert_eq!(won(4), SprtDecision::AcceptH1);
    }

    #[test]
    fn decisions_follow_the_bounds() {
        let s = standard();
        assert_eq!(s.decision(3.0), SprtDecision::AcceptH1);
        assert_eq!(s.decision(-3.0), SprtDecision::AcceptH0);
        assert_eq!(s.decision(0.0), SprtDecision::Continue);
    }

    #[test]
    fn bad_settings_are_refused() {
        for text in ["", "elo0=0", "elo0=5,elo1=0", "elo0=0,elo1=5,alpha=0", "elo0=0,elo1=5,x=1"] {
            assert!(text.parse::<Sprt>().is_err(), "{text}");
        }
        assert_eq!("elo1=5, elo0=0".parse::<Sprt>().unwrap(), standard());
    }
}
