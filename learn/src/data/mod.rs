//! The self-play data file: quiet positions of one game (Dama Italiana, English or International
//! draughts) with a search score and the game's result.
//!
//! All numbers little-endian. A 48-byte header:
//!
//! | bytes | field |
//! |---|---|
//! | 0-7 | magic `DAMASELF` |
//! | 8-11 | version (2) |
//! | 12-15 | record size in bytes |
//! | 16-23 | nodes per move (0 when a depth was used) |
//! | 24-27 | depth per move (0 when nodes were used) |
//! | 28-31 | random plies after the opening |
//! | 32-39 | seed |
//! | 40-43 | the game ([`TrainingGame::DATA_GAME`], its PDN GameType: 20, 21, 22) |
//! | 44-45 | a shard's file (`dama selfplay --shard I/N`): I; else zero |
//! | 46-47 | a shard's file: N; else zero |
//!
//! Version 1 files (written before other games were played) have the first 40 bytes only and
//! hold Dama Italiana; they are read, and resumed, as such.
//!
//! Then one block per finished game: `u32` game number, `u32` record count, and the records.
//! A record holds the white pieces, black pieces and kings as square masks of
//! [`TrainingGame::MASK_BYTES`] bytes each (bit `n - 1` for square `n`; 16-byte records on the
//! 8x8 board, 28-byte ones on the 10x10), one byte of flags (bit 0: Black to move), the game's
//! result for White as a signed byte (1 win, 0 draw, -1 loss), and the search score for White in
//! hundredths of a man as `i16` (clamped to +/-[`SCORE_LIMIT`]).
//!
//! A block cut short (the program was stopped while writing) is dropped when the file is opened
//! to resume, so the file always ends on a whole game.

mod header;

pub use header::{read_header, DataHeader, HEADER_BYTES};

use crate::game::TrainingGame;
use dama_engine::color::Color;
use header::game_name;
use std::fs::{File, OpenOptions};
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Scores are clamped to this many hundredths of a man.
pub const SCORE_LIMIT: i32 = 3_000;

/// The size of a record of the game `R`.
pub const fn record_bytes<R: TrainingGame>() -> usize {
    3 * R::MASK_BYTES + 4
}

/// One quiet position of a game of `R`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record<R: TrainingGame> {
    /// The position.
    pub position: R::Position,
    /// The search score for White, hundredths of a man.
    pub score: i16,
    /// The game's result for White: 1, 0 or -1.
    pub result: i8,
}

impl<R: TrainingGame> Record<R> {
    fn write(&self, out: &mut Vec<u8>) {
        for mask in R::masks(&self.position) {
            out.extend_from_slice(&mask.to_le_bytes()[..R::MASK_BYTES]);
        }
        out.push((R::side_to_move(&self.position) == Color::Black) as u8);
        out.push(self.result as u8);
        out.extend_from_slice(&self.score.to_le_bytes());
    }

    fn from_bytes(bytes: &[u8]) -> Result<Record<R>, String> {
        let n = R::MASK_BYTES;
        let mask = |at: usize| {
            let mut word = [0u8; 8];
            word[..n].copy_from_slice(&bytes[at..at + n]);
            u64::from_le_bytes(word)
        };
        let side = if bytes[3 * n] & 1 == 1 { Color::Black } else { Color::White };
        let position = R::from_masks([mask(0), mask(n), mask(2 * n)], side)
            .map_err(|e| format!("a record holds an impossible position: {e}"))?;
        let result = bytes[3 * n + 1] as i8;
        if !(-1..=1).contains(&result) {
            return Err(format!("a record holds the result {result}"));
        }
        let score = i16::from_le_bytes([bytes[3 * n + 2], bytes[3 * n + 3]]);
        Ok(Record { position, score, result })
    }
}

/// One game's records, as a block of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct GameBlock<R: TrainingGame> {
    /// The game's number.
    pub game: u32,
    /// Its quiet positions (after deduplication).
    pub records: Vec<Record<R>>,
}

/// What an existing file holds.
#[derive(Clone, Debug)]
pub struct DataFile<R: TrainingGame> {
    /// Its settings.
    pub header: DataHeader,
    /// Its games, in file order.
    pub games: Vec<GameBlock<R>>,
    /// Bytes of whole games: where a resumed run goes on writing.
    pub whole_bytes: u64,
}

