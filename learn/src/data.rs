//! The self-play data file: quiet positions with a search score and the game's result.
//!
//! All numbers little-endian. A 40-byte header:
//!
//! | bytes | field |
//! |---|---|
//! | 0-7 | magic `DAMASELF` |
//! | 8-11 | version (1) |
//! | 12-15 | record size in bytes (16) |
//! | 16-23 | nodes per move (0 when a depth was used) |
//! | 24-27 | depth per move (0 when nodes were used) |
//! | 28-31 | random plies after the ballot |
//! | 32-39 | seed |
//!
//! then one block per finished game: `u32` game number, `u32` record count, and the records.
//! A record is 16 bytes: the white pieces, black pieces and kings as 32-bit square masks (bit
//! `n - 1` for square `n`), one byte of flags (bit 0: Black to move), the game's result for White
//! as a signed byte (1 win, 0 draw, -1 loss), and the search score for White in hundredths of a
//! man as `i16` (clamped to +/-[`SCORE_LIMIT`]).
//!
//! A block cut short (the program was stopped while writing) is dropped when the file is opened
//! to resume, so the file always ends on a whole game.

use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"DAMASELF";
const VERSION: u32 = 1;
/// Bytes in the header.
pub const HEADER_BYTES: usize = 40;
/// Bytes in one record.
pub const RECORD_BYTES: usize = 16;
/// Scores are clamped to this many hundredths of a man.
pub const SCORE_LIMIT: i32 = 3_000;

/// How the games of a file were played; a file is only resumed with the same settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataHeader {
    /// Nodes per move (0 when `depth` is used).
    pub nodes: u64,
    /// Depth per move (0 when `nodes` is used).
    pub depth: u32,
    /// Random plies played after the ballot.
    pub random_plies: u32,
    /// The seed of the random plies.
    pub seed: u64,
}

impl DataHeader {
    fn to_bytes(self) -> [u8; HEADER_BYTES] {
        let mut bytes = [0u8; HEADER_BYTES];
        bytes[..8].copy_from_slice(MAGIC);
        bytes[8..12].copy_from_slice(&VERSION.to_le_bytes());
        bytes[12..16].copy_from_slice(&(RECORD_BYTES as u32).to_le_bytes());
        bytes[16..24].copy_from_slice(&self.nodes.to_le_bytes());
        bytes[24..28].copy_from_slice(&self.depth.to_le_bytes());
        bytes[28..32].copy_from_slice(&self.random_plies.to_le_bytes());
        bytes[32..40].copy_from_slice(&self.seed.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8; HEADER_BYTES]) -> Result<DataHeader, String> {
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4"));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8"));
        if &bytes[..8] != MAGIC {
            return Err("not a Dama self-play file (no DAMASELF header)".to_string());
        }
        if u32_at(8) != VERSION || u32_at(12) as usize != RECORD_BYTES {
            return Err(format!("self-play file version {} is not supported", u32_at(8)));
        }
        Ok(DataHeader {
            nodes: u64_at(16),
            depth: u32_at(24),
            random_plies: u32_at(28),
            seed: u64_at(32),
        })
    }
}

/// One quiet position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The position.
    pub position: Position,
    /// The search score for White, hundredths of a man.
    pub score: i16,
    /// The game's result for White: 1, 0 or -1.
    pub result: i8,
}

