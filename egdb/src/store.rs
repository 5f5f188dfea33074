//! The file of one slice: values in two bits per position and, optionally, distances in one byte
//! per position, each cut into blocks compressed with zstd and found through a block index.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "DAMAEGDB"
//!      8     4  format version (1)
//!     12     4  CRC-32 of every byte from offset 16 to the end
//!     16     4  canonical material: white men, white kings, black men, black kings
//!     20     4  number of halves (1 or 2)
//!     24     4  parts per half: 1 (values) or 2 (values and distances)
//!     28     4  game: 0 Dama Italiana, 1 English draughts, 2 International draughts
//!               ([`crate::mark::mark`]; the game says the board and so the index)
//!     32   8*h  number of indexes of each half
//!   then, for each half and each part:
//!              4  kind: 0 values (2 bits, 4 to a byte, lowest bits first), 1 codes (1 byte)
//!              4  positions per block
//!              8  number of blocks b
//!        8*(b+1)  file offset of each block, then the end of the last
//!   then the compressed blocks.
//! ```
//! All numbers are little-endian. A value is 0 draw, 1 win, 2 loss ([`Value::bits`]); a code is
//! a [`Code`]. Holes of the index are stored as draws.

use crate::error::{io_error, EgdbError};
use crate::geometry::Geometry;
use crate::index::HalfIndex;
use crate::mark::{game_of_mark, mark};
use crate::material::{Material, Slice};
use crate::memory::{HalfTable, SliceTables};
use crate::value::{Code, Value};
use dama_engine::tables::TableGame;
use rayon::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};

/// The first bytes of every table file.
pub const MAGIC: &[u8; 8] = b"DAMAEGDB";
const VERSION: u32 = 1;
/// Positions per block of values (4 KiB before compression).
pub const VALUE_BLOCK: u32 = 1 << 14;
/// Positions per block of codes (4 KiB before compression).
pub const CODE_BLOCK: u32 = 1 << 12;
const LEVEL: i32 = 12;

/// The kind of a part.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PartKind {
    /// Two-bit values.
    Values,
    /// One-byte codes with distances.
    Codes,
}

/// Packs values two bits each, four to a byte.
fn pack_values(codes: &[Code]) -> Vec<u8> {
    codes
        .chunks(4)
        .map(|four| four.iter().enumerate().fold(0u8, |b, (i, c)| b | c.value().bits() << (2 * i)))
        .collect()
}

fn compress_blocks(raw: &[u8], block_bytes: usize) -> Result<Vec<Vec<u8>>, EgdbError> {
    raw.par_chunks(block_bytes)
        .map(|block| {
            zstd::bulk::compress(block, LEVEL)
                .map_err(|e| EgdbError::Unsupported(format!("zstd compression failed: {e}")))
        })
        .collect()
}

/// Writes a slice to `dir` (through a temporary file renamed at the end, so a file with the
/// slice's name is always complete). Returns the path and the number of bytes.
pub fn write_slice(
    dir: &Path,
    tables: &SliceTables,
    distances: bool,
) -> Result<(PathBuf, u64), EgdbError> {
    let slice = tables.slice;
    let m = slice.material();
    let mut parts: Vec<(u32, u32, Vec<Vec<u8>>)> = Vec::new();
    for half in &tables.halves {
        let values = pack_values(&half.codes);
        parts.push((0, VALUE_BLOCK, compress_blocks(&values, VALUE_BLOCK as usize / 4)?));
        if distances {
            let codes: Vec<u8> = half.codes.iter().map(|c| c.0).collect();
            parts.push((1, CODE_BLOCK, compress_blocks(&codes, CODE_BLOCK as usize)?));
        }
    }
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&[m.white_men, m.white_kings, m.black_men, m.black_kings]);
    out.extend_from_slice(&(tables.halves.len() as u32).to_le_bytes());
    out.extend_from_slice(&(if distances { 2u32 } else { 1 }).to_le_bytes());
    out.extend_from_slice(&mark(tables.game).to_le_bytes());
    for half in &tables.halves {
        out.extend_from_slice(&(half.codes.len() as u64).to_le_bytes());
    }
    let directory: usize = parts.iter().map(|(_, _, blocks)| 16 + 8 * (blocks.len() + 1)).sum();
    let mut offset = (out.len() + directory) as u64;
    for (kind, per_block, blocks) in &parts {
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(&per_block.to_le_bytes());
        out.extend_from_slice(&(blocks.len() as u64).to_le_bytes());
        for block in blocks {
            out.extend_from_slice(&offset.to_le_bytes());
            offset += block.len() as u64;
        }
        out.extend_from_slice(&offset.to_le_bytes());
    }
    for (_, _, blocks) in &parts {
        for block in blocks {
            out.extend_from_slice(block);
        }
    }
    let crc = crc32fast::hash(&out[16..]);
    out[12..16].copy_from_slice(&crc.to_le_bytes());
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let path = dir.join(slice.file_name());
    let temporary = dir.join(format!("{}.{}.tmp", slice.file_name(), std::process::id()));
    fs::write(&temporary, &out).map_err(io_error(&temporary))?;
    fs::rename(&temporary, &path).map_err(io_error(&path))?;
    Ok((path, out.len() as u64))
}