/// Reads a self-play file of the game `R`. A block cut short at the end is ignored (see
/// [`DataFile::whole_bytes`]); a file of another game is refused.
pub fn read<R: TrainingGame>(path: &Path) -> Result<DataFile<R>, String> {
    let file = File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut reader = BufReader::new(file);
    let (header, header_bytes, record) =
        DataHeader::read(&mut reader).map_err(|e| format!("{}: {e}", path.display()))?;
    if header.game != R::DATA_GAME {
        return Err(format!(
            "{} holds {} positions, not {}",
            path.display(),
            game_name(header.game),
            game_name(R::DATA_GAME)
        ));
    }
    if record != record_bytes::<R>() {
        return Err(format!("{}: records of {record} bytes are not supported", path.display()));
    }
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let (mut games, mut at) = (Vec::new(), 0usize);
    while at + 8 <= rest.len() {
        let game = u32::from_le_bytes(rest[at..at + 4].try_into().expect("4"));
        let count = u32::from_le_bytes(rest[at + 4..at + 8].try_into().expect("4")) as usize;
        let end = at + 8 + count * record;
        if end > rest.len() {
            break;
        }
        let records = rest[at + 8..end]
            .chunks_exact(record)
            .map(Record::from_bytes)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("{}: game {game}: {e}", path.display()))?;
        games.push(GameBlock { game, records });
        at = end;
    }
    Ok(DataFile { header, games, whole_bytes: (header_bytes + at) as u64 })
}

/// Reads the records of several files of the game `R`, in order.
pub fn read_records<R: TrainingGame>(paths: &[impl AsRef<Path>]) -> Result<Vec<Record<R>>, String> {
    let mut records = Vec::new();
    for path in paths {
        for game in read::<R>(path.as_ref())?.games {
            records.extend(game.records);
        }
    }
    Ok(records)
}

/// Appends games of `R` to a self-play file.
#[derive(Debug)]
pub struct DataWriter<R: TrainingGame> {
    out: BufWriter<File>,
    rules: std::marker::PhantomData<R>,
}

impl<R: TrainingGame> DataWriter<R> {
    /// Creates `path` with `header`, or reopens it to append when it exists with the same header
    /// (cutting off a block left unfinished). Returns the writer and the games already there.
    pub fn open(
        path: &Path,
        header: DataHeader,
    ) -> Result<(DataWriter<R>, Vec<GameBlock<R>>), String> {
        let exists = path.exists();
        let games = if exists {
            let existing = read::<R>(path)?;
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
            file.write_all(&header.to_bytes(record_bytes::<R>()))
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Vec::new()
        };
        let mut file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.seek(SeekFrom::End(0)).map_err(|e| format!("cannot seek {}: {e}", path.display()))?;
        Ok((DataWriter { out: BufWriter::new(file), rules: std::marker::PhantomData }, games))
    }

