//! Probing: the slice files of a directory, memory-mapped and checked once when opened, and a
//! small cache of decompressed blocks, so a probe usually decompresses nothing and at most one
//! block.

use crate::cache::BlockCache;
use crate::error::{io_error, EgdbError};
use crate::game::TableRules;
use crate::geometry::Board;
use crate::material::{Material, Slice};
use crate::place::{game_dir, game_in, table_files};
use crate::store::{check, read_block, Layout, PartKind};
use crate::value::{Code, Value};
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::{self, International};
use dama_engine::italian::Italian;
use dama_engine::tables::{EndgameTables, TableGame, TablebaseValue};
use memmap2::Mmap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The tables as a game's search probes them ([`dama_engine::search::Searcher`]): every game whose
/// positions the tables answer ([`EndgameTables`] for its position type).
pub trait SearchedTables: TableRules {
    /// The tables, to give the game's searcher.
    fn searched(tables: Tablebase) -> Arc<dyn EndgameTables<Self::Position>>;
}

impl<R: TableRules> SearchedTables for R
where
    Tablebase: EndgameTables<R::Position>,
{
    fn searched(tables: Tablebase) -> Arc<dyn EndgameTables<R::Position>> {
        Arc::new(tables)
    }
}

/// The answer of a probe: the value for the side to move and, when the tables have distances,
/// the plies to the end of the game under perfect play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Probe {
    /// Win, loss or draw for the side to move.
    pub value: Value,
    /// Plies to the end of the game (wins shortest, losses longest), when known.
    pub plies: Option<u32>,
}

struct TableFile {
    path: PathBuf,
    map: Mmap,
    layout: Layout,
}

/// The tables of one game, from its place in a table directory.
pub struct Tablebase {
    game: TableGame,
    dir: PathBuf,
    files: Vec<Option<TableFile>>,
    max_pieces: u32,
    cache: BlockCache,
    probes: AtomicU64,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("game", &self.game)
            .field("dir", &self.dir)
            .field("max_pieces", &self.max_pieces)
            .finish()
    }
}

/// The block cache of a game's tables, as the bits of its number of shards (16 blocks each): 256
/// shards, 16 MiB, for the 8x8 games; 1 024, 64 MiB, for International draughts, whose 5-piece
/// values take fifteen times the Italian ones and whose searches reach more of them (two
/// searches of 7-piece endings ran about twice as fast with 64 MiB as with 16; docs/egdb.md).
fn cache_shard_bits(game: TableGame) -> u32 {
    match game {
        TableGame::Italian | TableGame::English => 8,
        TableGame::International => 10,
        TableGame::Russian | TableGame::Brazilian => 8,
    }
}

impl Tablebase {
    /// Opens the Dama Italiana tables of the table directory `dir`: [`Tablebase::open_game`]
    /// with [`TableGame::Italian`], whose files are in `dir` itself.
    pub fn open(dir: &Path) -> Result<Tablebase, EgdbError> {
        Tablebase::open_game(dir, TableGame::Italian)
    }

    /// Opens `game`'s tables in the table directory `root`: every `*.egdb` file of the game's
    /// place there ([`game_dir`]), checking each (a damaged file, or a file of another game, is
    /// an error, never silently used). A place with no tables, or none at all, opens with
    /// [`Tablebase::max_pieces`] 1, unless `root` holds another game's tables and none of
    /// `game`'s: that is an error naming both games, as is a directory of `game`'s files named
    /// in place of the table directory above it.
    pub fn open_game(root: &Path, game: TableGame) -> Result<Tablebase, EgdbError> {
        let dir = game_dir(root, game);
        std::fs::read_dir(root).map_err(io_error(root))?;
        if table_files(&dir).is_empty() {
            let mut others = TableGame::ALL.into_iter().filter(|&g| g != game);
            if let Some(found) = others.find(|&g| game_in(&game_dir(root, g)) == Some(g)) {
                return Err(EgdbError::OtherGame { dir: root.to_path_buf(), game, found });
            }
            if dir != root && game_in(root) == Some(game) {
                return Err(EgdbError::Misplaced { dir: root.to_path_buf(), game });
            }
        }
        let mut files: Vec<Option<TableFile>> = (0..Material::CODES).map(|_| None).collect();
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries.collect::<Vec<_>>(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && dir != root => Vec::new(),
            Err(e) => return Err(io_error(&dir)(e)),
        };
        for entry in entries {
            let path = entry.map_err(io_error(&dir))?.path();
            if path.extension().is_none_or(|e| e != "egdb") {
                continue;
            }
            let file = File::open(&path).map_err(io_error(&path))?;
            // SAFETY: the map is only read; a table file is written once under a temporary name
            // and renamed into place, never modified afterwards.
            let map = unsafe { Mmap::map(&file) }.map_err(io_error(&path))?;
            let layout = check(&path, &map, game)?;
            let code = layout.slice.material().code();
            files[code] = Some(TableFile { path, map, layout });
        }
        let mut tablebase = Tablebase {
            game,
            dir,
            files,
            max_pieces: 1,
            cache: BlockCache::new(cache_shard_bits(game)),
            probes: AtomicU64::new(0),
        };
        tablebase.max_pieces = (2..=24)
            .take_while(|&n| {
                Slice::build_order(n)
                    .iter()
                    .filter(|s| s.material().pieces() == n)
                    .all(|s| tablebase.files[s.material().code()].is_some())
            })
            .last()
            .unwrap_or(1);
        Ok(tablebase)
    }

