//! Perft against the published tables in `tests/data/perft.txt` (sources named there).
//!
//! By default only the cheap entries run (at most [`QUICK_LEAF_LIMIT`] leaves each), so a debug
//! `cargo test` stays within a few seconds. The full published depths are `#[ignore]`d; run them
//! in release, by name or all together:
//!
//! ```text
//! cargo test --release -p dama-tests --test perft -- --ignored
//! cargo test --release -p dama-tests --test perft -- --ignored p3_every_path_full_depths
//! ```

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::italian::notation::path_notation;
use dama_engine::italian::{divide, divide_parallel, perft, PathMode};
use std::collections::BTreeMap;

/// The default tests check every table entry with at most this many leaves.
const QUICK_LEAF_LIMIT: u64 = 2_000_000;

/// Threads for the long, ignored runs.
const THREADS: usize = 2;

/// The table, read at compile time so the tests do not depend on the working directory.
const PERFT_DATA: &str = include_str!("data/perft.txt");

/// One `perft` record: the expected leaves of `position` at `depth`.
struct PerftEntry {
    position: String,
    mode: PathMode,
    depth: u32,
    leaves: u64,
}

/// One `divide` record: the expected leaves below one root move.
struct DivideEntry {
    position: String,
    mode: PathMode,
    depth: u32,
    root_move: String,
    leaves: u64,
}

/// The whole data file.
struct PerftTable {
    positions: BTreeMap<String, Position>,
    perfts: Vec<PerftEntry>,
    divides: Vec<DivideEntry>,
}

fn parse_mode(text: &str) -> Result<PathMode, String> {
    match text {
        "unique" => Ok(PathMode::Unique),
        "every-path" => Ok(PathMode::EveryPath),
        _ => Err(format!("unknown mode '{text}'")),
    }
}

fn parse_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("'{text}' is not a number"))
}

impl PerftTable {
    fn parse(text: &str) -> Result<PerftTable, String> {
        let mut table =
            PerftTable { positions: BTreeMap::new(), perfts: Vec::new(), divides: Vec::new() };
        for (index, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            table
                .add_record(line)
                .map_err(|e| format!("perft.txt line {}: {e}: {raw}", index + 1))?;
        }
        Ok(table)
    }

    fn add_record(&mut self, line: &str) -> Result<(), String> {
        let fields: Vec<&str> = line.split_whitespace().collect();
        match fields.as_slice() {
            ["position", name, fen] => {
                let position = parse_fen(fen).map_err(|e| e.to_string())?;
                if self.positions.insert(name.to_string(), position).is_some() {
                    return Err(format!("position '{name}' defined twice"));
                }
            }
            ["perft", name, mode, depth, leaves] => {
                self.known(name)?;
                self.perfts.push(PerftEntry {
                    position: name.to_string(),
                    mode: parse_mode(mode)?,
                    depth: parse_number(depth)?,
                    leaves: parse_number(leaves)?,
                });
            }
            ["divide", name, mode, depth, root_move, leaves] => {
                self.known(name)?;
                self.divides.push(DivideEntry {
                    position: name.to_string(),
                    mode: parse_mode(mode)?,
                    depth: parse_number(depth)?,
                    root_move: root_move.to_string(),
                    leaves: parse_number(leaves)?,
                });
            }
            _ => return Err("not a position, perft or divide record".to_string()),
        }
        Ok(())
    }

    fn known(&self, name: &str) -> Result<(), String> {
        if self.positions.contains_key(name) {
            Ok(())
        } else {
            Err(format!("position '{name}' is used before it is defined"))
        }
    }

    fn load() -> PerftTable {
        PerftTable::parse(PERFT_DATA).unwrap_or_else(|e| panic!("{e}"))
    }

    fn position(&self, name: &str) -> Position {
        self.positions[name]
    }

    fn perfts_of(&self, name: &str, mode: PathMode) -> impl Iterator<Item = &PerftEntry> {
        let name = name.to_string();
        self.perfts.iter().filter(move |e| e.position == name && e.mode == mode)
    }

    fn expected(&self, name: &str, mode: PathMode, depth: u32) -> Option<u64> {
        self.perfts_of(name, mode).find(|e| e.depth == depth).map(|e| e.leaves)
    }
}

/// Which entries a test runs.
#[derive(Clone, Copy)]
enum Budget {
    /// Entries with at most [`QUICK_LEAF_LIMIT`] leaves, single-threaded `perft`.
    Quick,
    /// Every published depth above the quick ones, with `divide_parallel`.
    Full,
}

