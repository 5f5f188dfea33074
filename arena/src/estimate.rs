//! What a match's games say about the Elo difference: its 95% interval when the normal
//! approximation gives one, else the true reason it does not and the bound that remains.
//!
//! The interval is that of `stats.rs`: the mean score plus or minus `Z95` standard errors, over
//! game pairs from two complete pairs on (pentanomial), over single games before (trinomial),
//! turned into Elo. It has no width when every sample scored the same, and no Elo end where it
//! reaches a score of 0 or 1 (worth minus and plus infinity). The reasons, checked in order:
//! no game played; every game a forfeit; one engine winning every game (the point estimate is
//! infinite); every sample scoring the same (no spread to measure); the interval reaching a
//! score of 0 or 1 (too few samples for so lopsided a score).
//!
//! Bounds: when one end of the interval is inside (0, 1) and the other is not, the inside end is
//! given alone, as the end of the same two-sided 95% interval (a 97.5% one-sided bound). When
//! every sample scored 0 (or every one 1) the normal approximation has no spread to use, but the
//! samples still bound the mean score `m`: a sample in [0, 1] is 0 with a probability of at most
//! `1 - m`, so `n` independent samples all 0 have a chance of at most `(1 - m)^n`, under 2.5%
//! once `m > 1 - 0.025^(1/n)`. That end is given, distribution-free (Clopper-Pearson's for no
//! success is the same figure), and symmetrically `0.025^(1/n)` from below.

use super::stats::{elo_from_score, mean_and_variance, Z95};
use super::stats::{EloEstimate, Pentanomial, Tally, PENTANOMIAL_OUTCOMES, TRINOMIAL_OUTCOMES};

/// The chance left on each side of a 95% two-sided interval.
const TAIL: f64 = 0.025;

/// Which sample the Elo estimate uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// One sample per game pair.
    Pentanomial,
    /// One sample per game.
    Trinomial,
}

impl Model {
    /// The word of the `result` line.
    pub fn word(self) -> &'static str {
        match self {
            Model::Pentanomial => "pentanomial",
            Model::Trinomial => "trinomial",
        }
    }

    /// One sample: `pair` or `game`.
    fn sample(self) -> &'static str {
        match self {
            Model::Pentanomial => "pair",
            Model::Trinomial => "game",
        }
    }

    /// The model and its sample count, as the summary gives them: `pentanomial, 4 pairs`.
    pub fn how(self, samples: u64) -> String {
        let plural = if samples == 1 { "" } else { "s" };
        format!("{}, {samples} {}{plural}", self.word(), self.sample())
    }
}

/// The Elo difference when the games give it no two-sided interval.
#[derive(Clone, Debug, PartialEq)]
pub struct NoInterval {
    /// The lower end of the 95% interval, when it has one.
    pub lower: Option<f64>,
    /// The upper end of the 95% interval, when it has one.
    pub upper: Option<f64>,
    /// The summary's text after `Elo difference: `: the point estimate and the bound, when there
    /// are, and the true reason there is no interval.
    pub text: String,
}

impl NoInterval {
    /// No bound: `cannot be estimated: {why}`.
    fn none(why: String) -> NoInterval {
        NoInterval { lower: None, upper: None, text: format!("cannot be estimated: {why}") }
    }
}

/// The samples of the model used: the model, the sample values and their counts.
fn samples(tally: &Tally, pairs: &Pentanomial) -> (Model, &'static [f64], Vec<u64>) {
    if pairs.pairs() >= 2 {
        (Model::Pentanomial, &PENTANOMIAL_OUTCOMES, pairs.counts.to_vec())
    } else {
        (Model::Trinomial, &TRINOMIAL_OUTCOMES, tally.counts().to_vec())
    }
}

