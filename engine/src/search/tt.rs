//! The transposition table: a shared, lock-free hash table of search results.
//!
//! Each entry is two 64-bit words, `check = key ^ data` and `data`; a reader accepts an entry
//! only when `check ^ data` equals its key, so a torn write by another thread is never believed.
//! Entries live in buckets of four (one 64-byte cache line); a store replaces the entry of the
//! same position, or else the one least worth keeping by depth and age.
//!
//! The memory is an anonymous mapping: the operating system hands out zeroed pages only when they
//! are first touched, so making a table of any size is instant and costs no memory up front.
//! Clearing is instant too: each entry carries the table's clear count (its epoch) when it was
//! written, and an entry of another epoch is empty to every probe and store, exactly as a zeroed
//! one. Only when the 16-bit count wraps are the pages really emptied.
//!
//! ```text
//! data bit layout
//!  0..16  move: from (5 bits, square index) | to (5 bits) << 5 | captured-set hash (6 bits) << 10
//! 16..32  score (i16, win/loss relative to the node)
//! 32..40  depth (u8)
//! 40..42  bound (0 none, 1 upper, 2 lower, 3 exact)
//! 42..48  age (6 bits, the search generation)
//! 48..64  epoch (the table's clear count when the entry was written)
//! ```

use crate::score::Score;
use memmap2::MmapMut;
use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Which side of the true score a stored score is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true score is at most the stored one (the node failed low).
    Upper = 1,
    /// The true score is at least the stored one (the node failed high).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

/// A move as the table stores it: enough to find it again in the position's move list.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PackedMove(u16);

impl PackedMove {
    /// A move of any game from 15 bits of its own packing (start, end, a hash of the captures:
    /// [`crate::rules::Rules::pack`]).
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> PackedMove {
        PackedMove(1 << 15 | (bits & 0x7fff))
    }

    /// Whether no move is stored.
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
}

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct TableEntry {
    /// The best move found, if any.
    pub best_move: PackedMove,
    /// The score, relative to the node (convert with `score::from_table`).
    pub score: Score,
    /// The depth it was searched to.
    pub depth: u8,
    /// The kind of bound the score is.
    pub bound: Bound,
}

const BUCKET_ENTRIES: usize = 4;

#[repr(C, align(64))]
struct Bucket {
    words: [AtomicU64; 2 * BUCKET_ENTRIES],
}

/// Why the table could not be sized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSizeError {
    /// The size asked for, in MiB.
    pub mib: usize,
}

impl fmt::Display for TableSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate a transposition table of {} MiB", self.mib)
    }
}

impl std::error::Error for TableSizeError {}

/// The transposition table, shared by all search threads.
pub struct TranspositionTable {
    /// The pages the buckets live in; only ever read and written through `buckets()`.
    memory: MmapMut,
    len: usize,
    age: AtomicU8,
    /// Clears since the pages were last emptied: entries of another epoch are empty.
    epoch: u16,
    /// Whether the pages are huge pages where the system gives them, all touched when made
    /// ([`TranspositionTable::commit`]); fresh pages are committed again.
    committed: bool,
}

/// Tables up to this size are emptied by writing zeros; larger ones get fresh pages.
const CLEAR_IN_PLACE_BYTES: usize = 64 << 20;

impl TranspositionTable {
    /// The largest size accepted, in MiB (1 TiB).
    pub const MAX_MIB: usize = 1 << 20;

    /// The largest table [`TranspositionTable::commit`] commits, in MiB.
    pub const COMMIT_MAX_MIB: usize = 256;

    /// A table of `mib` MiB (at least one bucket). Fails with a clear error when the memory
    /// cannot be had.
    pub fn new(mib: usize) -> Result<TranspositionTable, TableSizeError> {
        let error = TableSizeError { mib };
        if mib > Self::MAX_MIB {
            return Err(error);
        }
        let len = ((mib << 20) / std::mem::size_of::<Bucket>()).max(1);
        let memory = map_zeroed(len).ok_or(error)?;
        Ok(TranspositionTable { memory, len, age: AtomicU8::new(0), epoch: 0, committed: false })
    }

    /// Asks for huge pages (on Linux, where the system gives them) and touches every page now.
    /// A probe then finds its address translation cached far more often (the bench searches in
    /// about 0.9 of the time), but touching costs time once (about 0.13 s for 64 MiB here) and
    /// must happen here, outside any clock: a huge page first touched in the middle of a search
    /// may stall it on memory compaction for over 100 ms (seen as a move lost on time at
    /// move-time 0.05). So a front end commits a table it makes before a game (the Hub at
    /// `init`, analyze, bench), and one made while a clock runs is left as it is. A table larger
    /// than [`TranspositionTable::COMMIT_MAX_MIB`] is left as it is too: committing a few GiB
    /// takes seconds, and a GUI resizing the table must not wait that long.
    pub fn commit(&mut self) {
        if self.size_bytes() > Self::COMMIT_MAX_MIB << 20 {
            return;
        }
        commit_pages(&mut self.memory);
        self.committed = true;
    }

    fn buckets(&self) -> &[Bucket] {
        // SAFETY: the mapping is page-aligned (so 64-byte aligned), holds `len` buckets, and
        // all-zero bytes are valid atomics (empty entries); it is only accessed through atomics.
        unsafe { std::slice::from_raw_parts(self.memory.as_ptr() as *const Bucket, self.len) }
    }