    /// Writes one game's block and flushes it.
    pub fn write_game(&mut self, block: &GameBlock<R>) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(8 + block.records.len() * record_bytes::<R>());
        bytes.extend_from_slice(&block.game.to_le_bytes());
        bytes.extend_from_slice(&(block.records.len() as u32).to_le_bytes());
        for record in &block.records {
            record.write(&mut bytes);
        }
        self.out.write_all(&bytes)?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::board8::position::Position;
    use dama_engine::english::English;
    use dama_engine::italian::Italian;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dama-learn-data-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        dir
    }

    #[test]
    fn records_round_trip_and_a_cut_block_is_dropped() {
        let path = temp("roundtrip");
        let header =
            DataHeader { game: 22, nodes: 1000, depth: 0, random_plies: 2, seed: 9, shard: None };
        let a = Record::<Italian> {
            position: parse_fen("B:W18,22,K30:B3,7,K12").unwrap(),
            score: -250,
            result: -1,
        };
        let b = Record { position: Position::start(), score: 12, result: 0 };
        let (mut writer, games) = DataWriter::<Italian>::open(&path, header).unwrap();
        assert!(games.is_empty());
        writer.write_game(&GameBlock { game: 3, records: vec![a, b] }).unwrap();
        writer.write_game(&GameBlock { game: 5, records: vec![b] }).unwrap();
        drop(writer);
        // Cut the last block short, as if the program had been killed while writing it.
        let len = std::fs::metadata(&path).unwrap().len();
        OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 3).unwrap();
        let file = read::<Italian>(&path).unwrap();
        assert_eq!(file.header, header);
        assert_eq!(file.games, vec![GameBlock { game: 3, records: vec![a, b] }]);
        // Resuming cuts the partial block and appends after game 3.
        let (mut writer, games) = DataWriter::<Italian>::open(&path, header).unwrap();
        assert_eq!(games.len(), 1);
        writer.write_game(&GameBlock { game: 7, records: vec![a] }).unwrap();
        drop(writer);
        let games: Vec<u32> =
            read::<Italian>(&path).unwrap().games.iter().map(|g| g.game).collect();
        assert_eq!(games, vec![3, 7]);
        // Other settings are refused.
        let other = DataHeader { nodes: 2000, ..header };
        assert!(DataWriter::<Italian>::open(&path, other).unwrap_err().contains("other settings"));
        std::fs::write(&path, b"not a file of ours at all, no, no, no, no, no").unwrap();
        assert!(read::<Italian>(&path).unwrap_err().contains("DAMASELF"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_version_1_file_reads_as_dama_italiana_and_another_game_is_refused() {
        // A version 1 file: the 40-byte header (record size 16), then one game of one record.
        let path = temp("version1");
        let mut bytes = b"DAMASELF".to_vec();
        for word in [1u32, 16] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes.extend_from_slice(&500u64.to_le_bytes());
        bytes.extend_from_slice(&0u32.to_le_bytes());
        bytes.extend_from_slice(&4u32.to_le_bytes());
        bytes.extend_from_slice(&7u64.to_le_bytes());
        assert_eq!(bytes.len(), 40);
        let record = Record::<Italian> { position: Position::start(), score: -3, result: 1 };
        bytes.extend_from_slice(&9u32.to_le_bytes());
        bytes.extend_from_slice(&1u32.to_le_bytes());
        record.write(&mut bytes);
        std::fs::write(&path, &bytes).unwrap();
        let file = read::<Italian>(&path).unwrap();
        let header =
            DataHeader { game: 22, nodes: 500, depth: 0, random_plies: 4, seed: 7, shard: None };
        assert_eq!(file.header, header);
        assert_eq!(file.games, vec![GameBlock { game: 9, records: vec![record] }]);
        let refused = read::<English>(&path).unwrap_err();
        assert!(refused.contains("Dama Italiana positions, not English draughts"), "{refused}");
        // Resuming it appends after its last game.
        let (mut writer, games) = DataWriter::<Italian>::open(&path, header).unwrap();
        assert_eq!(games.len(), 1);
        writer.write_game(&GameBlock { game: 10, records: vec![record] }).unwrap();
        drop(writer);
        assert_eq!(read::<Italian>(&path).unwrap().games.len(), 2);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn english_records_keep_their_side_and_game() {
        let path = temp("english");
        let header =
            DataHeader { game: 21, nodes: 100, depth: 0, random_plies: 0, seed: 1, shard: None };
        let start = dama_engine::english::start();
        let record = Record::<English> { position: start, score: 40, result: -1 };
        let (mut writer, _) = DataWriter::<English>::open(&path, header).unwrap();
        writer.write_game(&GameBlock { game: 0, records: vec![record] }).unwrap();
        drop(writer);
        assert_eq!(read::<English>(&path).unwrap().games[0].records, vec![record]);
        assert!(read::<Italian>(&path).unwrap_err().contains("English draughts positions"));
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn international_records_hold_fifty_squares() {
        use dama_engine::international::{self, International};
        let path = temp("international");
        let header =
            DataHeader { game: 20, nodes: 100, depth: 0, random_plies: 0, seed: 1, shard: None };
        let position = international::parse_fen("B:W28,33,K46,50:B1,K5,17,23").unwrap();
        let record = Record::<International> { position, score: -75, result: 0 };
        let (mut writer, _) = DataWriter::<International>::open(&path, header).unwrap();
        writer.write_game(&GameBlock { game: 4, records: vec![record] }).unwrap();
        drop(writer);
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 48 + 8 + 28);
        assert_eq!(read::<International>(&path).unwrap().games[0].records, vec![record]);
        std::fs::remove_file(&path).unwrap();
    }
}