/// Checks the entries of `name` under `mode` that `budget` selects; returns how many ran.
fn check_perft(name: &str, mode: PathMode, budget: Budget) -> usize {
    let table = PerftTable::load();
    let position = table.position(name);
    let mut checked = 0;
    for entry in table.perfts_of(name, mode) {
        let quick = entry.leaves <= QUICK_LEAF_LIMIT;
        let leaves = match budget {
            Budget::Quick if quick => perft(&position, entry.depth, mode),
            Budget::Full if !quick => divide_parallel(&position, entry.depth, mode, THREADS)
                .expect("thread pool")
                .iter()
                .map(|(_, n)| n)
                .sum(),
            _ => continue,
        };
        assert_eq!(leaves, entry.leaves, "perft {name} {mode:?} depth {}", entry.depth);
        checked += 1;
    }
    checked
}

#[test]
fn data_file_is_consistent() {
    let table = PerftTable::load();
    for name in ["start", "P1", "P2", "P3"] {
        assert!(table.positions.contains_key(name), "position {name}");
    }
    // Every table starts at depth 1 and has no gaps.
    for name in table.positions.keys() {
        for mode in [PathMode::Unique, PathMode::EveryPath] {
            let depths: Vec<u32> = table.perfts_of(name, mode).map(|e| e.depth).collect();
            let expected: Vec<u32> = (1..=depths.len() as u32).collect();
            assert_eq!(depths, expected, "{name} {mode:?} depths");
        }
    }
    // Counting every path never gives fewer leaves than counting each move once.
    for entry in table.perfts_of("start", PathMode::Unique) {
        let every = table.expected("start", PathMode::EveryPath, entry.depth);
        assert!(every >= Some(entry.leaves), "start depth {}", entry.depth);
    }
    // The divide rows add up to the perft of the same depth.
    let depth = table.divides[0].depth;
    let sum: u64 = table.divides.iter().map(|d| d.leaves).sum();
    assert_eq!(Some(sum), table.expected("start", PathMode::Unique, depth));
}

#[test]
fn start_position_unique_quick_depths() {
    assert!(check_perft("start", PathMode::Unique, Budget::Quick) >= 7);
}

#[test]
fn start_position_every_path_quick_depths() {
    assert!(check_perft("start", PathMode::EveryPath, Budget::Quick) >= 7);
}

#[test]
fn p1_every_path_quick_depths() {
    assert!(check_perft("P1", PathMode::EveryPath, Budget::Quick) >= 8);
}

#[test]
fn p2_every_path_quick_depths() {
    assert!(check_perft("P2", PathMode::EveryPath, Budget::Quick) >= 5);
}

#[test]
fn p3_every_path_quick_depths() {
    assert!(check_perft("P3", PathMode::EveryPath, Budget::Quick) >= 5);
}

/// `divide` at a shallow depth: the root moves are the seven of the table, their counts add up
/// to the published perft, and the parallel divide agrees move by move.
#[test]
fn start_position_shallow_divide_matches_perft() {
    let table = PerftTable::load();
    let start = table.position("start");
    let depth = 6;
    let serial = divide(&start, depth, PathMode::Unique);
    let mut moves: Vec<String> = serial.iter().map(|(m, _)| path_notation(m)).collect();
    moves.sort();
    let mut published: Vec<String> = table.divides.iter().map(|d| d.root_move.clone()).collect();
    published.sort();
    assert_eq!(moves, published);
    let total: u64 = serial.iter().map(|(_, n)| n).sum();
    assert_eq!(Some(total), table.expected("start", PathMode::Unique, depth));
    let parallel = divide_parallel(&start, depth, PathMode::Unique, THREADS).unwrap();
    assert_eq!(parallel, serial);
}

#[test]
#[ignore = "full published depth: run in release"]
fn start_position_divide_depth_10() {
    let table = PerftTable::load();
    for entry in &table.divides {
        let position = table.position(&entry.position);
        let result = divide_parallel(&position, entry.depth, entry.mode, THREADS).unwrap();
        let found = result
            .iter()
            .find(|(m, _)| path_notation(m) == entry.root_move)
            .unwrap_or_else(|| panic!("root move {} not generated", entry.root_move));
        assert_eq!(found.1, entry.leaves, "divide {}", entry.root_move);
    }
}

#[test]
#[ignore = "full published depth: run in release"]
fn start_position_unique_full_depths() {
    check_perft("start", PathMode::Unique, Budget::Full);
}

#[test]
#[ignore = "full published depth: run in release"]
fn start_position_every_path_full_depths() {
    check_perft("start", PathMode::EveryPath, Budget::Full);
}

#[test]
#[ignore = "full published depth: run in release"]
fn p1_every_path_full_depths() {
    check_perft("P1", PathMode::EveryPath, Budget::Full);
}

#[test]
#[ignore = "full published depth: run in release"]
fn p2_every_path_full_depths() {
    check_perft("P2", PathMode::EveryPath, Budget::Full);
}

#[test]
#[ignore = "full published depth: run in release"]
fn p3_every_path_full_depths() {
    check_perft("P3", PathMode::EveryPath, Budget::Full);
}