/// The Elo difference of a match: its 95% interval, or why there is none and what bound is left.
/// `forfeits` counts the forfeited games; `mirrors` says the two engines are one command with one
/// settings at a fixed depth or node count.
pub fn estimate(
    tally: &Tally,
    pairs: &Pentanomial,
    forfeits: u64,
    mirrors: bool,
) -> Result<(EloEstimate, Model), NoInterval> {
    let games = tally.games();
    if games == 0 {
        return Err(NoInterval::none("no game played".to_string()));
    }
    if forfeits >= games {
        return Err(NoInterval::none(format!(
            "all {games} games were forfeits, none was played out"
        )));
    }
    let (model, outcomes, counts) = samples(tally, pairs);
    let n: u64 = counts.iter().sum();
    let estimate = EloEstimate::from_samples(outcomes, &counts).expect("a game was played");
    let seen: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
    let (unit, how) = (model.sample(), model.how(n));
    if tally.wins == games || tally.losses == games {
        let (verb, side) = if tally.wins == games { ("won", "upper") } else { ("lost", "lower") };
        let all =
            if games == 1 { "the only game".to_string() } else { format!("all {games} games") };
        let why = format!(
            "the first engine {verb} {all}, so the Elo difference has no {side} \
             bound, and the normal approximation no spread to use"
        );
        return Err(one_sided_extreme(outcomes[seen[0]], n, model, why));
    }
    if seen.len() == 1 {
        let why = match model {
            Model::Pentanomial => {
                let complete = if 2 * n == games { "" } else { "complete " };
                let points = ["0 points", "1/2 point", "1 point", "3/2 points", "2 points"];
                let because = if mirrors {
                    "identical deterministic engines mirror every pair: the same command with \
                     the same settings at a fixed depth or node count"
                } else {
                    "more pairs are needed"
                };
                format!(
                    "every one of the {n} {complete}game pairs scored the same, {} of 2, so \
                     there is no spread to measure ({because})",
                    points[seen[0]]
                )
            }
            // Every game won or every game lost is told above: these are draws.
            Model::Trinomial => {
                let all = if n == 1 {
                    "the only game was a draw".to_string()
                } else {
                    format!("all {n} games were draws")
                };
                format!("{all}, so there is no spread to measure (more games are needed)")
            }
        };
        let score = outcomes[seen[0]];
        return Err(if score == 0.0 || score == 1.0 {
            one_sided_extreme(score, n, model, why)
        } else {
            NoInterval::none(why)
        });
    }
    if estimate.lower.is_finite() && estimate.upper.is_finite() {
        return Ok((estimate, model));
    }
    let weights: Vec<f64> = counts.iter().map(|&c| c as f64).collect();
    let (mean, variance) = mean_and_variance(outcomes, &weights);
    let half = Z95 * (variance / n as f64).sqrt();
    let interval = format!("the interval of the mean score, {mean:.3} +/- {half:.3},");
    let lopsided = format!("too few {unit}s for so lopsided a score");
    let (elo, lower, upper) = (estimate.elo, estimate.lower, estimate.upper);
    Err(match (lower.is_finite(), upper.is_finite()) {
        (false, true) => NoInterval {
            lower: None,
            upper: Some(upper),
            text: format!(
                "{elo:+.1}, below {upper:+.1} (95%, {how}: the upper end of the interval; it has \
                 no lower end): {interval} runs below a score of 0, {lopsided} for the normal \
                 approximation to bound the Elo from below"
            ),
        },
        (true, false) => NoInterval {
            lower: Some(lower),
            upper: None,
            text: format!(
                "{elo:+.1}, above {lower:+.1} (95%, {how}: the lower end of the interval; it has \
                 no upper end): {interval} runs above a score of 1, {lopsided} for the normal \
                 approximation to bound the Elo from above"
            ),
        },
        _ => NoInterval::none(format!(
            "{interval} runs past both 0 and 1 (95%, {how}): too few {unit}s for the normal \
             approximation to bound the Elo on either side (the point estimate is {elo:+.1})"
        )),
    })
}

