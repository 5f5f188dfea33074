//! The header of a self-play data file (layout in [`super`]): the settings the games were
//! played with, the game, and the shard of a shard's file.

use dama_frontend::shard::Shard;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

pub(super) const MAGIC: &[u8; 8] = b"DAMASELF";
pub(super) const VERSION: u32 = 2;
/// Bytes in the header.
pub const HEADER_BYTES: usize = 48;
/// Bytes in the header of a version 1 file (Dama Italiana only).
pub(super) const HEADER_V1_BYTES: usize = 40;
/// The game of a version 1 file: Dama Italiana.
pub(super) const V1_GAME: u32 = 22;

/// How the games of a file were played; a file is only resumed with the same settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataHeader {
    /// The game ([`TrainingGame::DATA_GAME`]).
    pub game: u32,
    /// Nodes per move (0 when `depth` is used).
    pub nodes: u64,
    /// Depth per move (0 when `nodes` is used).
    pub depth: u32,
    /// Random plies played after the opening.
    pub random_plies: u32,
    /// The seed of the random plies.
    pub seed: u64,
    /// The share of the games a shard's file holds (`None`: a whole run, or a merged one).
    pub shard: Option<Shard>,
}

/// The game a data file's mark names.
pub(super) fn game_name(mark: u32) -> String {
    match mark {
        20 => "International draughts".to_string(),
        21 => "English draughts".to_string(),
        22 => "Dama Italiana".to_string(),
        other => format!("game {other}"),
    }
}

impl DataHeader {
    pub(super) fn to_bytes(self, record_bytes: usize) -> [u8; HEADER_BYTES] {
        let mut bytes = [0u8; HEADER_BYTES];
        bytes[..8].copy_from_slice(MAGIC);
        bytes[8..12].copy_from_slice(&VERSION.to_le_bytes());
        bytes[12..16].copy_from_slice(&(record_bytes as u32).to_le_bytes());
        bytes[16..24].copy_from_slice(&self.nodes.to_le_bytes());
        bytes[24..28].copy_from_slice(&self.depth.to_le_bytes());
        bytes[28..32].copy_from_slice(&self.random_plies.to_le_bytes());
        bytes[32..40].copy_from_slice(&self.seed.to_le_bytes());
        bytes[40..44].copy_from_slice(&self.game.to_le_bytes());
        if let Some(shard) = self.shard {
            bytes[44..46].copy_from_slice(&(shard.index as u16).to_le_bytes());
            bytes[46..48].copy_from_slice(&(shard.count as u16).to_le_bytes());
        }
        bytes
    }

    /// Reads a header from the start of a file: the header and its length in bytes.
    pub(super) fn read(reader: &mut impl Read) -> Result<(DataHeader, usize, usize), String> {
        let mut bytes = [0u8; HEADER_BYTES];
        reader
            .read_exact(&mut bytes[..HEADER_V1_BYTES])
            .map_err(|_| "too short for a self-play file".to_string())?;
        let u32_at = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().expect("4"));
        let u64_at = |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8"));
        if &bytes[..8] != MAGIC {
            return Err("not a Dama self-play file (no DAMASELF header)".to_string());
        }
        let u16_at = |b: &[u8], at: usize| u32::from(u16::from_le_bytes([b[at], b[at + 1]]));
        let (game, length) = match u32_at(&bytes, 8) {
            1 => (V1_GAME, HEADER_V1_BYTES),
            VERSION => {
                reader
                    .read_exact(&mut bytes[HEADER_V1_BYTES..])
                    .map_err(|_| "too short for a self-play file".to_string())?;
                (u32_at(&bytes, 40), HEADER_BYTES)
            }
            other => return Err(format!("self-play file version {other} is not supported")),
        };
        let header = DataHeader {
            game,
            nodes: u64_at(&bytes, 16),
            depth: u32_at(&bytes, 24),
            random_plies: u32_at(&bytes, 28),
            seed: u64_at(&bytes, 32),
            shard: match (u16_at(&bytes, 44), u16_at(&bytes, 46)) {
                (0, 0) => None,
                (index, count) => Some(Shard::new(index, count).ok_or_else(|| {
                    format!("the header names shard {index} of {count}, which cannot be")
                })?),
            },
        };
        Ok((header, length, u32_at(&bytes, 12) as usize))
    }
}

/// Reads the header of a self-play file of any game (to learn its game before reading it).
pub fn read_header(path: &Path) -> Result<DataHeader, String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let (header, _, _) = DataHeader::read(&mut BufReader::new(file))
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(header)
}