impl Record {
    fn to_bytes(self) -> [u8; RECORD_BYTES] {
        let p = &self.position;
        let mut bytes = [0u8; RECORD_BYTES];
        bytes[0..4].copy_from_slice(&p.pieces(Color::White).to_square_mask().to_le_bytes());
        bytes[4..8].copy_from_slice(&p.pieces(Color::Black).to_square_mask().to_le_bytes());
        bytes[8..12].copy_from_slice(&p.kings().to_square_mask().to_le_bytes());
        bytes[12] = (p.side_to_move() == Color::Black) as u8;
        bytes[13] = self.result as u8;
        bytes[14..16].copy_from_slice(&self.score.to_le_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Result<Record, String> {
        let mask = |at: usize| {
            Bitboard::from_square_mask(u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4")))
        };
        let side = if bytes[12] & 1 == 1 { Color::Black } else { Color::White };
        let position = Position::from_parts(mask(0), mask(4), mask(8), side)
            .map_err(|e| format!("a record holds an impossible position: {e}"))?;
        let result = bytes[13] as i8;
        if !(-1..=1).contains(&result) {
            return Err(format!("a record holds the result {result}"));
        }
        Ok(Record { position, score: i16::from_le_bytes([bytes[14], bytes[15]]), result })
    }
}

/// One game's records, as a block of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBlock {
    /// The game's number.
    pub game: u32,
    /// Its quiet positions (after deduplication).
    pub records: Vec<Record>,
}

/// What an existing file holds.
#[derive(Clone, Debug)]
pub struct DataFile {
    /// Its settings.
    pub header: DataHeader,
    /// Its games, in file order.
    pub games: Vec<GameBlock>,
    /// Bytes of whole games: where a resumed run goes on writing.
    pub whole_bytes: u64,
}

/// Reads a self-play file. A block cut short at the end is ignored (see [`DataFile::whole_bytes`]).
pub fn read(path: &Path) -> Result<DataFile, String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut reader = BufReader::new(file);
    let mut header = [0u8; HEADER_BYTES];
    reader
        .read_exact(&mut header)
        .map_err(|_| format!("{}: too short for a self-play file", path.display()))?;
    let header = DataHeader::from_bytes(&header).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (mut games, mut at) = (Vec::new(), 0usize);
    while at + 8 <= rest.len() {
        let game = u32::from_le_bytes(rest[at..at + 4].try_into().expect("4"));
        let count = u32::from_le_bytes(rest[at + 4..at + 8].try_into().expect("4")) as usize;
        let end = at + 8 + count * RECORD_BYTES;
        if end > rest.len() {
            break;
        }
        let records = rest[at + 8..end]
            .chunks_exact(RECORD_BYTES)
            .map(Record::from_bytes)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{}: game {game}: {e}", path.display()))?;
        games.push(GameBlock { game, records });
        at = end;
    }
    Ok(DataFile { header, games, whole_bytes: (HEADER_BYTES + at) as u64 })
}

/// Reads the records of several files, in order.
pub fn read_records(paths: &[impl AsRef<Path>]) -> Result<Vec<Record>, String> {
    let mut records = Vec::new();
    for path in paths {
        for game in read(path.as_ref())?.games {
            records.extend(game.records);
        }
    }
    Ok(records)
}

/// Appends games to a self-play file.
#[derive(Debug)]
pub struct DataWriter {
    out: BufWriter<File>,
}

impl DataWriter {
    /// Creates `path` with `header`, or reopens it to append when it exists with the same header
    /// (cutting off a block left unfinished). Returns the writer and the games already there.
    pub fn open(path: &Path, header: DataHeader) -> Result<(DataWriter, Vec<GameBlock>), String> {
        let exists = path.exists();
        let games = if exists {
            let existing = read(path)?;
            if existing.header != header {
                return Err(format!(
                    "{} was made with other settings ({:?}); use another --out to start afresh",
                    path.display(),
                    existing.header
                ));
            }
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            file.set_len(existing.whole_bytes)
                .map_err(|e| format!("cannot truncate {}: {e}", path.display()))?;
            existing.games
        } else {
            let mut file =
                File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
            file.write_all(&header.to_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Vec::new()
        };
        let mut file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.seek(SeekFrom::End(0)).map_err(|e| format!("cannot seek {}: {e}", path.display()))?;
        Ok((DataWriter { out: BufWriter::new(file) }, games))
    }

    /// Writes one game's block and flushes it.
    pub fn write_game(&mut self, block: &GameBlock) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(8 + block.records.len() * RECORD_BYTES);
        bytes.extend_from_slice(&block.game.to_le_bytes());
        bytes.extend_from_slice(&(block.records.len() as u32).to_le_bytes());
        for record in &block.records {
            bytes.extend_from_slice(&record.to_bytes());
        }
        self.out.write_all(&bytes)?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dama-learn-data-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        dir
    }

    #[test]
    fn records_round_trip_and_a_cut_block_is_dropped() {
        let path = temp("roundtrip");
        let header = DataHeader { nodes: 1000, depth: 0, random_plies: 2, seed: 9 };
        let a = Record {
            position: parse_fen("B:W18,22,K30:B3,7,K12").unwrap(),
            score: -250,
            result: -1,
        };
        let b = Record { position: Position::start(), score: 12, result: 0 };
        let (mut writer, games) = DataWriter::open(&path, header).unwrap();
        assert!(games.is_empty());
        writer.write_game(&GameBlock { game: 3, records: vec![a, b] }).unwrap();
        writer.write_game(&GameBlock { game: 5, records: vec![b] }).unwrap();
        drop(writer);
        // Cut the last block short, as if the program had been killed while writing it.
        let len = std::fs::metadata(&path).unwrap().len();
        OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 3).unwrap();
        let file = read(&path).unwrap();
        assert_eq!(file.header, header);
        assert_eq!(file.games, vec![GameBlock { game: 3, records: vec![a, b] }]);
        // Resuming cuts the partial block and appends after game 3.
        let (mut writer, games) = DataWriter::open(&path, header).unwrap();
        assert_eq!(games.len(), 1);
        writer.write_game(&GameBlock { game: 7, records: vec![a] }).unwrap();
        drop(writer);
        let games: Vec<u32> = read(&path).unwrap().games.iter().map(|g| g.game).collect();
        assert_eq!(games, vec![3, 7]);
        // Other settings are refused.
        let other = DataHeader { nodes: 2000, ..header };
        assert!(DataWriter::open(&path, other).unwrap_err().contains("other settings"));
        std::fs::write(&path, b"not a file of ours at all, no, no, no, no, no").unwrap();
        assert!(read(&path).unwrap_err().contains("DAMASELF"));
        std::fs::remove_file(&path).unwrap();
    }
}