/// Where a part's blocks are in a file.
#[derive(Clone, Copy, Debug)]
pub struct Part {
    /// Positions per block.
    pub per_block: u32,
    /// The number of blocks.
    pub blocks: u64,
    /// The file offset of the block-offset table.
    pub table: usize,
}

/// The parsed header of a slice file.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The game.
    pub game: TableGame,
    /// The slice.
    pub slice: Slice,
    /// The index of each half.
    pub halves: Vec<HalfIndex>,
    /// The values part of each half.
    pub values: Vec<Part>,
    /// The codes part of each half, when the file has distances.
    pub codes: Vec<Option<Part>>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let out = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(out)
    }
    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
}

/// Reads a little-endian `u64` at `at`.
#[inline]
pub fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
}

/// Checks a whole file (magic, version, CRC, game, layout, block offsets) and returns its
/// layout; a file of another game than `game` is refused.
pub fn check(path: &Path, bytes: &[u8], game: TableGame) -> Result<Layout, EgdbError> {
    let corrupt =
        |reason: &str| EgdbError::Corrupt { path: path.to_path_buf(), reason: reason.into() };
    if bytes.len() < 32 || &bytes[..8] != MAGIC {
        return Err(corrupt("no Dama table header"));
    }
    let mut r = Reader { bytes, at: 8 };
    let version = r.u32().ok_or_else(|| corrupt("truncated"))?;
    if version != VERSION {
        return Err(corrupt(&format!("format version {version}, this program reads {VERSION}")));
    }
    let crc = r.u32().ok_or_else(|| corrupt("truncated"))?;
    if crc32fast::hash(&bytes[16..]) != crc {
        return Err(corrupt("checksum mismatch"));
    }
    let m = r.take(4).ok_or_else(|| corrupt("truncated"))?;
    let material = Material::new(m[0], m[1], m[2], m[3]);
    if material.pieces() > 24 || !material.is_tabulated() {
        return Err(corrupt("impossible material"));
    }
    let slice = Slice::of(material);
    if slice.material() != material {
        return Err(corrupt("material is not canonical"));
    }
    let (count, per_half) = (r.u32(), r.u32());
    let found = r.u32().ok_or_else(|| corrupt("truncated"))?;
    let found = game_of_mark(found).ok_or_else(|| corrupt(&format!("unknown game {found}")))?;
    if found != game {
        return Err(EgdbError::WrongGame { path: path.to_path_buf(), found, expected: game });
    }
    let geometry = Geometry::of(game);
    let halves: Vec<HalfIndex> =
        slice.halves().into_iter().map(|m| HalfIndex::new(m, geometry)).collect();
    if count != Some(halves.len() as u32) || !matches!(per_half, Some(1 | 2)) {
        return Err(corrupt("wrong number of halves or parts"));
    }
    let distances = per_half == Some(2);
    for h in &halves {
        if r.u64() != Some(h.size()) {
            return Err(corrupt("index size does not match the material"));
        }
    }
    let mut layout =
        Layout { game, slice, halves: halves.clone(), values: Vec::new(), codes: Vec::new() };
    for h in &halves {
        for kind in [PartKind::Values, PartKind::Codes] {
            if kind == PartKind::Codes && !distances {
                layout.codes.push(None);
                continue;
            }
            let expected =
                if kind == PartKind::Values { (0, VALUE_BLOCK) } else { (1, CODE_BLOCK) };
            if (r.u32(), r.u32()) != (Some(expected.0), Some(expected.1)) {
                return Err(corrupt("unexpected part kind or block size"));
            }
            let blocks = r.u64().ok_or_else(|| corrupt("truncated"))?;
            if blocks != h.size().div_ceil(expected.1 as u64) {
                return Err(corrupt("block count does not match the material"));
            }
            let part = Part { per_block: expected.1, blocks, table: r.at };
            let mut previous = 0;
            for _ in 0..=blocks {
                let o = r.u64().ok_or_else(|| corrupt("truncated block index"))?;
                if o < previous || o > bytes.len() as u64 {
                    return Err(corrupt("block offsets out of order"));
                }
                previous = o;
            }
            match kind {
                PartKind::Values => layout.values.push(part),
                PartKind::Codes => layout.codes.push(Some(part)),
            }
        }
    }
    Ok(layout)
}