    /// The size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.len * std::mem::size_of::<Bucket>()
    }

    /// Empties the table (a new game) at once: a new epoch leaves every entry written before
    /// it unseen. Once in 65 536 clears the epoch wraps and the pages are really emptied (see
    /// [`TranspositionTable::empty_pages`]).
    pub fn clear(&mut self) {
        self.age.store(0, Ordering::Relaxed);
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.empty_pages();
        }
    }

    /// Empties the pages themselves: a small table is zeroed, a large one gets fresh pages (its
    /// old pages are returned to the operating system).
    fn empty_pages(&mut self) {
        if self.size_bytes() > CLEAR_IN_PLACE_BYTES {
            if let Some(mut fresh) = map_zeroed(self.len) {
                if self.committed {
                    commit_pages(&mut fresh);
                }
                self.memory = fresh;
                return;
            }
        }
        for bucket in self.buckets() {
            for word in &bucket.words {
                word.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search generation: older entries become easier to replace.
    pub fn new_search(&self) {
        let age = self.age.load(Ordering::Relaxed);
        self.age.store((age + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.len as u128) >> 64) as usize;
        &self.buckets()[index]
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a probe soon after does
    /// not wait for memory (a hint: nothing happens where the processor has no such instruction).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch reads nothing and faults on no address; this one is in the table.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    bucket.cast::<i8>(),
                )
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TableEntry> {
        let bucket = self.bucket(key);
        for i in 0..BUCKET_ENTRIES {
            let check = bucket.words[2 * i].load(Ordering::Relaxed);
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            if self.holds(data) && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Whether an entry's data word holds an entry of this epoch (else the entry is empty).
    #[inline(always)]
    fn holds(&self, data: u64) -> bool {
        data != 0 && (data >> 48) as u16 == self.epoch
    }

    /// Stores a search result for `key`.
    pub fn store(&self, key: u64, best_move: PackedMove, score: Score, depth: u8, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..BUCKET_ENTRIES {
            let check = bucket.words[2 * i].load(Ordering::Relaxed);
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            if !self.holds(data) || check ^ data == key {
                if self.holds(data) {
                    let old = unpack(data);
                    // Keep a deeper result of this position unless the new one is exact.
                    if bound != Bound::Exact
                        && old.depth > depth.saturating_add(2)
                        && (data >> 42) as u8 & 63 == age
                    {
                        return;
                    }
                }
                victim = i;
                break;
            }
            let entry_age = (data >> 42) as u8 & 63;
            let stale = (age.wrapping_sub(entry_age) & 63) as i32;
            let worth = unpack(data).depth as i32 - 8 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let mut best = best_move;
        if best.is_none() {
            // Keep the move of an earlier search of the same position.
            let check = bucket.words[2 * victim].load(Ordering::Relaxed);
            let data = bucket.words[2 * victim + 1].load(Ordering::Relaxed);
            if self.holds(data) && check ^ data == key {
                best = PackedMove(data as u16);
            }
        }
        let data = best.0 as u64
            | (score as i16 as u16 as u64) << 16
            | (depth as u64) << 32
            | (bound as u64) << 40
            | (age as u64 & 63) << 42
            | (self.epoch as u64) << 48;
        bucket.words[2 * victim].store(key ^ data, Ordering::Relaxed);
        bucket.words[2 * victim + 1].store(data, Ordering::Relaxed);
    }

    /// How full the table is, in permille of the first thousand entries used by this search.
    pub fn fill_permille(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = self.buckets().iter().take(250);
        let mut used = 0u32;
        let mut seen = 0;
        for bucket in sample {
            for i in 0..BUCKET_ENTRIES {
                let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
                seen += 1;
                if self.holds(data) && (data >> 42) as u8 & 63 == age {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

fn unpack(data: u64) -> TableEntry {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    TableEntry {
        best_move: PackedMove(data as u16),
        score: (data >> 16) as u16 as i16 as Score,
        depth: (data >> 32) as u8,
        bound,
    }
}

/// Zeroed memory for `len` buckets, committed page by page as it is first touched; large
/// mappings ask for transparent huge pages (fewer page faults and TLB misses). `None` when the
/// operating system refuses the mapping.
fn map_zeroed(len: usize) -> Option<MmapMut> {
    let bytes = len.checked_mul(std::mem::size_of::<Bucket>())?;
    let memory = MmapMut::map_anon(bytes).ok()?;
    // No huge-page advice here: see `TranspositionTable::commit`.
    Some(memory)
}

/// Huge-page advice for `memory` (Linux) and a first touch of every huge page's worth of it. A
/// part the system backs with ordinary pages gets only its first page now, and the rest as the
/// search writes it, as ordinary pages: no huge page is ever first touched in a search.
fn commit_pages(memory: &mut MmapMut) {
    #[cfg(target_os = "linux")]
    let _ = memory.advise(memmap2::Advice::HugePage);
    const HUGE_PAGE: usize = 2 << 20;
    for byte in memory.iter_mut().step_by(HUGE_PAGE) {
        *byte = 0;
    }
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TranspositionTable({} buckets)", self.len)
    }
}

#[cfg(test)]
#[path = "tt_tests.rs"]
mod tests;