    /// The game whose tables these are.
    pub fn game(&self) -> TableGame {
        self.game
    }

    /// The directory of the files: the game's place in the table directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The most pieces for which every slice is present (1 when there are no complete tables).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Uses the tables only up to `pieces` pieces (the Hub parameter `egdb-pieces`): lowers
    /// [`Tablebase::max_pieces`], never raises it.
    pub fn limit_pieces(&mut self, pieces: u32) {
        self.max_pieces = self.max_pieces.min(pieces);
    }

    /// The number of probes answered so far.
    pub fn probes(&self) -> u64 {
        self.probes.load(Ordering::Relaxed)
    }

    /// The value (and distance, when the tables have distances) of the 8x8 `position`, a
    /// position of the tables' game (Dama Italiana or English draughts; for International
    /// draughts, [`Tablebase::probe_game`]).
    pub fn probe(&self, position: &Position) -> Result<Probe, EgdbError> {
        self.lookup8(position, true)
    }

    /// The value of the 8x8 `position` only: reads the two-bit values, the faster probe for
    /// search.
    pub fn probe_value(&self, position: &Position) -> Result<Value, EgdbError> {
        self.lookup8(position, false).map(|p| p.value)
    }

    /// The value (and distance, when the tables have distances) of `position`, a position of
    /// the game `R`, which must be the tables' game.
    pub fn probe_game<R: TableRules>(&self, position: &R::Position) -> Result<Probe, EgdbError> {
        self.lookup::<R>(position, true)
    }

    /// The value of `position`, a position of the game `R`, only.
    pub fn probe_value_game<R: TableRules>(
        &self,
        position: &R::Position,
    ) -> Result<Value, EgdbError> {
        self.lookup::<R>(position, false).map(|p| p.value)
    }

    fn lookup8(&self, position: &Position, distances: bool) -> Result<Probe, EgdbError> {
        match self.game {
            TableGame::Italian => self.lookup::<Italian>(position, distances),
            TableGame::English => self.lookup::<English>(position, distances),
            TableGame::Russian => self.lookup::<Russian>(position, distances),
            TableGame::Brazilian => self.lookup::<Brazilian>(position, distances),
            TableGame::International => Err(self.other_board(TableGame::Italian)),
        }
    }

    fn other_board(&self, asked: TableGame) -> EgdbError {
        EgdbError::Unsupported(format!(
            "a position of {asked} cannot be probed in the {} tables of {}",
            self.game,
            self.dir.display()
        ))
    }