/// Decompresses block `block` of `part`: `positions` bytes of codes or a quarter as many of
/// values.
pub fn read_block(
    path: &Path,
    bytes: &[u8],
    part: &Part,
    block: u64,
    kind: PartKind,
) -> Result<Vec<u8>, EgdbError> {
    let corrupt = |reason: String| EgdbError::Corrupt { path: path.to_path_buf(), reason };
    let at = part.table + 8 * block as usize;
    let (start, end) = match (read_u64(bytes, at), read_u64(bytes, at + 8)) {
        (Some(s), Some(e)) if block < part.blocks && s <= e => (s as usize, e as usize),
        _ => return Err(corrupt(format!("block {block} out of range"))),
    };
    let capacity = match kind {
        PartKind::Values => part.per_block as usize / 4,
        PartKind::Codes => part.per_block as usize,
    };
    zstd::bulk::decompress(&bytes[start..end], capacity)
        .map_err(|e| corrupt(format!("block {block} does not decompress: {e}")))
}

/// Reads a whole slice of `game` back into memory (to build larger slices on top of it): the
/// codes when the file has distances, otherwise values with unknown distances.
pub fn load_slice(path: &Path, game: TableGame) -> Result<SliceTables, EgdbError> {
    let bytes = fs::read(path).map_err(io_error(path))?;
    let layout = check(path, &bytes, game)?;
    let mut halves = Vec::new();
    for (h, index) in layout.halves.iter().enumerate() {
        let size = index.size() as usize;
        let mut codes = Vec::with_capacity(size);
        if let Some(part) = &layout.codes[h] {
            for b in 0..part.blocks {
                let raw = read_block(path, &bytes, part, b, PartKind::Codes)?;
                codes.extend(raw.into_iter().map(Code));
            }
        } else {
            let part = &layout.values[h];
            for b in 0..part.blocks {
                let raw = read_block(path, &bytes, part, b, PartKind::Values)?;
                for byte in raw {
                    for i in 0..4 {
                        let value = Value::from_bits(byte >> (2 * i) & 3).unwrap_or(Value::Draw);
                        codes.push(Code::of_value(value));
                    }
                }
            }
        }
        if codes.len() < size {
            return Err(EgdbError::Corrupt {
                path: path.to_path_buf(),
                reason: "too few positions".into(),
            });
        }
        codes.truncate(size);
        halves.push(HalfTable { index: *index, codes });
    }
    Ok(SliceTables { game, slice: layout.slice, halves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Known;
    use crate::slice_builder::build_slice;
    use dama_engine::english::English;
    use dama_engine::italian::Italian;
    use std::sync::atomic::AtomicU64;

    /// A slice written and read back is the same, with or without distances; a damaged or
    /// truncated file is refused with a message, never trusted.
    #[test]
    fn slices_round_trip_and_damage_is_detected() {
        let dir = std::env::temp_dir().join(format!("dama-egdb-store-{}", std::process::id()));
        let slice = Slice::of(Material::new(0, 1, 0, 1));
        let known = Known::new(TableGame::Italian);
        let tables = build_slice::<Italian>(slice, &known, &AtomicU64::new(0)).unwrap();
        for distances in [true, false] {
            let (path, bytes) = write_slice(&dir, &tables, distances).unwrap();
            assert_eq!(std::fs::metadata(&path).unwrap().len(), bytes);
            let back = load_slice(&path, TableGame::Italian).unwrap();
            for (a, b) in back.halves.iter().zip(&tables.halves) {
                if distances {
                    assert_eq!(a.codes, b.codes);
                } else {
                    let values =
                        |t: &HalfTable| t.codes.iter().map(|c| c.value()).collect::<Vec<_>>();
                    assert_eq!(values(a), values(b));
                }
            }
            let good = std::fs::read(&path).unwrap();
            let mut damaged = good.clone();
            let last = damaged.len() - 1;
            damaged[last] ^= 1;
            let message = check(&path, &damaged, TableGame::Italian).unwrap_err().to_string();
            assert!(message.contains("checksum"), "{message}");
            for cut in [0, 7, 20, 40, good.len() / 2] {
                assert!(check(&path, &good[..cut], TableGame::Italian).is_err(), "cut at {cut}");
            }
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    /// The game is in the header: an Italian file has a zero there (as before English tables
    /// existed), an English one a one, and each is refused as the other game's.
    #[test]
    fn files_carry_their_game() {
        let dir = std::env::temp_dir().join(format!("dama-egdb-game-{}", std::process::id()));
        let slice = Slice::of(Material::new(0, 1, 0, 1));
        let italian =
            build_slice::<Italian>(slice, &Known::new(TableGame::Italian), &AtomicU64::new(0));
        let english =
            build_slice::<English>(slice, &Known::new(TableGame::English), &AtomicU64::new(0));
        for (tables, game, other, marked) in [
            (italian.unwrap(), TableGame::Italian, TableGame::English, 0u8),
            (english.unwrap(), TableGame::English, TableGame::Italian, 1),
        ] {
            let (path, _) = write_slice(&dir.join(game.name()), &tables, true).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            assert_eq!(bytes[28..32], [marked, 0, 0, 0]);
            assert_eq!(check(&path, &bytes, game).unwrap().game, game);
            let message = check(&path, &bytes, other).unwrap_err().to_string();
            assert!(message.contains(&format!("a table of {game}, not of {other}")), "{message}");
            assert!(load_slice(&path, other).is_err());
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