/// The distribution-free bound of `n` samples that all scored `score`, 0 or 1 (see the module's
/// doc), with `why` the normal approximation gives none.
fn one_sided_extreme(score: f64, n: u64, model: Model, why: String) -> NoInterval {
    let root = TAIL.powf(1.0 / n as f64);
    let (unit, how) = (model.sample(), model.how(n));
    let (samples, have) =
        if n == 1 { (format!("1 {unit}"), "has") } else { (format!("{n} {unit}s all"), "have") };
    let (lower, upper, text) = if score == 0.0 {
        let upper = elo_from_score(1.0 - root);
        let text = format!(
            "below {upper:+.1} (95%, distribution-free, {how}): {why}; but {samples} lost {have} \
             a chance under 2.5% once the mean score per {unit} is above 1 - 0.025^(1/{n}) = \
             {:.3}",
            1.0 - root
        );
        (None, Some(upper), text)
    } else {
        let lower = elo_from_score(root);
        let text = format!(
            "above {lower:+.1} (95%, distribution-free, {how}): {why}; but {samples} won {have} a \
             chance under 2.5% once the mean score per {unit} is below 0.025^(1/{n}) = {root:.3}"
        );
        (Some(lower), None, text)
    };
    NoInterval { lower, upper, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of game pairs counted by points (`[0, 1/2, 1, 3/2, 2]`), a pair worth 1 point
    /// being a win and a loss: the tally and the pairs.
    fn games_of(pairs: [u64; 5]) -> (Tally, Pentanomial) {
        let games = [(0, 0, 2), (0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)];
        let mut tally = Tally::default();
        for (count, (wins, draws, losses)) in pairs.iter().zip(games) {
            tally.wins += count * wins;
            tally.draws += count * draws;
            tally.losses += count * losses;
        }
        (tally, Pentanomial { counts: pairs })
    }

    /// The explanation of these pairs (no forfeit, different engines).
    fn explain(pairs: [u64; 5]) -> NoInterval {
        let (tally, pairs) = games_of(pairs);
        estimate(&tally, &pairs, 0, false).unwrap_err()
    }

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-9)
    }

    #[test]
    fn a_spread_score_inside_0_and_1_has_its_interval() {
        let (tally, pairs) = games_of([5, 30, 90, 50, 25]);
        let (e, model) = estimate(&tally, &pairs, 3, true).unwrap();
        assert_eq!(model, Model::Pentanomial);
        assert!((e.lower - 29.21734382335874).abs() < 1e-9, "stats_reference.py");
    }

    #[test]
    fn no_game_played() {
        let no = estimate(&Tally::default(), &Pentanomial::default(), 0, false).unwrap_err();
        assert_eq!(no, NoInterval::none("no game played".to_string()));
        assert_eq!(no.text, "cannot be estimated: no game played");
    }

    #[test]
    fn every_game_a_forfeit() {
        let (tally, pairs) = games_of([0, 0, 0, 0, 2]);
        let no = estimate(&tally, &pairs, 4, false).unwrap_err();
        assert_eq!(no.text, "cannot be estimated: all 4 games were forfeits, none was played out");
        assert_eq!((no.lower, no.upper), (None, None));
    }

    /// Four pairs all lost: the normal approximation has no spread, but a mean pair score `m`
    /// loses all four with a chance of at most `(1 - m)^4`, under 2.5% above
    /// `1 - 0.025^(1/4) = 1 - 0.39764 = 0.60236`, worth `-400 log10(0.39764 / 0.60236)` =
    /// +72.15 Elo.
    #[test]
    fn one_engine_winning_every_game_leaves_a_distribution_free_bound() {
        let lost = explain([4, 0, 0, 0, 0]);
        assert!(close(lost.upper, 72.14978586572579), "{lost:?}");
        assert_eq!(lost.lower, None);
        let expected = "below +72.1 (95%, distribution-free, pentanomial, 4 pairs): the first \
                        engine lost all 8 games, so the Elo difference has no lower bound";
        assert!(lost.text.starts_with(expected), "{}", lost.text);
        assert!(lost.text.ends_with("above 1 - 0.025^(1/4) = 0.602"), "{}", lost.text);
        let won = explain([0, 0, 0, 0, 4]);
        assert!(close(won.lower, -72.14978586572579), "{won:?}");
        let expected = "above -72.1 (95%, distribution-free, pentanomial, 4 pairs): the first \
                        engine won all 8 games, so the Elo difference has no upper bound";
        assert!(won.text.starts_with(expected), "{}", won.text);
        // One game won, before two pairs: one game, above a score of 0.025 (-636.4 Elo).
        let one =
            estimate(&Tally { wins: 1, draws: 0, losses: 0 }, &Pentanomial::default(), 0, false)
                .unwrap_err();
        assert!(close(one.lower, -636.4258428105995), "{one:?}");
        assert!(one.text.contains("(95%, distribution-free, trinomial, 1 game)"), "{}", one.text);
        assert!(one.text.contains("the first engine won the only game, so"), "{}", one.text);
        assert!(one.text.contains("but 1 game won has a chance"), "{}", one.text);
    }

    #[test]
    fn every_pair_scoring_the_same_is_no_spread_and_blames_identical_engines_only_when_so() {
        let (tally, pairs) = games_of([0, 0, 3, 0, 0]);
        let same = estimate(&tally, &pairs, 0, true).unwrap_err();
        assert_eq!((same.lower, same.upper), (None, None));
        let expected = "cannot be estimated: every one of the 3 game pairs scored the same, 1 \
                        point of 2, so there is no spread to measure (identical deterministic \
                        engines mirror every pair";
        assert!(same.text.starts_with(expected), "{}", same.text);
        let different = estimate(&tally, &pairs, 0, false).unwrap_err();
        assert!(different.text.ends_with("(more pairs are needed)"), "{}", different.text);
        assert!(!different.text.contains("identical"), "{}", different.text);
        let half = explain([0, 4, 0, 0, 0]);
        assert!(half.text.contains("the 4 game pairs scored the same, 1/2 point of 2"));
        // Before two pairs, one sample per game: three draws.
        let draws = Tally { wins: 0, draws: 3, losses: 0 };
        let no = estimate(&draws, &Pentanomial { counts: [0, 0, 1, 0, 0] }, 0, true).unwrap_err();
        assert!(no
            .text
            .starts_with("cannot be estimated: all 3 games were draws, so there is no spread"));
    }

    /// Every complete pair lost, a draw in a pair under way: no spread over pairs, and the same
    /// distribution-free bound as four pairs all lost.
    #[test]
    fn complete_pairs_all_lost_leave_the_same_bound() {
        let (mut tally, pairs) = games_of([4, 0, 0, 0, 0]);
        tally.draws += 1;
        let no = estimate(&tally, &pairs, 0, false).unwrap_err();
        assert!(close(no.upper, 72.14978586572579), "{no:?}");
        assert!(
            no.text
                .contains("every one of the 4 complete game pairs scored the same, 0 points of 2"),
            "{}",
            no.text
        );
    }

    /// The match of the bug: 0-7-1, pairs [3,1,0,0,0]. By hand: four pair samples, three 0 and
    /// one 1/4; the mean 1/16 = 0.0625 (-400 log10(15) = -470.4 Elo); the variance
    /// (3 (1/16)^2 + (3/16)^2) / 4 = 3/256, the standard error sqrt(3/256 / 4) = 0.054127, times
    /// 1.96 is 0.106086: the interval 0.0625 +/- 0.1061 runs from -0.0436, below 0, to 0.16859,
    /// worth -400 log10(1/0.16859 - 1) = -277.2 Elo.
    #[test]
    fn an_interval_past_a_score_of_0_keeps_its_upper_end() {
        let no = explain([3, 1, 0, 0, 0]);
        assert!(close(no.upper, -277.1981292514416), "{no:?}");
        assert_eq!(no.lower, None);
        assert_eq!(
            no.text,
            "-470.4, below -277.2 (95%, pentanomial, 4 pairs: the upper end of the interval; it \
             has no lower end): the interval of the mean score, 0.062 +/- 0.106, runs below a \
             score of 0, too few pairs for so lopsided a score for the normal approximation to \
             bound the Elo from below"
        );
        let mirrored = explain([0, 0, 0, 1, 3]);
        assert!(close(mirrored.lower, 277.1981292514416), "{mirrored:?}");
        assert!(mirrored
            .text
            .starts_with("+470.4, above +277.2 (95%, pentanomial, 4 pairs: the lower end"));
        assert!(mirrored.text.contains("runs above a score of 1"));
    }

    /// Pairs [1,0,0,0,1]: the mean 1/2, the standard error 1/2 / sqrt(2) = 0.354, times 1.96 is
    /// 0.693: the interval runs from -0.19 to 1.19.
    #[test]
    fn an_interval_past_both_0_and_1_bounds_nothing() {
        let no = explain([1, 0, 0, 0, 1]);
        assert_eq!((no.lower, no.upper), (None, None));
        assert_eq!(
            no.text,
            "cannot be estimated: the interval of the mean score, 0.500 +/- 0.693, runs past \
             both 0 and 1 (95%, pentanomial, 2 pairs): too few pairs for the normal \
             approximation to bound the Elo on either side (the point estimate is +0.0)"
        );
    }
}
