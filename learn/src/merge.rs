//! Merging the files of a self-play run's shards (`dama selfplay --shard I/N`) into the file
//! one run would have written (`dama selfplay-merge`).
//!
//! A shard keeps the positions its own games have not seen before; one run keeps those no
//! earlier game of the run has seen. The merge reads the shards' games in the run's order (game
//! number) and drops every position an earlier game kept, so the merged file holds the same
//! games, positions and order as one run with the same settings: byte for byte, for a run
//! started afresh.

use crate::data::{read, DataHeader, DataWriter, GameBlock};
use crate::game::TrainingGame;
use dama_frontend::shard::Shard;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// What a merge did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeSummary {
    /// Shards merged.
    pub shards: u32,
    /// Games in the merged file.
    pub games: u32,
    /// Positions in the merged file.
    pub positions: u64,
    /// Positions of the shards dropped as seen in an earlier game of another shard.
    pub dropped: u64,
}

/// Merges the shard files `paths` of a run of `games` games, all of the game `R`, into `out`
/// (which is written under a temporary name and renamed, so it is whole or absent). Every shard
/// of the run must be there exactly once, made with the same settings, and finished.
pub fn merge<R: TrainingGame>(
    paths: &[PathBuf],
    games: u32,
    out: &Path,
) -> Result<MergeSummary, String> {
    let shards = shard_order(paths)?;
    let first = &shards.values().next().expect("at least one shard").1;
    let header = DataHeader { shard: None, ..*first };
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = out.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let _ = std::fs::remove_file(&temporary);
    let written = write_merged::<R>(&shards, games, header, &temporary);
    match written {
        Ok(summary) => {
            std::fs::rename(&temporary, out)
                .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
            Ok(summary)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}

/// The shard files by shard index, their headers checked against each other: one run's shards,
/// each once, none missing.
fn shard_order(paths: &[PathBuf]) -> Result<BTreeMap<u32, (PathBuf, DataHeader)>, String> {
    if paths.is_empty() {
        return Err("give the shard files to merge".to_string());
    }
    let mut shards: BTreeMap<u32, (PathBuf, DataHeader)> = BTreeMap::new();
    let mut count = None;
    for path in paths {
        let header = crate::data::read_header(path)?;
        let Some(shard) = header.shard else {
            return Err(format!(
                "{} is not a shard's file (made without --shard): nothing to merge",
                path.display()
            ));
        };
        let settings = |h: &DataHeader| DataHeader { shard: None, ..*h };
        if let Some((other, first)) = shards.values().next() {
            if settings(&header) != settings(first) {
                return Err(format!(
                    "{} and {} were made with other settings ({:?} and {:?}): they are not \
                     shards of one run",
                    path.display(),
                    other.display(),
                    settings(&header),
                    settings(first)
                ));
            }
        }
        if *count.get_or_insert(shard.count) != shard.count {
            return Err(format!(
                "{} is shard {shard}, but the others are shards of {}",
                path.display(),
                count.unwrap_or(0)
            ));
        }
        if let Some((other, _)) = shards.insert(shard.index, (path.clone(), header)) {
            return Err(format!(
                "{} and {} are both shard {shard}",
                other.display(),
                path.display()
            ));
        }
    }
    let count = count.unwrap_or(0);
    let missing: Vec<String> =
        (1..=count).filter(|i| !shards.contains_key(i)).map(|i| format!("{i}/{count}")).collect();
    if !missing.is_empty() {
        return Err(format!("shard {} missing: give every shard's file", missing.join(", ")));
    }
    Ok(shards)
}

/// Writes the shards' games in order, deduplicated as one run, into `path`.
fn write_merged<R: TrainingGame>(
    shards: &BTreeMap<u32, (PathBuf, DataHeader)>,
    games: u32,
    header: DataHeader,
    path: &Path,
) -> Result<MergeSummary, String> {
    let (mut writer, _) = DataWriter::<R>::open(path, header)?;
    let mut seen: HashSet<u64> = HashSet::new();
    let mut summary =
        MergeSummary { shards: shards.len() as u32, games: 0, positions: 0, dropped: 0 };
    for (file, shard_header) in shards.values() {
        let shard: Shard = shard_header.shard.expect("checked");
        let mut blocks: Vec<GameBlock<R>> = read::<R>(file)?.games;
        blocks.sort_by_key(|b| b.game);
        let expected = shard.games(u64::from(games));
        let numbers: Vec<u64> = blocks.iter().map(|b| u64::from(b.game)).collect();
        if numbers != expected.clone().collect::<Vec<u64>>() {
            let outside = numbers.iter().find(|g| !expected.contains(g));
            return Err(match outside {
                Some(game) => format!(
                    "{} (shard {shard}) holds game {game}, not one of its games of a run of \
                     {games} (games {} to {}): was it made with another --games?",
                    file.display(),
                    expected.start,
                    expected.end.saturating_sub(1)
                ),
                None => format!(
                    "{} (shard {shard}) holds {} of its {} games: finish it by running its \
                     dama selfplay command again",
                    file.display(),
                    numbers.len(),
                    expected.end - expected.start
                ),
            });
        }
        for block in blocks {
            let before = block.records.len();
            let records: Vec<_> =
                block.records.into_iter().filter(|r| seen.insert(R::key(&r.position))).collect();
            summary.dropped += (before - records.len()) as u64;
            summary.positions += records.len() as u64;
            summary.games += 1;
            writer
                .write_game(&GameBlock { game: block.game, records })
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selfplay::{run, SelfPlaySettings};
    use dama_engine::italian::{EvalOptions, Italian};
    use std::sync::atomic::AtomicBool;

    fn temp(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("dama-merge-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn settings(shard: Option<Shard>) -> SelfPlaySettings<Italian> {
        SelfPlaySettings {
            games: 7,
            nodes: Some(200),
            depth: None,
            random_plies: 0,
            seed: 3,
            adjudicate: 400,
            max_plies: 200,
            eval: EvalOptions::DEFAULT,
            shard,
        }
    }

    #[test]
    fn merged_shards_are_the_file_of_one_run() {
        let stop = AtomicBool::new(false);
        let whole = temp("whole.bin");
        run(&whole, &settings(None), &stop, |_| {}).unwrap();
        let shards: Vec<PathBuf> = (1..=3).map(|i| temp(&format!("shard{i}.bin"))).collect();
        for (i, path) in shards.iter().enumerate() {
            let shard = Shard::new(i as u32 + 1, 3);
            let summary = run(path, &settings(shard), &stop, |_| {}).unwrap();
            assert_eq!(u64::from(summary.games), shard.unwrap().games(7).count() as u64);
        }
        let merged = temp("merged.bin");
        // In any order of the arguments.
        let given = vec![shards[2].clone(), shards[0].clone(), shards[1].clone()];
        let summary = merge::<Italian>(&given, 7, &merged).unwrap();
        assert_eq!((summary.shards, summary.games), (3, 7));
        assert_eq!(std::fs::read(&merged).unwrap(), std::fs::read(&whole).unwrap());
        for path in shards.iter().chain([&whole, &merged]) {
            std::fs::remove_file(path).unwrap();
        }
    }

    /// A position kept by a shard is dropped when a game of an earlier shard kept it.
    #[test]
    fn positions_seen_in_an_earlier_shard_are_dropped() {
        use crate::data::Record;
        use dama_engine::board8::fen::parse_fen;
        let position = |fen: &str| Record::<Italian> {
            position: parse_fen(fen).unwrap(),
            score: 10,
            result: 0,
        };
        let (a, b, c) = (position("W:W21,22:B5"), position("W:W22:B5,6"), position("B:W30:B1"));
        let header = |i| DataHeader {
            game: 22,
            nodes: 100,
            depth: 0,
            random_plies: 0,
            seed: 1,
            shard: Shard::new(i, 2),
        };
        let paths = [temp("d1.bin"), temp("d2.bin")];
        let blocks = [vec![(0, vec![a, b]), (1, vec![])], vec![(2, vec![b, c]), (3, vec![a])]];
        for (i, (path, games)) in paths.iter().zip(blocks).enumerate() {
            let (mut writer, _) = DataWriter::<Italian>::open(path, header(i as u32 + 1)).unwrap();
            for (game, records) in games {
                writer.write_game(&GameBlock { game, records }).unwrap();
            }
        }
        let out = temp("d-out.bin");
        let summary = merge::<Italian>(&paths, 4, &out).unwrap();
        assert_eq!((summary.games, summary.positions, summary.dropped), (4, 3, 2));
        let file = read::<Italian>(&out).unwrap();
        assert_eq!(file.header, DataHeader { shard: None, ..header(1) });
        let kept: Vec<(u32, Vec<Record<Italian>>)> =
            file.games.into_iter().map(|g| (g.game, g.records)).collect();
        assert_eq!(kept, vec![(0, vec![a, b]), (1, vec![]), (2, vec![c]), (3, vec![])]);
        for path in paths.iter().chain([&out]) {
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn a_merge_refuses_missing_repeated_unfinished_and_foreign_shards() {
        let stop = AtomicBool::new(false);
        let (one, two) = (temp("r1.bin"), temp("r2.bin"));
        run(&one, &settings(Shard::new(1, 2)), &stop, |_| {}).unwrap();
        let out = temp("r-out.bin");
        let error = merge::<Italian>(std::slice::from_ref(&one), 7, &out).unwrap_err();
        assert!(error.contains("shard 2/2 missing"), "{error}");
        let error = merge::<Italian>(&[one.clone(), one.clone()], 7, &out).unwrap_err();
        assert!(error.contains("are both shard 1/2"), "{error}");
        // Shard 2 played only some of its games (a run of 5 games gives it games 4 and 5... of
        // 7 it has 4, 5 and 6).
        run(&two, &SelfPlaySettings { games: 5, ..settings(Shard::new(2, 2)) }, &stop, |_| {})
            .unwrap();
        let error = merge::<Italian>(&[one.clone(), two.clone()], 7, &out).unwrap_err();
        assert!(error.contains("(shard 2/2) holds"), "{error}");
        let error = merge::<Italian>(&[one.clone(), two.clone()], 9, &out).unwrap_err();
        assert!(error.contains("another --games"), "{error}");
        assert!(!out.exists(), "nothing is written when the merge fails");
        std::fs::remove_file(&two).unwrap();
        run(&two, &SelfPlaySettings { seed: 4, ..settings(Shard::new(2, 2)) }, &stop, |_| {})
            .unwrap();
        let error = merge::<Italian>(&[one.clone(), two.clone()], 7, &out).unwrap_err();
        assert!(error.contains("other settings"), "{error}");
        let whole = temp("r-whole.bin");
        run(&whole, &SelfPlaySettings { games: 2, ..settings(None) }, &stop, |_| {}).unwrap();
        let error = merge::<Italian>(std::slice::from_ref(&whole), 2, &out).unwrap_err();
        assert!(error.contains("not a shard's file"), "{error}");
        for path in [one, two, whole] {
            std::fs::remove_file(path).unwrap();
        }
    }
}