    fn lookup<R: TableRules>(
        &self,
        position: &R::Position,
        distances: bool,
    ) -> Result<Probe, EgdbError> {
        if R::GAME != self.game {
            return Err(self.other_board(R::GAME));
        }
        let [white, black, _] = R::masks(position);
        let (us, them) = match R::side_to_move(position) {
            dama_engine::color::Color::White => (white, black),
            dama_engine::color::Color::Black => (black, white),
        };
        if us == 0 || !R::has_move(position) {
            return Ok(Probe { value: Value::Loss, plies: Some(0) });
        }
        if them == 0 {
            // The game is over already; whatever we play leaves the opponent without a move.
            return Ok(Probe { value: Value::Win, plies: Some(1) });
        }
        let (material, board) = Board::normalize::<R>(position);
        let slice = Slice::of(material);
        let Some(file) = &self.files[slice.material().code()] else {
            let pieces = material.pieces();
            let largest =
                self.files.iter().flatten().map(|f| f.layout.slice.material().pieces()).max();
            return Err(if largest.is_none_or(|l| pieces > l) {
                EgdbError::TooManyPieces { pieces, max: self.max_pieces }
            } else {
                EgdbError::MissingSlice(self.game, slice)
            });
        };
        self.probes.fetch_add(1, Ordering::Relaxed);
        let half = slice.half_of(material).unwrap_or(0);
        let index = file.layout.halves[half].index(&board);
        if distances {
            if let Some(part) = &file.layout.codes[half] {
                let (block, at) =
                    (index / part.per_block as u64, (index % part.per_block as u64) as usize);
                let code =
                    self.cached(file, half, PartKind::Codes, block, |raw| raw.get(at).copied())?;
                let code = Code(code);
                return Ok(Probe { value: code.value(), plies: code.plies() });
            }
        }
        let part = &file.layout.values[half];
        let (block, at) = (index / part.per_block as u64, (index % part.per_block as u64) as usize);
        let bits = self.cached(file, half, PartKind::Values, block, |raw| {
            raw.get(at / 4).map(|b| b >> (2 * (at % 4)) & 3)
        })?;
        let value = Value::from_bits(bits).ok_or_else(|| EgdbError::Corrupt {
            path: file.path.clone(),
            reason: format!("value 3 at index {index}"),
        })?;
        Ok(Probe { value, plies: None })
    }

    fn cached(
        &self,
        file: &TableFile,
        half: usize,
        kind: PartKind,
        block: u64,
        read: impl Fn(&[u8]) -> Option<u8>,
    ) -> Result<u8, EgdbError> {
        let key = (file.layout.slice.material().code() as u64) << 40
            | (half as u64) << 39
            | ((kind == PartKind::Codes) as u64) << 38
            | block;
        let raw = match self.cache.get(key) {
            Some(raw) => raw,
            None => {
                let part = match kind {
                    PartKind::Values => &file.layout.values[half],
                    PartKind::Codes => {
                        file.layout.codes[half].as_ref().unwrap_or(&file.layout.values[half])
                    }
                };
                let raw: std::sync::Arc<[u8]> =
                    read_block(&file.path, &file.map, part, block, kind)?.into();
                self.cache.insert(key, raw.clone());
                raw
            }
        };
        read(&raw).ok_or_else(|| EgdbError::Corrupt {
            path: file.path.clone(),
            reason: format!("block {block} too short"),
        })
    }
}

fn tablebase_value(value: Value) -> TablebaseValue {
    value.to_tablebase()
}

/// The tables as the 8x8 search sees them: positions outside the tables, or a damaged block, are
/// simply not answered.
impl EndgameTables for Tablebase {
    fn game(&self) -> TableGame {
        self.game
    }

    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe(&self, position: &Position) -> Option<TablebaseValue> {
        if position.occupied().count() > self.max_pieces {
            return None;
        }
        self.probe_value(position).ok().map(tablebase_value)
    }

    fn probe_distance(&self, position: &Position) -> Option<(TablebaseValue, Option<u32>)> {
        if position.occupied().count() > self.max_pieces {
            return None;
        }
        let probe = Tablebase::probe(self, position).ok()?;
        Some((tablebase_value(probe.value), probe.plies))
    }
}

/// The tables as the International search sees them.
impl EndgameTables<international::Position> for Tablebase {
    fn game(&self) -> TableGame {
        self.game
    }

    fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    fn probe(&self, position: &international::Position) -> Option<TablebaseValue> {
        if (position.white | position.black).count_ones() > self.max_pieces {
            return None;
        }
        self.probe_value_game::<International>(position).ok().map(tablebase_value)
    }

    fn probe_distance(
        &self,
        position: &international::Position,
    ) -> Option<(TablebaseValue, Option<u32>)> {
        if (position.white | position.black).count_ones() > self.max_pieces {
            return None;
        }
        let probe = self.probe_game::<International>(position).ok()?;
        Some((tablebase_value(probe.value), probe.plies))
    }
}
