//! `--shard I/N`: a deterministic share of a job that splits into independent units (the game
//! pairs of `dama match` and `dama selfplay`), so that N processes, on one machine or on many,
//! do the job of one between them and their results merge into that one's.
//!
//! Shard `I` of `N` (1-based) takes the `I`-th of `N` contiguous blocks of the units, as equal
//! as whole units allow: units `(I-1)·U/N` to `I·U/N` (end excluded) of `U`. Contiguous blocks
//! keep a shard's units in the order one run plays them, so shards taken in order replay the
//! single run's sequence (what a sequential test such as the SPRT reads).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The most shards a job splits into (the shard fields of the data files are 16 bits).
pub const MAX_SHARDS: u32 = 65_535;

/// Shard `index` of `count`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    /// Which shard, from 1 to `count`.
    pub index: u32,
    /// How many shards the job is split into.
    pub count: u32,
}

impl Shard {
    /// Shard `index` of `count`; `None` unless `1 <= index <= count <= MAX_SHARDS`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index >= 1 && index <= count && count <= MAX_SHARDS).then_some(Shard { index, count })
    }

    /// The units of this shard among `total` (numbered from 0).
    pub fn units(self, total: u64) -> Range<u64> {
        let (index, count) = (u128::from(self.index), u128::from(self.count));
        let at = |k: u128| (k * u128::from(total) / count) as u64;
        at(index - 1)..at(index)
    }

    /// The games of this shard among `games` games played in pairs (games `2p` and `2p + 1`
    /// form pair `p`; an odd last game is a pair of its own), numbered from 0.
    pub fn games(self, games: u64) -> Range<u64> {
        let pairs = self.units(games.div_ceil(2));
        (2 * pairs.start).min(games)..(2 * pairs.end).min(games)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let shown = format!("'{}'", dama_engine::excerpt::excerpt(text));
        let (index, count) = text
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?)))
            .ok_or_else(|| format!("expected I/N, shard I of N (e.g. 2/4), not {shown}"))?;
        if count == 0 || count > MAX_SHARDS {
            return Err(format!("the shard count must be 1 to {MAX_SHARDS}, not {count}"));
        }
        Shard::new(index, count)
            .ok_or_else(|| format!("shard {index} of {count}: the shard must be 1 to {count}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_unit_once_in_order() {
        for total in [0u64, 1, 5, 174, 1000] {
            for count in [1u32, 2, 3, 4, 7, 200] {
                let mut next = 0;
                for index in 1..=count {
                    let units = Shard::new(index, count).unwrap().units(total);
                    assert_eq!(units.start, next, "{index}/{count} of {total}");
                    next = units.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Shard::new(2, 4).unwrap().units(10), 2..5);
    }

    #[test]
    fn game_pairs_stay_in_one_shard() {
        // 7 games: pairs 0-2 whole, game 6 alone; two shards take pairs 0-1 and 2-3.
        assert_eq!(Shard::new(1, 2).unwrap().games(7), 0..4);
        assert_eq!(Shard::new(2, 2).unwrap().games(7), 4..7);
        assert_eq!(Shard::new(3, 3).unwrap().games(2), 0..2);
        assert_eq!(Shard::new(1, 3).unwrap().games(2), 0..0);
    }

    #[test]
    fn shard_text_is_read_strictly() {
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
        for (text, why) in [
            ("3", "expected I/N"),
            ("a/4", "expected I/N"),
            ("-1/4", "expected I/N"),
            ("0/4", "must be 1 to 4"),
            ("5/4", "must be 1 to 4"),
            ("1/0", "count must be 1 to 65535"),
            ("1/70000", "count must be 1 to 65535"),
        ] {
            let error = text.parse::<Shard>().unwrap_err();
            assert!(error.contains(why), "{text}: {error}");
        }
    }
}
